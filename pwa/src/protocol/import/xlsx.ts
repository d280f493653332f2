// The .xlsx reader, the twin of sync/importfile/xlsx.go and sheet.go: the first sheet, by the
// package's relationships, read only as far as the import limits need (docs/import.md, "Spreadsheet
// bounds"), with the strict XML check of xml-scan.ts. SheetJS inflates every part whole and reads
// cut-off XML as far as it goes; it still reads old .xls files (read.ts).
import { IMPORT_MESSAGES, ImportError, importMessage } from '@/protocol/import/messages'
import type { SheetRow } from '@/protocol/import/rows'
import { attrValue, attributes, corrupt, decodeText, scanXml, type XmlHandler } from '@/protocol/import/xml-scan'
import { inflate, type ZipEntry, zipEntries } from '@/protocol/import/zip'
import { display, type NumFormat, parseFormat } from '@/protocol/import/numfmt'
import { styles } from '@/protocol/import/styles'
import { hideMerged, mergeRange, unescapeOoxml } from '@/protocol/import/merged'

type Merge = [number, number, number, number]
import { LIMITS, trimSpace } from '@/protocol/rules'

/** A header and one ticket a row: a row numbered past it is refused before it is read. */
export const MAX_SHEET_ROWS = LIMITS.maxTickets + 1
/** The cells kept, counting the blanks before a row's last filled cell; as many shared strings. */
export const MAX_SHEET_CELLS = 16 * MAX_SHEET_ROWS
/** The parts' declared sizes together: 640 bytes of XML for each row. */
export const MAX_INFLATED_BYTES = 640 * MAX_SHEET_ROWS

const MAX_COLUMN = 16_384 // XFD, Excel's last column
const MAX_EXCEL_ROWS = 1_048_576 // Excel's last row: past it a sheet is a bomb
/** The row elements read, empty or not. */
const MAX_ROW_ELEMENTS = 2 * MAX_SHEET_ROWS

export const sheetTooBig = () => new ImportError(importMessage.failed(IMPORT_MESSAGES.sheetTooBig))

/** What a read inflated and read, for the tests of the bounds. */
export interface XlsxStats {
  inflated: number
  rows: number
}

/** A part's name as looked up: a part may be named in another case than its link, or with backslashes. */
export const partKey = (name: string) => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase()

class Pack {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly parts: Map<string, ZipEntry>,
    readonly stats: XlsxStats,
  ) {}

  has(name: string): boolean {
    return this.parts.has(partKey(name))
  }

  async scan(name: string, h: XmlHandler): Promise<void> {
    const entry = this.parts.get(partKey(name))
    if (!entry) throw corrupt()
    const b = await inflate(this.bytes, entry)
    this.stats.inflated += b.length
    scanXml(b, h)
  }
}

const handler = (start: (name: string, attrs: string) => void): XmlHandler => ({ start, end: () => {}, text: () => {} })

function target(dir: string, raw: string): string {
  const t = raw.replace(/\\/g, '/')
  return t.startsWith('/') ? t.slice(1) : normalise(dir === '' ? t : `${dir}/${t}`)
}

function normalise(path: string): string {
  const out: string[] = []
  for (const p of path.split('/')) {
    if (p === '..') out.pop()
    else if (p !== '.' && p !== '') out.push(p)
  }
  return out.join('/')
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '')
const relsOf = (p: string) => normalise(`${dirOf(p)}/_rels/${p.slice(p.lastIndexOf('/') + 1)}.rels`)

async function relationships(pack: Pack, name: string): Promise<{ id: string; type: string; target: string }[]> {
  const out: { id: string; type: string; target: string }[] = []
  await pack.scan(
    name,
    handler((tag, attrs) => {
      if (tag === 'Relationship') out.push({ id: attrValue(attrs, 'Id'), type: attrValue(attrs, 'Type'), target: attrValue(attrs, 'Target') })
    }),
  )
  return out
}

/** The parts a read needs: the sheet, shared strings and styles ('' when none), and the 1904 calendar. */
interface BookParts {
  sheet: string
  shared: string
  styles: string
  date1904: boolean
  /** The worksheets (not chart or macro sheets), in the workbook's order. */
  sheets: { name: string; state: string; part: string }[]
}

/** The workbook's first sheet, its shared strings and styles, by the package's relationships. */
async function firstSheet(pack: Pack): Promise<BookParts> {
  let book = 'xl/workbook.xml'
  if (pack.has('_rels/.rels')) {
    for (const r of await relationships(pack, '_rels/.rels')) if (r.type.endsWith('/officeDocument')) book = target('', r.target)
  }
  const listed: { id: string; name: string; state: string }[] = []
  let date1904 = false
  // As Go's decoding: workbook > workbookPr, and workbook > sheets > sheet (not an extension's).
  const path: string[] = []
  await pack.scan(book, {
    start(tag, attrs) {
      path.push(tag)
      if (path.length === 3 && tag === 'sheet' && path[1] === 'sheets') {
        const all = attributes(attrs)
        const value = (want: (n: string) => boolean) => all.find(([n]) => want(n))?.[1] ?? ''
        listed.push({ id: value((n) => n.endsWith(':id') && n.length > 3), name: value((n) => n === 'name'), state: value((n) => n === 'state') })
      } else if (path.length === 2 && tag === 'workbookPr') date1904 = ['1', 'true'].includes(attrValue(attrs, 'date1904'))
    },
    end() {
      path.pop()
    },
    text() {},
  })
  if (listed.length === 0) throw corrupt()
  const out: BookParts = { sheet: '', shared: '', styles: '', date1904, sheets: [] }
  const worksheets = new Map<string, string>()
  for (const r of await relationships(pack, relsOf(book))) {
    if (r.type.endsWith('/worksheet')) worksheets.set(r.id, target(dirOf(book), r.target))
    else if (r.type.endsWith('/sharedStrings')) out.shared = target(dirOf(book), r.target)
    else if (r.type.endsWith('/styles')) out.styles = target(dirOf(book), r.target)
  }
  // A chart or macro sheet has another relationship: passed over.
  for (const s of listed) {
    const part = worksheets.get(s.id)
    if (part !== undefined) out.sheets.push({ name: s.name, state: s.state, part })
  }
  if (out.sheets.length === 0) throw corrupt()
  out.sheet = out.sheets[0]!.part
  if (out.sheet === '') throw corrupt()
  return out
}

/** The shared strings: each item's text runs together, without its phonetic reading (rPh). */
function sharedStrings(out: string[]): XmlHandler {
  let item = ''
  let inText = false
  let phonetic = 0
  return {
    start(name) {
      if (name === 'si') item = ''
      else if (name === 'rPh') phonetic++
      else if (name === 't') inText = phonetic === 0
    },
    end(name) {
      if (name === 'si') {
        if (out.length === MAX_SHEET_CELLS) throw sheetTooBig() // more strings than a sheet may keep
        out.push(unescapeOoxml(item))
      } else if (name === 'rPh') phonetic--
      else if (name === 't') inText = false
    },
    text(raw, cdata) {
      if (inText) item += decodeText(raw, cdata)
    },
  }
}

/** A row's or cell's 1-based place: its reference's, else the next; going back is a corrupt file. */
function position(ref: string, previous: number, parse: (ref: string) => number | null): number {
  if (ref === '') return previous + 1
  const n = parse(ref)
  if (n === null || n <= previous) throw corrupt()
  return n
}

const rowNumber = (ref: string) => (/^[1-9][0-9]{0,18}$/.test(ref) ? Number(ref) : null)

function cellColumn(ref: string): number | null {
  const m = /^([A-Z]+)[^A-Z]/.exec(ref)
  if (!m) return null
  let n = 0
  for (const c of m[1]!) {
    n = n * 26 + c.charCodeAt(0) - 64
    if (n > MAX_COLUMN) return null
  }
  return n
}

/** A sheet's non-blank rows; a value past MAX_SHEET_ROWS, a row past Excel's last or MAX_SHEET_CELLS end the read with a refusal. */
function sheetRows(sst: string[], rows: SheetRow[], stats: XlsxStats, codes: string[], date1904: boolean, merged: Merge[]): XmlHandler {
  const parsed = new Map<number, NumFormat>()
  let style = 0
  const format = (): NumFormat => {
    const at = style >= 0 && style < codes.length ? style : -1
    let f = parsed.get(at)
    if (f === undefined) {
      f = parseFormat(at >= 0 ? codes[at]! : 'General')
      parsed.set(at, f)
    }
    return f
  }
  let cells = 0
  let line = 0
  let cur: string[] = []
  let col = -1
  let kind = ''
  let value = ''
  let inV = false
  let inIs = 0
  let inT = false
  let phon = 0
  const endCell = () => {
    let v = value
    if (kind === 's') {
      if (trimSpace(v) === '') return // <c t="s"/>: a blank cell
      const i = /^[+-]?[0-9]{1,18}$/.test(v) ? Number(v) : -1
      if (i < 0 || i >= sst.length) throw corrupt()
      v = sst[i]!
    } else if (kind === 'inlineStr') v = unescapeOoxml(v)
    else if (kind === 'b') v = v === '1' ? 'TRUE' : v === '0' ? 'FALSE' : ''
    else if (kind === '' || kind === 'n') v = display(format(), trimSpace(v), date1904)
    if (trimSpace(v) === '') return
    // Only a row that holds a value counts: a whole column formatted writes an empty row 1,048,576.
    if (line > MAX_SHEET_ROWS) throw sheetTooBig()
    const grow = col + 1 - cur.length
    if (grow > 0) {
      if (cells + grow > MAX_SHEET_CELLS) throw sheetTooBig()
      cells += grow
      for (let k = 0; k < grow; k++) cur.push('')
    }
    cur[col] = v
  }
  return {
    start(name, attrs) {
      if (name === 'row') {
        // Empty rows count here alone: room for formatted empty rows, not a bomb of millions.
        if (++stats.rows > MAX_ROW_ELEMENTS) throw sheetTooBig()
        line = position(attrValue(attrs, 'r'), line, rowNumber)
        if (line > MAX_EXCEL_ROWS) throw sheetTooBig()
        cur = []
        col = -1
      } else if (name === 'c') {
        col = position(attrValue(attrs, 'r'), col + 1, cellColumn) - 1
        kind = attrValue(attrs, 't')
        const s = attrValue(attrs, 's')
        style = s === '' ? 0 : /^[+-]?[0-9]{1,18}$/.test(s) ? Number(s) : -1 // no s: the first cell format; else General
        value = ''
      } else if (name === 'v') inV = true
      else if (name === 'is') inIs++
      else if (name === 't') inT = inIs > 0 && phon === 0
      else if (name === 'rPh') phon++
      else if (name === 'mergeCell') {
        const m = mergeRange(attrValue(attrs, 'ref'), cellColumn, MAX_EXCEL_ROWS)
        if (m !== null) merged.push(m)
      }
    },
    end(name) {
      if (name === 'row') {
        if (cur.length > 0) rows.push({ line, cells: cur })
        cur = []
      } else if (name === 'c') endCell()
      else if (name === 'v') inV = false
      else if (name === 'is') inIs--
      else if (name === 't') inT = false
      else if (name === 'rPh') phon--
    },
    text(raw, cdata) {
      if (inV || inT) value += decodeText(raw, cdata) // a value, or an inline string's runs (not their indentation)
    },
  }
}

/** The first visible worksheet's non-blank rows as Excel shows them; stats counts what it read. */
export async function readXlsx(bytes: Uint8Array, stats: XlsxStats = { inflated: 0, rows: 0 }): Promise<SheetRow[]> {
  return (await readXlsxSheet(bytes, 0, stats)).rows
}

/** The worksheets the organiser sees in Excel (not hidden), or the first when every one is hidden. */
const visible = (sheets: BookParts['sheets']) => {
  const shown = sheets.filter((s) => s.state !== 'hidden' && s.state !== 'veryHidden')
  return shown.length > 0 ? shown : sheets.slice(0, 1)
}

/** Visible worksheet number `sheet` (from 0; the first when out of range), and the visible worksheets' names. */
export async function readXlsxSheet(bytes: Uint8Array, sheet: number, stats: XlsxStats = { inflated: 0, rows: 0 }): Promise<{ rows: SheetRow[]; sheets: string[] }> {
  const parts = new Map<string, ZipEntry>()
  let total = 0
  for (const e of zipEntries(bytes)) {
    total += Math.min(e.size, MAX_INFLATED_BYTES + 1)
    if (total > MAX_INFLATED_BYTES) throw sheetTooBig()
    if (!parts.has(partKey(e.name))) parts.set(partKey(e.name), e)
  }
  const pack = new Pack(bytes, parts, stats)
  const book = await firstSheet(pack)
  const shown = visible(book.sheets)
  const chosen = shown[sheet] ?? shown[0]!
  const sst: string[] = []
  if (book.shared !== '') await pack.scan(book.shared, sharedStrings(sst))
  const codes: string[] = []
  if (book.styles !== '' && pack.has(book.styles)) await pack.scan(book.styles, styles(codes))
  const rows: SheetRow[] = []
  const merged: Merge[] = []
  await pack.scan(chosen.part, sheetRows(sst, rows, stats, codes, book.date1904, merged))
  const kept = hideMerged(rows, merged, 4 * MAX_SHEET_CELLS)
  if (kept === false) throw sheetTooBig()
  return { rows: kept, sheets: shown.map((s) => s.name) }
}
