// CSV as Excel in Portuguese opens it: ';' between fields (',' is the decimal mark there), a UTF-8
// BOM so accents survive, CRLF line ends. Fields holding ; " or a line break are quoted; a text
// starting with = + - @ gets a leading apostrophe so a spreadsheet never runs it as a formula.
// Ticket numbers are written ="001": Excel's General format would read a bare 001 as the number 1;
// the formula gives back the text (the import reads it back as 001). Phones are written the same
// way ="+55 11 91234-5678": with the apostrophe a '+' text would get, Excel shows the apostrophe.

import { isDigits } from '@/lib/ticket-numbers'

// A shown phone: '+', digits, spaces, hyphens and the mask's dots; nothing that could end the string.
const PHONE = /^\+[\d \-•]+$/

function field(value: string | number | null, keepText: boolean): string {
  if (value === null) return ''
  // Digits (or a phone) only, so the formula holds nothing but the text.
  if (keepText && typeof value === 'string' && (isDigits(value) || PHONE.test(value))) return `="${value}"`
  let s = String(value)
  if (typeof value === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** `textColumns`: the columns whose all-digit texts must stay texts in Excel (ticket numbers, phones). */
export function toExcelCsv(rows: readonly (readonly (string | number | null)[])[], textColumns: ReadonlySet<number> = new Set()): string {
  return '\uFEFF' + rows.map((row) => row.map((v, i) => field(v, textColumns.has(i))).join(';')).join('\r\n') + '\r\n'
}
