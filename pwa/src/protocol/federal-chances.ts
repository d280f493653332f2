// Each ticket's chance at the 1st place under a Loteria Federal rule, for a closed list
// (docs/draw-algorithm.md §12.2a): in words ('Cada bilhete tem 1 chance em 71.'), or the rule refused
// (federal_rule_unequal) when one ticket would have more than 1 % (relative) more chance than
// another. The same as sync/draw/federal_chances.go, against the same vectors.
import type { DrawTicket } from '@/protocol/draw'
import { checkRule, numbered, RULE_FINAL, RULE_REMAINDER, ruleDigits, type FederalRule } from '@/protocol/federal'
import { FederalError } from '@/protocol/federal-reasons'

const ZEROS = ['00000', '00000', '00000', '00000', '00000']

/** pt-BR thousands: 60.000 */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')

/** A ticket's chance at the 1st place in words, for n tickets. */
export function chanceText(n: number, exact = true): string {
  return `Cada bilhete tem ${exact ? '' : 'cerca de '}1 chance em ${thousands(n)}.`
}

/** count in 10^k as a pt-BR percentage, exactly ('30 %', '99,7 %', '0,001 %'). */
function percent(count: number, k: number): string {
  const s = String(count * 100).padStart(k + 1, '0')
  const whole = s.slice(0, s.length - k)
  const frac = s.slice(s.length - k).replace(/0+$/, '')
  return `${whole}${frac ? `,${frac}` : ''} %`
}

/**
 * Under the final and units rules a ticket takes the 1st place for every formed number from just
 * above the ticket below it up to its own (the lowest also for those above the highest); under the
 * remainder rule every ticket has one remainder in n. The list's own refusals come first. Throws a
 * FederalError.
 */
export function federalChances(rule: FederalRule, pool: readonly DrawTicket[]): string {
  checkRule(rule, ZEROS)
  const byValue = numbered(pool)
  const k = ruleDigits(rule, byValue)
  const n = byValue.length
  if (rule.kind === RULE_REMAINDER || n === 0) return chanceText(n)
  const space = 10 ** k
  const counts: number[] = []
  let prev = -1
  for (const t of byValue) {
    const v = Number(t.value)
    counts.push(v - prev)
    prev = v
  }
  counts[0]! += space - 1 - prev
  let top = 0
  let bottom = 0
  counts.forEach((c, i) => {
    if (c > counts[top]!) top = i
    if (c < counts[bottom]!) bottom = i
  })
  const hi = counts[top]!
  const lo = counts[bottom]!
  if (100 * hi <= 101 * lo) return chanceText(n, hi === lo)
  const alike = counts.every((c, i) => i === top || c === lo)
  const outros = alike ? `cada um dos outros, ${percent(lo, k)}` : `o bilhete ${byValue[bottom]!.number}, ${percent(lo, k)}`
  throw new FederalError('federal_rule_unequal', { numero: byValue[top]!.number, chance: percent(hi, k), outros })
}

/**
 * The rule a raffle gets when it chooses the Loteria Federal: 'Final do 1º prêmio' when it gives this
 * list's tickets the same chance (the list fills the finals' range), otherwise the remainder rule,
 * equal for any list.
 */
export function defaultFederalRule(pool: readonly DrawTicket[]): FederalRule {
  const final = { kind: RULE_FINAL, digits: 0 }
  try {
    federalChances(final, pool)
    return pool.length > 0 ? final : { kind: RULE_REMAINDER, digits: 0 }
  } catch {
    return { kind: RULE_REMAINDER, digits: 0 }
  }
}

/**
 * The chance in words for a closed list: from its tickets when known (empty for a list closed, before
 * the 1 % check, under a rule unequal for it), else from its size: exact under the remainder rule,
 * 'cerca de' under the others (they passed the 1 % check when the list closed).
 */
export function listChance(rule: FederalRule, pool: readonly DrawTicket[] | undefined, size: number): string {
  if (!pool) return rule.kind === RULE_REMAINDER ? chanceText(size) : chanceText(size, false)
  try {
    return federalChances(rule, pool)
  } catch {
    return ''
  }
}
