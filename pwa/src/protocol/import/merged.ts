// Excel's escapes in strings and the values merged ranges hide: the twin of sync/importfile/merged.go.
import type { SheetRow } from '@/protocol/import/rows'
import { trimSpace } from '@/protocol/rules'

/** The character of an _xHHHH_ at s[i], or null. */
function hexEscape(s: string, i: number): number | null {
  if (i + 7 > s.length || s[i] !== '_' || s[i + 1] !== 'x' || s[i + 6] !== '_') return null
  const hex = s.slice(i + 2, i + 6)
  return /^[0-9A-Fa-f]{4}$/.test(hex) ? parseInt(hex, 16) : null
}

/**
 * Excel's escapes of characters XML cannot hold (_x000D_ is a carriage return, _x005F_ a literal _),
 * then line ends as XML reads them. A surrogate pair is two escapes; a lone surrogate is U+FFFD.
 */
export function unescapeOoxml(s: string): string {
  if (!s.includes('_x')) return s
  let out = ''
  for (let i = 0; i < s.length;) {
    let r = hexEscape(s, i)
    if (r === null) {
      out += s[i]
      i++
      continue
    }
    i += 7
    if (r >= 0xd800 && r <= 0xdfff) {
      const low = hexEscape(s, i)
      if (low !== null && r < 0xdc00 && low >= 0xdc00 && low <= 0xdfff) {
        r = 0x10000 + ((r - 0xd800) << 10) + (low - 0xdc00)
        i += 7
      } else r = 0xfffd
    }
    out += String.fromCodePoint(r)
  }
  return out.includes('\r') ? out.replace(/\r\n?/g, '\n') : out
}

/** A merged range's top, left, bottom and right (1-based) from its reference ('A1:B2'); else null. */
export function mergeRange(ref: string, cellColumn: (ref: string) => number | null, maxRow: number): [number, number, number, number] | null {
  const parts = ref.split(':')
  if (parts.length < 2) return null
  const a = cellRef(parts[0]!, cellColumn, maxRow)
  const b = cellRef(parts.slice(1).join(':'), cellColumn, maxRow)
  if (a === null || b === null || b[1] < a[1] || b[0] < a[0]) return null
  return [a[1], a[0], b[1], b[0]]
}

function cellRef(ref: string, cellColumn: (ref: string) => number | null, maxRow: number): [number, number] | null {
  const m = /^[A-Z]*/.exec(ref)!
  const digits = ref.slice(m[0].length)
  const col = cellColumn(ref)
  if (col === null || !/^[1-9][0-9]{0,18}$/.test(digits) || Number(digits) > maxRow) return null
  return [col, Number(digits)]
}

/**
 * The rows without the values merged ranges hide (all but a range's top-left cell's), as Excel shows
 * the sheet, without rows left blank; false when the merges would visit more than `limit` rows and cells.
 */
export function hideMerged(rows: SheetRow[], merged: [number, number, number, number][], limit: number): SheetRow[] | false {
  if (merged.length === 0) return rows
  let work = 0
  for (const [top, left, bottom, right] of merged) {
    let lo = 0
    let hi = rows.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (rows[mid]!.line >= top) hi = mid
      else lo = mid + 1
    }
    for (let i = lo; i < rows.length && rows[i]!.line <= bottom; i++) {
      if (++work > limit) return false // the row's visit
      const cells = rows[i]!.cells
      for (let c = left - 1; c < right && c < cells.length; c++) {
        if (++work > limit) return false
        if (rows[i]!.line !== top || c !== left - 1) cells[c] = ''
      }
    }
  }
  const kept: SheetRow[] = []
  for (const r of rows) {
    let n = r.cells.length
    while (n > 0 && trimSpace(r.cells[n - 1]!) === '') n--
    if (n > 0) kept.push({ line: r.line, cells: r.cells.slice(0, n) })
  }
  return kept
}
