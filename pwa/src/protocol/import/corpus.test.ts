// The corpus (sync/testdata/import/corpus, README.md there): real files from public test suites, read
// by the TypeScript reader, which must give the rows the Go reader gives (expected.json's readers, the
// same digest as Go's TestCorpus), and compared with SheetJS's displayed text: the first cell where
// they differ is listed in expected.json's sheetjs (docs/import.md lists the kinds). With
// SORTEIO_WRITE_FIXTURES=1 the sheetjs list is written again.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { detectKind } from '@/protocol/import/detect'
import { ImportError } from '@/protocol/import/messages'
import type { SheetRow } from '@/protocol/import/rows'
import { readXlsx } from '@/protocol/import/xlsx'

const dir = resolve(__dirname, '../../../../sync/testdata/import/corpus')
const expectedPath = resolve(dir, 'expected.json')
const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as { readers: Record<string, string>; sheetjs?: Record<string, string> }
const files = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(resolve(dir, d.name)).map((f) => `${d.name}/${f}`))
  .filter((f) => f.endsWith('.xlsx'))
  .sort()

/** Rows as Go's corpusDigest writes them: line, tab, cells joined by U+001F, rows by \n; 16 hex digits. */
function digest(rows: SheetRow[]): string {
  const text = rows.map((r) => `${r.line}\t${r.cells.join('\x1f')}`).join('\n')
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16)
}

async function ours(name: string, bytes: Uint8Array): Promise<{ rows: SheetRow[] | null; digest: string }> {
  try {
    if (detectKind(name, bytes) !== 'xlsx') return { rows: null, digest: 'refused: xls' }
    const rows = await readXlsx(bytes)
    return { rows, digest: digest(rows) }
  } catch (e) {
    if (e instanceof ImportError) return { rows: null, digest: `refused: ${e.message}` }
    throw e
  }
}

const trimEnd = (cells: string[]) => {
  let n = cells.length
  while (n > 0 && cells[n - 1]!.trim() === '') n--
  return cells.slice(0, n)
}

/** SheetJS's displayed text of the first visible worksheet, non-blank rows with their line; null when it cannot read it. */
function sheetjsRows(bytes: Uint8Array): SheetRow[] | null {
  let book: XLSX.WorkBook
  try {
    book = XLSX.read(bytes, { type: 'array', cellDates: false, sheetRows: 100_002 })
  } catch {
    return null
  }
  const hidden = book.Workbook?.Sheets ?? []
  // The first visible worksheet (not a chart sheet), as ours reads it.
  const name = book.SheetNames.find((n, i) => !hidden[i]?.Hidden && (book.Sheets[n] as { '!type'?: string } | undefined)?.['!type'] !== 'chart')
  const sheet = name === undefined ? undefined : book.Sheets[name]
  if (!sheet?.['!ref']) return []
  const { s: start } = XLSX.utils.decode_range(sheet['!ref']!)
  const all = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: true, defval: '' })
  const rows: SheetRow[] = []
  all.forEach((cells, i) => {
    // sheet_to_json starts at the range's first row and column: put them back at their place.
    const texts = trimEnd([...Array<string>(start.c).fill(''), ...cells.map((c) => (c === null || c === undefined ? '' : String(c)))])
    if (texts.length > 0) rows.push({ line: start.r + i + 1, cells: texts })
  })
  return rows
}

const columnName = (i: number): string => {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}
const short = (s: string) => ([...s].length > 40 ? `${[...s].slice(0, 40).join('')}…` : s)

/** The first cell where two reads differ, as Go's firstDifference writes it; '' when none. */
function firstDifference(a: SheetRow[], b: SheetRow[]): string {
  const mine = new Map(a.map((r) => [r.line, r.cells]))
  const theirs = new Map(b.map((r) => [r.line, r.cells]))
  const lines = [...new Set([...mine.keys(), ...theirs.keys()])].sort((x, y) => x - y)
  for (const line of lines) {
    const x = mine.get(line) ?? []
    const y = theirs.get(line) ?? []
    for (let c = 0; c < Math.max(x.length, y.length); c++) {
      const p = x[c] ?? ''
      const q = y[c] ?? ''
      if (p.trim() !== q.trim()) return `${columnName(c)}${line}: ours ${JSON.stringify(short(p))}, theirs ${JSON.stringify(short(q))}`
    }
  }
  return ''
}

describe('corpus', () => {
  const differences: Record<string, string> = {}
  it('has at least 200 files', () => expect(files.length).toBeGreaterThanOrEqual(200))
  for (const name of files) {
    it(name, async () => {
      const bytes = new Uint8Array(readFileSync(resolve(dir, name)))
      const read = await ours(name, bytes)
      // The same rows as the Go reader, or the same refusal.
      expect(read.digest).toBe(expected.readers[name])
      const theirs = read.rows === null ? null : sheetjsRows(bytes)
      const d = theirs === null ? '' : firstDifference(read.rows!, theirs)
      if (d !== '') differences[name] = d
      if (process.env.SORTEIO_WRITE_FIXTURES !== '1') expect(d).toBe(expected.sheetjs?.[name] ?? '')
    })
  }
  it('lists every difference from SheetJS', () => {
    if (process.env.SORTEIO_WRITE_FIXTURES === '1') {
      writeFileSync(expectedPath, `${JSON.stringify({ ...expected, sheetjs: differences }, null, 1)}\n`)
      return
    }
    expect(Object.keys(expected.sheetjs ?? {}).sort()).toEqual(Object.keys(differences).sort())
  })
})
