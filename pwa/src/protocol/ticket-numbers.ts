// The ticket-number rule of a ticket raffle, as the server applies it (sync/protocol/ticket_numbers.go;
// both are tested against sync/testdata/tickets/numbers.json). A number names one ticket: one the
// raffle holds, or one sent twice, is refused; a ticket without one gets the highest all-digit
// number plus one, zero-padded to 3 digits. Numbers compare as text ('7' and '007' are two).
import { RuleError } from '@/protocol/rules'

export const NUMBER_WIDTH = 3

const isDigits = (s: string) => /^[0-9]+$/.test(s)

/** a < b by value, for digit strings of any length. */
function numericLess(a: string, b: string): boolean {
  const x = a.replace(/^0+/, '')
  const y = b.replace(/^0+/, '')
  return x.length !== y.length ? x.length < y.length : x < y
}

/** The all-digit number of highest value, or '' when there is none. */
export function highestNumber(numbers: Iterable<string>): string {
  let best = ''
  for (const n of numbers) if (isDigits(n) && (best === '' || numericLess(best, n))) best = n
  return best
}

/** The number after `highest` ('' gives '001'). */
export function nextNumber(highest: string): string {
  const digits = highest.replace(/^0+/, '').split('')
  let i = digits.length - 1
  for (; i >= 0 && digits[i] === '9'; i--) digits[i] = '0'
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1)
  else digits.unshift('1')
  return digits.join('').padStart(NUMBER_WIDTH, '0')
}

export const takenText = (number: string) => `Já existe o bilhete ${number} neste sorteio.`

/**
 * Fills in and checks the numbers of one op's tickets (`null` = none given). `existing` are the
 * numbers the raffle holds. Throws RuleError('ticket_number_taken') naming the number.
 */
export function numberTickets<T extends { ticket_number?: string | null }>(tickets: T[], existing: ReadonlySet<string>): T[] {
  const seen = new Set<string>()
  let highest = highestNumber(existing)
  for (const t of tickets) {
    const n = t.ticket_number
    if (n == null) continue
    if (seen.has(n) || existing.has(n)) throw new RuleError('ticket_number_taken', 'ticketNumber', takenText(n))
    seen.add(n)
    if (isDigits(n) && (highest === '' || numericLess(highest, n))) highest = n
  }
  return tickets.map((t) => {
    if (t.ticket_number != null) return t
    highest = nextNumber(highest)
    return { ...t, ticket_number: highest }
  })
}
