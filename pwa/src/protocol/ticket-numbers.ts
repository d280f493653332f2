// The ticket-number rule of a ticket raffle, as the server applies it (sync/protocol/ticket_numbers.go;
// both are tested against sync/testdata/tickets/numbers.json). A number names one ticket: one the
// raffle holds, or one sent twice, is refused; a ticket without one gets the highest all-digit
// number plus one, zero-padded to 3 digits, marked provisional. Numbers compare as text ('7' and
// '007' are two).
import { compareDigitNumbers, digitValue, highestNumber, isDigits } from '@/lib/ticket-numbers'
import { RuleError } from '@/protocol/rules'

export const NUMBER_WIDTH = 3

/** The number after `highest` ('' gives '001'). */
export function nextNumber(highest: string): string {
  const digits = digitValue(highest).split('')
  let i = digits.length - 1
  for (; i >= 0 && digits[i] === '9'; i--) digits[i] = '0'
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1)
  else digits.unshift('1')
  return digits.join('').padStart(NUMBER_WIDTH, '0')
}

export const takenText = (number: string) => `Já existe o bilhete ${number} neste sorteio.`

type Numbered = { ticket_number?: string | null; provisional?: boolean }

/**
 * Fills in and checks the numbers of one op's tickets (`null` = none given). `existing` are the
 * numbers the raffle holds. Typed numbers claim theirs first; a provisional one (the device chose
 * it) that is taken, or claimed before it in the op, gets the next free number instead of being
 * refused. A number filled in here is marked provisional: the server may give another on a clash.
 * Throws RuleError('ticket_number_taken') naming a taken typed number.
 */
export function numberTickets<T extends Numbered>(tickets: T[], existing: ReadonlySet<string>): T[] {
  const seen = new Set<string>()
  // '' while there is none: what nextNumber starts from.
  let highest = highestNumber([...existing]) ?? ''
  const claim = (n: string) => {
    seen.add(n)
    if (isDigits(n) && (highest === '' || compareDigitNumbers(highest, n) < 0)) highest = n
  }
  for (const t of tickets) {
    const n = t.ticket_number
    if (n == null || t.provisional) continue
    if (seen.has(n) || existing.has(n)) throw new RuleError('ticket_number_taken', 'ticketNumber', takenText(n))
    claim(n)
  }
  const kept = tickets.map((t) => {
    const n = t.ticket_number
    if (n == null || !t.provisional) return n ?? null
    if (seen.has(n) || existing.has(n)) return null
    claim(n)
    return n
  })
  return tickets.map((t, i) => {
    const n = kept[i]
    if (n != null) return t
    highest = nextNumber(highest)
    return { ...t, ticket_number: highest, provisional: true }
  })
}
