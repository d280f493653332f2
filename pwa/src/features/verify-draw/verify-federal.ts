// Recomputes a Loteria Federal round of the public record (docs/draw-algorithm.md §12) with the
// app's own rule (protocol/federal.ts): the closed list's size and digest, then the winners from the
// five prizes as the organiser entered them. The reader still compares those five with Caixa's
// published result of the concurso: the page names Caixa's results page and never fetches it.
import { canonical, poolDigest, type DrawTicket } from '@/protocol/draw'
import { FEDERAL_ALGORITHM, FEDERAL_ALGORITHM_V1, federal, RULE_REMAINDER } from '@/protocol/federal'
import { FederalError } from '@/protocol/federal-reasons'
import type { AuditRound } from '@/features/verify-draw/audit-record'
import { describeTicket, type RoundCheck } from '@/features/verify-draw/verify-record'

export async function verifyFederalRound(round: AuditRound, drawnFrom: readonly DrawTicket[], step: () => Promise<void>): Promise<RoundCheck> {
  const f = round.federal!
  const problems: string[] = []
  const pool = canonical(drawnFrom)
  if (pool.length !== round.pool_size) problems.push(`A lista fechada tem ${pool.length} bilhete(s), mas o registro diz ${round.pool_size}.`)
  const digest = await poolDigest(pool)
  if (digest !== round.pool_digest.toLowerCase()) problems.push('A impressão digital (SHA-256) da lista não confere com a publicada quando ela foi fechada.')
  await step()
  let winners: string[] | null = null
  let lines: string[] | null = null
  if (f.algorithm !== FEDERAL_ALGORITHM && f.algorithm !== FEDERAL_ALGORITHM_V1) {
    problems.push(`Algoritmo da Loteria Federal desconhecido: ${f.algorithm}.`)
  } else if (f.algorithm === FEDERAL_ALGORITHM_V1 && f.rule.kind === RULE_REMAINDER) {
    // Version 1 had two rules: a record of it naming a later one is not what it computed.
    problems.push(`A regra ${f.rule.kind} não existe em ${FEDERAL_ALGORITHM_V1}.`)
  } else {
    try {
      const steps = federal(f.rule, f.prizes, pool, round.winners_count, round.allow_duplicate_wins).steps
      winners = steps.map((s) => s.ticket.id)
      lines = steps.map((s) => s.line)
      const byId = new Map(pool.map((t) => [t.id, t]))
      if (winners.length !== round.winners.length) problems.push(`O registro tem ${round.winners.length} vencedor(es), o cálculo dá ${winners.length}.`)
      else
        winners.forEach((id, i) => {
          const recorded = round.winners[i]!
          if (recorded !== id) problems.push(`${round.positions[i] ?? i + 1}º lugar: o registro diz ${describeTicket(recorded, byId)}, o cálculo dá ${describeTicket(id, byId)}.`)
        })
    } catch (e) {
      if (!(e instanceof FederalError)) throw e
      problems.push(`A regra da Loteria Federal não se aplica: ${e.message}`)
    }
  }
  await step()
  await step()
  return {
    ok: problems.length === 0,
    problems,
    clientCommitment: null,
    serverCommitment: null,
    seed: null,
    poolSize: pool.length,
    poolDigest: digest,
    winners,
    alternates: [],
    federalLines: lines,
  }
}
