// The phone rule (docs/api.md, "Phone numbers"), the twin of sync/protocol/phone.go: a participant's
// phone is stored in E.164. Brazilian numbers may be typed as people write them ('(11) 91234-5678',
// with 55, the trunk 0 or 0 and a carrier code); they need a real area code and a 9-digit mobile
// starting with 9 or an 8-digit landline starting with 2 to 5. Other countries only in E.164 ('+' and
// 8 to 15 digits). sync/testdata/text/phones.json holds the cases both are tested with.
import { lineForbidden, trimSpace } from '@/protocol/text'

export type PhoneFault = 'empty' | 'invalid' | 'area' | 'number'

export const MAX_PHONE_INPUT = 40
const MAX_INPUT = MAX_PHONE_INPUT
const LONE_SURROGATE = /\p{Cs}/u
const ALLOWED = /^\+?[0-9 ().-]*$/
const BR_AREAS = new Set(
  (
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 ' +
    '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'
  ).split(' '),
)

type Result = { phone: string; fault: null } | { phone: null; fault: PhoneFault }
const refuse = (fault: PhoneFault): Result => ({ phone: null, fault })

function brazilian(d: string): Result {
  if (d.length !== 10 && d.length !== 11) return refuse('number')
  if (!BR_AREAS.has(d.slice(0, 2))) return refuse('area')
  const sub = d.slice(2)
  const mobile = sub.length === 9 && sub[0] === '9'
  const landline = sub.length === 8 && sub[0]! >= '2' && sub[0]! <= '5'
  if (!mobile && !landline) return refuse('number')
  return { phone: '+55' + d, fault: null }
}

/** The phone rule: the number in E.164, or why it is refused. */
export function normalizePhone(input: string): Result {
  let s = trimSpace(input)
  if (s === '') return refuse('empty')
  if (LONE_SURROGATE.test(s) || new TextEncoder().encode(s).length > 4 * MAX_INPUT) return refuse('invalid')
  // Full-width digits (from some keyboards) are digits.
  s = s.normalize('NFKC')
  if (!ALLOWED.test(s) || Array.from(s).length > MAX_INPUT) return refuse('invalid')
  const d = s.replace(/[^0-9]/g, '')
  if (s.startsWith('+')) {
    if (d.startsWith('55')) return brazilian(d.slice(2))
    if (d.length < 8 || d.length > 15 || d[0] === '0') return refuse('number')
    return { phone: '+' + d, fault: null }
  }
  if (d === '') return refuse('number')
  if (d[0] === '0' && (d.length === 11 || d.length === 12)) return brazilian(d.slice(1)) // the trunk 0
  if (d[0] === '0' && (d.length === 13 || d.length === 14)) return brazilian(d.slice(3)) // 0 and a carrier
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return brazilian(d.slice(2))
  return brazilian(d)
}

/** How a stored number is shown: '+55 11 91234-5678' for Brazil, E.164 for other countries. */
export function formatPhone(e164: string): string {
  if (!e164.startsWith('+55') || (e164.length !== 13 && e164.length !== 14)) return e164
  const area = e164.slice(3, 5)
  const sub = e164.slice(5)
  const cut = sub.length - 4
  return `+55 ${area} ${sub.slice(0, cut)}-${sub.slice(cut)}`
}

/**
 * A participant's phone as stored: '' when none, or E.164. What the text rule refuses is text_invalid,
 * as in every other field; a number the phone rule refuses is invalid_phone. The import's phone column
 * goes through this too.
 */
export function participantPhone(input: string): { phone: string } | { reason: 'text_invalid' | 'invalid_phone' } {
  if (lineForbidden(trimSpace(input))) return { reason: 'text_invalid' }
  const { phone, fault } = normalizePhone(input)
  if (fault === 'empty') return { phone: '' }
  return phone === null ? { reason: 'invalid_phone' } : { phone }
}

/** The digits a search or a wa.me link compares: '+55 (11) 9…' and '11 9…' both search as digits. */
export const phoneDigits = (s: string): string => s.replace(/[^0-9]/g, '')

/**
 * A number for a file the organiser shares: the country and area codes and the last 4 digits kept,
 * the rest as '•' ('+55 11 •••••-5678'), enough to tell people apart and not to call them.
 */
export function maskPhone(e164: string): string {
  const shown = formatPhone(e164)
  const keep = shown.startsWith('+55 ') ? 7 : Math.min(4, shown.length - 4)
  const tail = shown.length - 4
  return shown.slice(0, keep) + shown.slice(keep, tail).replace(/[0-9]/g, '•') + shown.slice(tail)
}
