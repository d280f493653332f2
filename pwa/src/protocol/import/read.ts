// Reads an import file's bytes into a plan. Runs in the import Worker (and in tests): .xlsx by
// xlsx.ts; SheetJS is loaded only for old .xls files, and only when an import starts.
import Papa from 'papaparse'
import { decodeText, type Delimiter, detectDelimiter, detectKind, type FileKind, type TextEncodingName } from '@/protocol/import/detect'
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import type { ImportChoice } from '@/protocol/import/columns'
import { type ImportPlan, type ImportTarget, planImport, type SheetRow } from '@/protocol/import/rows'
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS, readXlsxSheet, sheetTooBig } from '@/protocol/import/xlsx'
import { trimSpace } from '@/protocol/rules'

/** A file's rows, before any plan: the Worker keeps them to plan again when the columns change. */
export interface ImportRows {
  kind: FileKind
  /** CSV only. */
  encoding: TextEncodingName | null
  delimiter: Delimiter | null
  rows: SheetRow[]
  /** An .xlsx's visible worksheets (the person may choose another) and the one read; else [] and 0. */
  sheets: string[]
  sheet: number
}

export interface ImportRead extends Omit<ImportRows, 'rows'> {
  plan: ImportPlan
}

/** A cell written ="001" (the export's tickets, so Excel keeps their zeros) reads as its text, 001. */
function excelText(s: string): string {
  return s.length >= 3 && s.startsWith('="') && s.endsWith('"') ? s.slice(2, -1).replace(/""/g, '"') : s
}

/** A CSV's rows. PapaParse keeps blank lines as [''] so a row's index is its line (see docs/import.md). */
export function csvRows(text: string, delimiter: Delimiter): SheetRow[] {
  // Every line end as LF, as the server reads them: CRLF, and CR alone (classic Mac OS, Excel 2011).
  const lines = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
  const parsed = Papa.parse<string[]>(lines, { delimiter, newline: '\n', skipEmptyLines: false, dynamicTyping: false })
  return parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map(excelText) }))
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return String(v)
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  return String(v)
}

/**
 * An old .xls's first sheet, with SheetJS in dense mode, from the cells it holds (never the range the
 * file claims), within the same bounds as an .xlsx; its errors become the spec's message.
 */
export async function xlsRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const XLSX = await import('@e965/xlsx')
  let data: unknown[][]
  try {
    const book = XLSX.read(bytes, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, sheets: 0, sheetRows: MAX_SHEET_ROWS + 1 })
    const first = book.SheetNames[0]
    const sheet = first === undefined ? undefined : book.Sheets[first]
    if (!sheet) return []
    data = ((sheet as { '!data'?: { v?: unknown }[][] })['!data'] ?? []).map((row) => (row ?? []).map((c) => c?.v))
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err)
    const reason = /password|encrypt/i.test(text) ? IMPORT_MESSAGES.password : IMPORT_MESSAGES.corrupt
    throw new ImportError(importMessage.failed(reason))
  }
  const rows: SheetRow[] = []
  let kept = 0
  data.forEach((cells, i) => {
    const texts = Array.from(cells ?? [], cellText)
    let width = texts.length
    while (width > 0 && trimSpace(texts[width - 1]!) === '') width--
    kept += width
    // Only a row that holds a value counts (a whole column formatted writes an empty last row).
    if (kept > MAX_SHEET_CELLS || (width > 0 && i + 1 > MAX_SHEET_ROWS)) throw sheetTooBig()
    if (width > 0) rows.push({ line: i + 1, cells: texts.slice(0, width) })
  })
  return rows
}

/** The file's rows: an .xlsx's visible worksheet number `sheet` (the first by default). */
export async function readRows(fileName: string, bytes: Uint8Array, sheet = 0): Promise<ImportRows> {
  const kind = detectKind(fileName, bytes)
  if (kind === 'csv') {
    const { text, encoding } = decodeText(bytes)
    const delimiter = detectDelimiter(text)
    return { kind, encoding, delimiter, rows: csvRows(text, delimiter), sheets: [], sheet: 0 }
  }
  if (kind === 'xls') return { kind, encoding: null, delimiter: null, rows: await xlsRows(bytes), sheets: [], sheet: 0 }
  const book = await readXlsxSheet(bytes, sheet)
  return { kind, encoding: null, delimiter: null, rows: book.rows, sheets: book.sheets, sheet: Math.max(0, Math.min(sheet, book.sheets.length - 1)) }
}

export async function readImport(fileName: string, bytes: Uint8Array, target: ImportTarget, choice: ImportChoice = {}): Promise<ImportRead> {
  const { rows, ...file } = await readRows(fileName, bytes)
  return { ...file, plan: planImport(rows, target, choice) }
}
