// A number cell reads as Excel shows it under its number format (docs/import.md, "Numbers and
// dates"): General as 3, not 3.0, a long whole number never in exponent form, '000' as 003, dates as
// Excel in Portuguese shows them. The twin of sync/importfile/numfmt.go; both run
// sync/testdata/import/numfmt.json.
import { formatDate } from '@/protocol/import/datefmt'
import { formatDigits, generalNumber } from '@/protocol/import/digits'

/** The format ids a file may use without writing their code, as Excel in Portuguese shows them. */
const BUILTIN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '"R$ "#,##0;\\-"R$ "#,##0',
  6: '"R$ "#,##0;[Red]\\-"R$ "#,##0',
  7: '"R$ "#,##0.00;\\-"R$ "#,##0.00',
  8: '"R$ "#,##0.00;[Red]\\-"R$ "#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'dd/mm/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'dd/mm/yyyy hh:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  41: '_-* #,##0_-;\\-* #,##0_-;_-* "-"_-;_-@_-',
  42: '_-"R$ "* #,##0_-;\\-"R$ "* #,##0_-;_-"R$ "* "-"_-;_-@_-',
  43: '_-* #,##0.00_-;\\-* #,##0.00_-;_-* "-"??_-;_-@_-',
  44: '_-"R$ "* #,##0.00_-;\\-"R$ "* #,##0.00_-;_-"R$ "* "-"??_-;_-@_-',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
}

/** A built-in or the file's own format id's code; ids Excel leaves to the locale (East Asian dates) are dates. */
export function formatCode(id: number, own: Map<number, string>): string {
  const c = own.get(id) ?? BUILTIN[id]
  if (c !== undefined) return c
  if ((id >= 27 && id <= 36) || (id >= 50 && id <= 81)) return 'dd/mm/yyyy'
  return 'General'
}

export type TokKind = 'literal' | 'digit' | 'point' | 'comma' | 'percent' | 'exp' | 'fraction' | 'general' | 'text' | 'date'

/** A literal's text, a digit's placeholder, a date part ('yyyy', '[h]', 'am/pm'). */
export interface Token {
  kind: TokKind
  text: string
}

interface Section {
  toks: Token[]
  kinds: Set<TokKind>
}

export type NumFormat = Section[]

/** A code's sections, split at ; outside quotes and brackets. */
function splitSections(code: string): string[] {
  const out: string[] = []
  let start = 0
  let quoted = false
  let bracket = false
  for (let i = 0; i < code.length; i++) {
    const c = code[i]
    if (c === '\\' && !quoted) i++
    else if (c === '"') quoted = !quoted
    else if (quoted) continue
    else if (c === '[') bracket = true
    else if (c === ']') bracket = false
    else if (c === ';' && !bracket) {
      out.push(code.slice(start, i))
      start = i + 1
    }
  }
  out.push(code.slice(start))
  return out
}

const isDigitPlaceholder = (c: string) => c === '0' || c === '#' || c === '?'

/** One section's tokens; a date part's letters are lower case. */
function tokenize(s: string): Token[] {
  const out: Token[] = []
  const lit = (text: string) => out.push({ kind: 'literal', text })
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!
    const lower = s.slice(i, i + 7).toLowerCase()
    if (c === '"') {
      let j = s.indexOf('"', i + 1)
      if (j < 0) j = s.length
      lit(s.slice(i + 1, j))
      i = j
    } else if (c === '\\' || c === '_' || c === '*') {
      if (i + 1 < s.length) {
        if (c === '\\') lit(s[i + 1]!)
        else if (c === '_') lit(' ')
        i++
      }
    } else if (c === '[') {
      let j = s.indexOf(']', i)
      if (j < 0) j = s.length - 1
      const inner = s.slice(i + 1, j).toLowerCase()
      if (inner !== '' && /^[hms]+$/.test(inner) && inner.split('').every((x) => x === inner[0])) out.push({ kind: 'date', text: `[${inner[0]}]` })
      else if (inner.startsWith('$')) lit(s.slice(i + 2, j).split('-')[0]!)
      i = j
    } else if (lower.startsWith('general')) {
      out.push({ kind: 'general', text: '' })
      i += 6
    } else if (lower.startsWith('am/pm')) {
      out.push({ kind: 'date', text: 'am/pm' })
      i += 4
    } else if (lower.startsWith('a/p')) {
      out.push({ kind: 'date', text: 'a/p' })
      i += 2
    } else if (isDigitPlaceholder(c)) out.push({ kind: 'digit', text: c })
    else if (c === '.') out.push({ kind: 'point', text: '.' })
    else if (c === ',') out.push({ kind: 'comma', text: ',' })
    else if (c === '%') out.push({ kind: 'percent', text: '%' })
    else if (c === '/') out.push({ kind: 'fraction', text: '/' })
    else if (c === '@') out.push({ kind: 'text', text: '' })
    else if ((c === 'E' || c === 'e') && (s[i + 1] === '+' || s[i + 1] === '-')) {
      out.push({ kind: 'exp', text: s.slice(i, i + 2) })
      i++
    } else if ('ymdhsYMDHS'.includes(c)) {
      let j = i
      while (j < s.length && s[j]!.toLowerCase() === c.toLowerCase()) j++
      out.push({ kind: 'date', text: s.slice(i, j).toLowerCase() })
      i = j - 1
    } else lit(c)
  }
  return out
}

export function parseFormat(code: string): NumFormat {
  return splitSections(code).map((raw) => {
    let sec = raw
    const lower = sec.toLowerCase()
    // Excel's system long date and time, as Windows in Portuguese writes them.
    if (lower.includes('[$-f800]')) sec = 'dddd, d \\d\\e mmmm \\d\\e yyyy'
    else if (lower.includes('[$-f400]')) sec = 'h:mm:ss'
    else if (sec.trim() === '') sec = 'General'
    const toks = tokenize(sec)
    return { toks, kinds: new Set(toks.map((t) => t.kind)) }
  })
}

const PLAIN_NUMBER = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/

/** The section's literals with v in place of its General or @. */
function withLiterals(toks: Token[], v: string): string {
  let out = ''
  let placed = false
  for (const t of toks) {
    if (t.kind === 'literal') out += t.text
    else if ((t.kind === 'general' || t.kind === 'text') && !placed) {
      out += v
      placed = true
    }
  }
  return placed ? out : v + out
}

/** A number cell's value as Excel shows it under f; a value that is not a plain number stays as written. */
export function display(f: NumFormat, raw: string, date1904: boolean): string {
  if (!PLAIN_NUMBER.test(raw)) return raw
  let x = Number(raw)
  if (!Number.isFinite(x)) return raw
  let sec = f[0]!
  let signed = true
  if (x < 0 && f.length >= 2) {
    sec = f[1]!
    signed = false
    x = -x
  } else if (x === 0 && f.length >= 3) sec = f[2]!
  const k = sec.kinds
  if (k.has('date')) return formatDate(x, sec.toks, date1904)
  if (k.has('fraction')) return generalNumber(x)
  if ((k.has('general') || k.has('text')) && !k.has('digit')) return withLiterals(sec.toks, generalNumber(x))
  if (!k.has('digit')) return withLiterals(sec.toks, '')
  return formatDigits(x, sec.toks, signed)
}

export const displayNumber = (raw: string, code: string, date1904: boolean) => display(parseFormat(code), raw, date1904)
