// The public ata's input: the raffle's public state (masked e-mails, counts, description) and its
// audit record (the rounds' seeds and commitments). The organiser's e-mail is not public, so this
// ata leaves it out; the organiser's own (from the draw tab) carries it.
import type { AuditExport } from '@/features/verify-draw/audit-record'
import type { AtaAlternateInput, AtaInput } from '@/protocol/ata'
import { deviceTimesOf } from '@/protocol/device-time'
import { listChance } from '@/protocol/federal-chances'
import { prizesByIndex } from '@/protocol/prizes'
import type { PublicState } from '@/protocol/public-state'

export function publicAtaInput(state: PublicState, record: AuditExport, origin: string): AtaInput {
  const { raffle } = state
  return {
    raffle: { code: raffle.code, title: raffle.title, description: raffle.description, type: raffle.type, status: raffle.status },
    organiserEmail: null,
    counts: state.counts,
    algorithm: record.algorithm,
    rounds: record.draws.map((r, i) => ({
      id: r.draw_id ?? `rodada-${i + 1}`,
      round: r.round ?? i + 1,
      kind: r.kind,
      positions: r.positions,
      online: r.online,
      startedAt: r.started_at,
      completedAt: r.completed_at,
      poolSize: r.pool_size,
      poolDigest: r.pool_digest,
      clientCommitment: r.client_commitment,
      clientSeed: r.client_seed,
      serverCommitment: r.server_commitment ?? null,
      serverSeed: r.server_seed ?? null,
      federal: r.federal !== undefined,
      replacedAt: r.replaced_at ?? null,
      device: deviceTimesOf(r),
    })),
    roundOpen: state.round !== null,
    winners: state.winners.map((w) => ({
      position: w.position,
      roundId: w.round_id,
      name: w.name,
      ticketNumber: w.ticket_number,
      email: w.email,
      valid: w.valid,
      invalidatedAt: w.invalidated_at,
      // A called alternate's drawn_at is the time of the call.
      promotedAt: w.promoted === true ? w.drawn_at : null,
    })),
    winnersCount: raffle.winners_count,
    // The record's prizes are those of the draw; the state's are today's (the same once drawn).
    prizes: prizesByIndex(record.prizes.length > 0 ? record.prizes : raffle.prizes, raffle.winners_count),
    alternates: alternatesInput(state, record),
    verifyUrl: `${origin}/sorteio/${raffle.code}/verificar`,
    federal: federalOf(record),
  }
}

/**
 * The alternates as viewers see them (masked e-mails), each with the place and time of its call
 * from the record's promotions (the record is what the verification page checks); none printed
 * for a raffle drawn without them.
 */
function alternatesInput(state: PublicState, record: AuditExport): AtaAlternateInput[] | undefined {
  const alternates = state.alternates ?? []
  if (alternates.length === 0) return undefined
  const ids = record.draws.find((r) => r.kind === 'draw')?.alternates ?? []
  return alternates.map((a) => {
    const call = record.promotions.find((p) => p.ticket_id === ids[a.rank - 1])
    return {
      rank: a.rank,
      name: a.name,
      ticketNumber: a.ticket_number,
      email: a.email,
      usedFor: call?.position ?? a.called_to ?? null,
      usedAt: call?.promoted_at ?? null,
    }
  })
}

/** The Loteria Federal's statement from the record's round, with the lines it publishes. */
function federalOf(record: AuditExport): AtaInput['federal'] {
  const rounds = record.draws.filter((r) => r.federal)
  // The result in force is the one no correction replaced; the replaced ones are listed with it.
  const f = (rounds.filter((r) => !r.replaced_by && !r.replaced_at).at(-1) ?? rounds.at(-1))?.federal
  if (!f) return undefined
  const replaced = rounds.filter((r) => r.replaced_by || r.replaced_at).map((r) => ({ at: r.replaced_at ?? 0, prizes: r.federal!.prizes }))
  const first = rounds[0]!
  const chance = listChance(f.rule, first.pool, first.pool_size)
  return { concurso: f.concurso, extractionAt: f.extraction_at, rule: f.rule.kind, digits: f.rule.digits, chance, prizes: f.prizes, lines: f.steps ?? [], replaced }
}
