// Reads an import file's bytes into a plan. Runs in the import Worker (and in tests): SheetJS is
// loaded only for spreadsheets, and only when an import starts.
import Papa from 'papaparse'
import { decodeText, type Delimiter, detectDelimiter, detectKind, type FileKind, type TextEncodingName } from '@/protocol/import/detect'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import { type ImportPlan, type ImportTarget, planImport, type SheetRow } from '@/protocol/import/rows'

export interface ImportRead {
  kind: FileKind
  /** CSV only. */
  encoding: TextEncodingName | null
  delimiter: Delimiter | null
  plan: ImportPlan
}

/** A CSV's rows. PapaParse keeps blank lines as [''] so a row's index is its line (see docs/import.md). */
export function csvRows(text: string, delimiter: Delimiter): SheetRow[] {
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false, dynamicTyping: false })
  return parsed.data.map((cells, i) => ({ line: i + 1, cells }))
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  return String(v)
}

/** The first sheet's rows, with SheetJS in dense mode; its errors become the spec's message. */
export async function spreadsheetRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const XLSX = await import('@e965/xlsx')
  let rows: unknown[][]
  try {
    const book = XLSX.read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false })
    const first = book.SheetNames[0]
    const sheet = first === undefined ? undefined : book.Sheets[first]
    if (!sheet) return []
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true })
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err)
    const reason = /password|encrypt/i.test(text) ? IMPORT_MESSAGES.password : IMPORT_MESSAGES.corrupt
    throw new ImportError(importMessage.failed(reason))
  }
  return rows.map((cells, i) => ({ line: i + 1, cells: cells.map(cellText) }))
}

export async function readImport(fileName: string, bytes: Uint8Array, target: ImportTarget): Promise<ImportRead> {
  const kind = detectKind(fileName, bytes)
  if (kind === 'csv') {
    const { text, encoding } = decodeText(bytes)
    const delimiter = detectDelimiter(text)
    return { kind, encoding, delimiter, plan: planImport(csvRows(text, delimiter), target) }
  }
  return { kind, encoding: null, delimiter: null, plan: planImport(await spreadsheetRows(bytes), target) }
}
