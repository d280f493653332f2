// 'Resto da divisão pelo número de bilhetes' (loteria-federal-v2, docs/draw-algorithm.md §12.2):
// the five prizes one after the other (25 digits); each place takes, among the tickets still
// eligible sorted by number, the one whose position (from 0) is that number's remainder when divided
// by how many they are. The same as sync/draw/federal_remainder.go, against the same vectors.
import type { FederalStep, Valued } from '@/protocol/federal'

/** The winners under the remainder rule; a winner leaves the list, and without duplicates so does its person. */
export function walkRemainder(byValue: readonly Valued[], formed: string, count: number, allowDuplicates: boolean): FederalStep[] {
  let eligible = [...byValue]
  const steps: FederalStep[] = []
  for (let position = 1; position <= count; position++) {
    const n = eligible.length
    const r = remainder(formed, n)
    const t = eligible[r]!
    const head = position === 1 ? `Prêmios do 1º ao 5º em sequência: ${formed}` : n > 1 ? `Restam ${n} bilhetes` : 'Resta 1 bilhete'
    steps.push({ position, ticket: t.ticket, line: `${head} → resto da divisão por ${n}: ${r} → ${r + 1}º de ${n} → bilhete ${t.number}` })
    eligible = eligible.filter((o) => o.ticket.id !== t.ticket.id && (allowDuplicates || o.ticket.group_id !== t.ticket.group_id))
  }
  return steps
}

/** The decimal number `digits` (any length) modulo n, digit by digit: r*10+9 stays below 10n. */
export function remainder(digits: string, n: number): number {
  let r = 0
  for (let i = 0; i < digits.length; i++) r = (r * 10 + digits.charCodeAt(i) - 48) % n
  return r
}
