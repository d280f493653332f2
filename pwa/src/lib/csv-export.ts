// CSV as Excel in Portuguese opens it: ';' between fields (',' is the decimal mark there), a UTF-8
// BOM so accents survive, CRLF line ends. Fields holding ; " or a line break are quoted; a text
// starting with = + - @ gets a leading apostrophe so a spreadsheet never runs it as a formula.

function field(value: string | number | null): string {
  if (value === null) return ''
  let s = String(value)
  if (typeof value === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function toExcelCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(field).join(';')).join('\r\n') + '\r\n'
}
