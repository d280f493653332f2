// The Loteria Federal rules, algorithm "loteria-federal-v2" (docs/draw-algorithm.md §12): the
// winners follow from the five prizes of a published extraction and the list closed before it, with
// no seed. The same function as the server's (sync/draw/federal.go), tested against the same vectors
// (sync/testdata/draw/federal.json), so the device can show the winners offline.
import type { DrawTicket } from '@/protocol/draw'
import { FederalError } from '@/protocol/federal-reasons'
import { walkRemainder } from '@/protocol/federal-remainder'
import { compareDigitValues, digitValue, isDigits } from '@/lib/ticket-numbers'

/** The current version; version 1 had the final and units rules only. */
export const FEDERAL_ALGORITHM = 'loteria-federal-v2'
export const FEDERAL_ALGORITHM_V1 = 'loteria-federal-v1'

/** 'Final do 1º prêmio': the last digits of the 1st prize. */
export const RULE_FINAL = 'final-1-premio'
/** 'Unidades dos cinco prêmios': the units digit of the 1st to the 5th prize, from the 1st down. */
export const RULE_UNITS = 'unidades-5-premios'
/**
 * 'Resto da divisão pelo número de bilhetes' (loteria-federal-v2): the five prizes one after the
 * other, divided by the count of tickets still eligible; the remainder is a position in them, sorted
 * by number. Equal for any list.
 */
export const RULE_REMAINDER = 'resto-5-premios'

/** The version a round under the rule is recorded with: the first that has the rule. */
export function federalAlgorithmOf(kind: string): string {
  return kind === RULE_REMAINDER ? FEDERAL_ALGORITHM : FEDERAL_ALGORITHM_V1
}

/** A rule and its digits: 0 means, for RULE_FINAL, the digits of the highest ticket; RULE_UNITS reads 5. */
export interface FederalRule {
  kind: string
  digits: number
}

/** One winner and the line that shows how it follows from the prizes. */
export interface FederalStep {
  position: number
  ticket: DrawTicket
  line: string
}

/** The number the rule formed, with its digits ("0366"), and the winners in position order. */
export interface FederalResult {
  formed: string
  steps: FederalStep[]
}

/** A ticket and the number it stands for: its digits without leading zeros ("0366" is 366). */
export interface Valued {
  ticket: DrawTicket
  number: string
  value: string
}

/**
 * Applies a rule to the five prizes (as Caixa publishes them) and the closed list: the first winner
 * is the ticket with the formed number or the next above it, wrapping to the lowest; each next
 * position takes the next ticket after the previous winner, skipping tickets that already won and,
 * without duplicates, tickets of a person who already won. Bad input throws a FederalError.
 */
export function federal(rule: FederalRule, prizes: readonly string[], pool: readonly DrawTicket[], count: number, allowDuplicates: boolean): FederalResult {
  checkRule(rule, prizes)
  const byValue = numbered(pool)
  const k = ruleDigits(rule, byValue)
  if (count > byValue.length) throw new FederalError('not_enough_tickets')
  if (!allowDuplicates && count > new Set(byValue.map((t) => t.ticket.group_id)).size) throw new FederalError('not_enough_people')
  if (rule.kind === RULE_REMAINDER) {
    const formed = prizes.join('')
    return { formed, steps: walkRemainder(byValue, formed, count, allowDuplicates) }
  }
  const [formed, formation] = formedNumber(rule.kind, k, prizes)
  return { formed, steps: walk(byValue, formed, formation, count, allowDuplicates) }
}

export function checkRule(rule: FederalRule, prizes: readonly string[]): void {
  if (rule.kind === RULE_FINAL) {
    if (!Number.isInteger(rule.digits) || rule.digits < 0 || rule.digits > 5) throw new FederalError('federal_digits_invalid')
  } else if (rule.kind === RULE_UNITS) {
    if (rule.digits !== 0 && rule.digits !== 5) throw new FederalError('federal_digits_invalid')
  } else if (rule.kind === RULE_REMAINDER) {
    if (rule.digits !== 0) throw new FederalError('federal_digits_invalid')
  } else {
    throw new FederalError('federal_rule_unknown')
  }
  if (prizes.length !== 5) throw new FederalError('federal_prizes_count', { quantidade: String(prizes.length) })
  prizes.forEach((p, i) => {
    if (p.length !== 5 || !isDigits(p)) throw new FederalError('federal_prize_invalid', { posicao: String(i + 1), valor: p })
  })
}

const byteCompare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Every ticket numbered with digits only, no two standing for one number, sorted by number. */
export function numbered(pool: readonly DrawTicket[]): Valued[] {
  // Canonical (id) order first, so every implementation names the same ticket in a message.
  const byId = [...pool].sort((a, b) => byteCompare(a.id, b.id))
  const out: Valued[] = byId.map((ticket) => {
    const number = ticket.ticket_number
    if (number === null) throw new FederalError('federal_ticket_unnumbered')
    if (!isDigits(number)) throw new FederalError('federal_ticket_not_numeric', { numero: number })
    return { ticket, number, value: digitValue(number) }
  })
  out.sort((a, b) => compareDigitValues(a.value, b.value)) // stable: one number's tickets stay in id order
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.value === out[i - 1]!.value) {
      throw new FederalError('federal_ticket_repeated', { numero: out[i - 1]!.number, outro: out[i]!.number })
    }
  }
  return out
}

/** How many digits the rule reads, refusing a list whose highest number needs more (the remainder rule: any, 0). */
export function ruleDigits(rule: FederalRule, byValue: readonly Valued[]): number {
  if (rule.kind === RULE_REMAINDER) return 0
  const last = byValue.at(-1)
  const needed = last ? last.value.length : 1
  const k = rule.kind === RULE_UNITS ? 5 : rule.digits || Math.min(needed, 5)
  if (needed > k) {
    throw new FederalError('federal_digits_short', { algarismos: String(k), numero: last?.number ?? '', necessarios: String(needed) })
  }
  return k
}

/**
 * The ticket numbers an add brings to a raffle that draws by the Loteria Federal, against the numbers
 * it holds (sync/draw/federal_add.go FederalAdded): the list's own checks over the new tickets only,
 * the first failure winning. Each new number all digits, in the add's order; none of the value of a
 * held number or of one before it (the earlier one named first; of two held numbers of one value,
 * kept from before the rule, the first by text); the highest new one within the rule's digits. Held
 * numbers are not judged: the close refuses a list the rule cannot read. Throws a FederalError.
 */
export function federalAdded(rule: FederalRule, held: Iterable<string>, added: readonly string[]): void {
  for (const n of added) if (!isDigits(n)) throw new FederalError('federal_ticket_not_numeric', { numero: n })
  // The remainder rule reads positions: numbers of any length.
  const reaches = rule.kind !== RULE_REMAINDER
  const first = new Map<string, string>()
  for (const n of held) {
    if (!isDigits(n)) continue
    const v = digitValue(n)
    const known = first.get(v)
    if (known === undefined || n < known) first.set(v, n)
  }
  let top: string | null = null
  for (const n of added) {
    const v = digitValue(n)
    const earlier = first.get(v)
    if (earlier !== undefined) throw new FederalError('federal_ticket_repeated', { numero: earlier, outro: n })
    first.set(v, n)
    if (top === null || compareDigitValues(top, n) < 0) top = n
  }
  // Digits 0 reads as many digits as the highest number has, up to 5.
  const reach = rule.kind === RULE_UNITS || rule.digits === 0 ? 5 : rule.digits
  const needed = top === null ? 0 : digitValue(top).length
  if (reaches && top !== null && needed > reach) {
    throw new FederalError('federal_digits_short', { algarismos: String(reach), numero: top, necessarios: String(needed) })
  }
}

function formedNumber(kind: string, k: number, prizes: readonly string[]): [string, string] {
  if (kind === RULE_FINAL) {
    const formed = prizes[0]!.slice(5 - k)
    return [formed, `1º prêmio ${prizes[0]} → final ${formed}`]
  }
  const formed = prizes.map((p) => p[4]).join('')
  return [formed, `Unidades do 1º ao 5º prêmio: ${prizes.join(', ')} → ${formed}`]
}

/** The winners; every number has at most 5 digits here, so they compare as integers. */
function walk(byValue: readonly Valued[], formed: string, formation: string, count: number, allowDuplicates: boolean): FederalStep[] {
  const nums = byValue.map((t) => Number(t.value))
  const target = Number(formed)
  const steps: FederalStep[] = []
  const wonTicket = new Set<string>()
  const wonGroup = new Set<string>()
  let prev = 0
  for (let position = 1; position <= count; position++) {
    let j: number
    let line: string
    if (position === 1) {
      j = lowerBound(nums, target)
      line = formation
      if (j === nums.length) {
        j = 0
        line += ` → sem bilhete ${formed} nem acima, volta ao menor`
      } else if (nums[j] !== target) {
        line += ` → sem bilhete ${formed}, próximo acima`
      }
    } else {
      line = `Depois do bilhete ${byValue[prev]!.number}`
      for (j = prev + 1; ; j++) {
        if (j === byValue.length) {
          j = 0
          line += ' → volta ao menor'
        }
        const t = byValue[j]!
        if (wonTicket.has(t.ticket.id)) line += ` → pula ${t.number} (já premiado)`
        else if (!allowDuplicates && wonGroup.has(t.ticket.group_id)) line += ` → pula ${t.number} (pessoa já premiada)`
        else break
      }
    }
    const t = byValue[j]!
    line += ` → bilhete ${t.number}`
    steps.push({ position, ticket: t.ticket, line })
    wonTicket.add(t.ticket.id)
    wonGroup.add(t.ticket.group_id)
    prev = j
  }
  return steps
}

/** The first index whose number is at or above target (nums.length when none is). */
function lowerBound(nums: readonly number[], target: number): number {
  let lo = 0
  let hi = nums.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (nums[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return lo
}
