// The digits of a number format (the twin of the digits half of sync/importfile/numfmt.go): numbers
// to 15 significant digits as Excel keeps them, rounded half up, placeholders 0 # ? filled.
import type { Token } from '@/protocol/import/numfmt'

/** x ≥ 0 to 15 significant digits: the digits and the count of whole digits. */
function digits15(x: number): [string[], number] {
  const [mant, exp] = x.toExponential(14).split('e') as [string, string]
  return [(mant[0]! + mant.slice(2)).split(''), Number(exp) + 1]
}

/** x ≥ 0 rounded half up to n decimals: its whole part without leading zeros ('' for 0) and n decimals. */
function fixed(x: number, n: number): [string, string] {
  let [d, point] = digits15(x)
  const keep = point + n
  if (keep < 0) return ['', '0'.repeat(n)]
  if (keep < d.length) {
    let up = d[keep]! >= '5'
    d = d.slice(0, keep)
    for (let i = d.length - 1; up && i >= 0; i--) {
      if (d[i] === '9') d[i] = '0'
      else {
        d[i] = String.fromCharCode(d[i]!.charCodeAt(0) + 1)
        up = false
      }
    }
    if (up) {
      d.unshift('1')
      point++
    }
  } else d = d.concat('0'.repeat(keep - d.length).split(''))
  if (point < 0) {
    d = '0'.repeat(-point).split('').concat(d)
    point = 0
  }
  const s = d.join('')
  return [s.slice(0, point).replace(/^0+/, ''), s.slice(point)]
}

export const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

/** General: up to 15 significant digits, never in exponent form between 1e-9 and 1e21 (a phone, a long ticket). */
export function generalNumber(x: number): string {
  if (x === 0) return '0'
  let sign = ''
  if (x < 0) {
    sign = '-'
    x = -x
  }
  const [d, point] = digits15(x)
  const ds = d.join('').replace(/0+$/, '')
  if (point > 21 || point < -8) {
    const out = ds.length > 1 ? `${ds[0]}.${ds.slice(1)}` : ds
    const e = point - 1
    return e < 0 ? `${sign}${out}E-${pad2(-e)}` : `${sign}${out}E+${pad2(e)}`
  }
  if (point > 0 && ds.length <= point) return sign + ds + '0'.repeat(point - ds.length)
  let out = point <= 0 ? `0.${'0'.repeat(-point)}${ds}` : `${ds.slice(0, point)}.${ds.slice(point)}`
  // Excel's General shows at most 11 characters in a standard column: a fraction is rounded to fit
  // (a whole number is never cut).
  if (out.length > GENERAL_WIDTH) {
    const [whole, frac] = fixed(x, Math.max(0, GENERAL_WIDTH - 1 - out.indexOf('.')))
    const decimals = frac.replace(/0+$/, '')
    out = (whole === '' ? '0' : whole) + (decimals === '' ? '' : `.${decimals}`)
  }
  return sign + out
}

/** The characters Excel's General shows in a standard column. */
const GENERAL_WIDTH = 11

const emptyDigit = (p: string) => (p === '0' ? '0' : p === '?' ? ' ' : '')

function grouped(digits: string): string {
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ','
    out += digits[i]
  }
  return out
}

/** Digits right to left into the placeholders at, the first taking any left (with grouping commas). */
function fillWhole(out: string[], toks: Token[], at: number[], digits: string): void {
  for (let k = at.length - 1; k >= 0; k--) {
    const p = toks[at[k]!]!.text
    if (k === 0 && digits !== '') out[at[k]!] = digits
    else if (digits !== '') {
      let n = digits.length - 1
      if (digits[n] === ',' && n > 0) n-- // a grouping comma travels with its digit
      out[at[k]!] = digits.slice(n)
      digits = digits.slice(0, n)
    } else out[at[k]!] = emptyDigit(p)
  }
}

/** The decimals left to right; trailing zeros show only under 0. */
function fillFrac(out: string[], toks: Token[], at: number[], digits: string): void {
  let last = -1
  at.forEach((i, k) => {
    if (digits[k] !== '0' || toks[i]!.text === '0') last = k
  })
  at.forEach((i, k) => {
    out[i] = k <= last ? digits[k]! : emptyDigit(toks[i]!.text)
  })
}

const onlyCommasBetween = (toks: Token[], from: number, to: number) => toks.slice(from + 1, to).every((t) => t.kind === 'comma')

/** x with a section of digit placeholders. */
export function formatDigits(x: number, toks: Token[], signed: boolean): string {
  const neg = x < 0
  if (neg) x = -x
  const whole: number[] = []
  const frac: number[] = []
  const exp: number[] = []
  let point = -1
  let expAt = -1
  let group = false
  let lastWhole = -1
  toks.forEach((t, i) => {
    if (t.kind === 'percent') x *= 100
    else if (t.kind === 'point' && point < 0 && expAt < 0) point = i
    else if (t.kind === 'exp' && expAt < 0) expAt = i
    else if (t.kind === 'digit' && expAt >= 0) exp.push(i)
    else if (t.kind === 'digit' && point >= 0) frac.push(i)
    else if (t.kind === 'digit') {
      whole.push(i)
      lastWhole = i
    }
  })
  toks.forEach((t, i) => {
    if (t.kind !== 'comma' || (point >= 0 && i > point) || (expAt >= 0 && i > expAt)) return
    if (whole.length > 0 && i > whole[0]! && i < lastWhole) group = true
    else if (lastWhole >= 0 && i > lastWhole && onlyCommasBetween(toks, lastWhole, i)) x /= 1000
  })
  let e = 0
  if (expAt >= 0 && x !== 0) {
    e = digits15(x)[1] - 1
    x /= pow10(e)
    if (fixed(x, frac.length)[0].length > 1) {
      x /= 10
      e++
    }
  }
  const [digits, fracPart] = fixed(x, frac.length)
  const intPart = group ? grouped(digits) : digits
  const out = toks.map((t) => (t.kind === 'literal' ? t.text : ''))
  fillWhole(out, toks, whole, intPart)
  fillFrac(out, toks, frac, fracPart)
  if (point >= 0) out[point] = '.'
  toks.forEach((t, i) => {
    if (t.kind === 'percent') out[i] = '%'
  })
  if (expAt >= 0) {
    const sign = e < 0 ? '-' : toks[expAt]!.text[1] === '+' ? '+' : ''
    out[expAt] = toks[expAt]!.text[0]! + sign
    fillWhole(out, toks, exp, String(Math.abs(e)).replace(/^0+/, ''))
  }
  const s = out.join('')
  return neg && signed && (intPart + fracPart).replace(/[0,]/g, '') !== '' ? `-${s}` : s
}

function pow10(e: number): number {
  let p = 1
  for (; e > 0; e--) p *= 10
  for (; e < 0; e++) p /= 10
  return p
}
