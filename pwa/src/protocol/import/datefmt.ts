// Dates and times of a number format, as Excel in Portuguese shows them: the twin of
// sync/importfile/datefmt.go.
import { generalNumber, pad2 } from '@/protocol/import/digits'
import type { Token } from '@/protocol/import/numfmt'

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro']
const DAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']

/** The date of days since 1970-01-01 (H. Hinnant's algorithm). */
function civil(days: number): [number, number, number] {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp + 3 > 12 ? mp - 9 : mp + 3
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d]
}

const padN = (v: number, n: number) => (n >= 2 ? pad2(v) : String(v))

/** An m that is minutes: after an hour or before a second (the nearest date part either side). */
function minutesAt(toks: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0; k--) {
    if (toks[k]!.kind === 'date') {
      if (toks[k]!.text[0] === 'h' || toks[k]!.text === '[h]') return true
      break
    }
  }
  for (let k = i + 1; k < toks.length; k++) {
    if (toks[k]!.kind === 'date') return toks[k]!.text[0] === 's' || toks[k]!.text === '[s]'
  }
  return false
}

const weekdayOf = (u: number) => ((u % 7) + 11) % 7 // 1970-01-01 was a Thursday

/**
 * serial (days since Excel's epoch, the fraction the time of day, rounded to the second) with a date
 * section. Excel's 1900 calendar has a 29 February 1900 (serial 60); a negative serial stays a number.
 */
export function formatDate(serial: number, toks: Token[], date1904: boolean): string {
  if (serial < 0 || serial >= 2958466) return generalNumber(serial)
  let days = Math.floor(serial)
  let secs = Math.round((serial - days) * 86400)
  if (secs >= 86400) {
    days++
    secs -= 86400
  }
  let y: number, mo: number, d: number, weekday: number
  if (date1904) {
    ;[y, mo, d] = civil(days - 24107)
    weekday = weekdayOf(days - 24107)
  } else if (days === 60) [y, mo, d, weekday] = [1900, 2, 29, 3]
  else if (days === 0) [y, mo, d, weekday] = [1900, 1, 0, 6]
  else {
    const u = days - 25569 + (days < 60 ? 1 : 0)
    ;[y, mo, d] = civil(u)
    weekday = weekdayOf(u)
  }
  const h = Math.floor(secs / 3600)
  const mi = Math.floor(secs / 60) % 60
  const s = secs % 60
  const twelve = toks.some((t) => t.kind === 'date' && (t.text === 'am/pm' || t.text === 'a/p'))
  let out = ''
  toks.forEach((t, i) => {
    if (t.kind === 'digit') out += '0'
    else if (t.kind === 'point') out += '.'
    else if (t.kind !== 'date') out += t.text
    else {
      const n = t.text.length
      switch (t.text[0]) {
        case 'y':
          out += n <= 2 ? pad2(y % 100) : String(y)
          break
        case 'm':
          if (minutesAt(toks, i)) out += padN(mi, n)
          else if (n <= 2) out += padN(mo, n)
          else if (n === 3) out += MONTHS[mo - 1]!.slice(0, 3)
          else if (n === 5) out += MONTHS[mo - 1]!.slice(0, 1)
          else out += MONTHS[mo - 1]
          break
        case 'd':
          out += n <= 2 ? padN(d, n) : n === 3 ? DAYS[weekday]!.slice(0, 3) : DAYS[weekday]
          break
        case 'h':
          out += padN(twelve ? ((h + 11) % 12) + 1 : h, n)
          break
        case 's':
          out += padN(s, n)
          break
        case '[':
          out += t.text[1] === 'h' ? String(days * 24 + h) : t.text[1] === 'm' ? String((days * 24 + h) * 60 + mi) : String(days * 86400 + secs)
          break
        case 'a':
          out += t.text === 'a/p' ? (h < 12 ? 'A' : 'P') : h < 12 ? 'AM' : 'PM'
      }
    }
  })
  return out
}
