// The organiser's ata from this device's own tables: it needs no connection. E-mails are whole
// here; buildAta masks them as the public projection does.
import type { AlternateDetails, DrawOverview, WinnerDetails } from '@/db/draw-queries'
import type { RaffleRow } from '@/db/schema'
import type { AtaAlternateInput, AtaInput } from '@/protocol/ata'
import { listChance } from '@/protocol/federal-chances'
import { ALGORITHM } from '@/protocol/draw'
import { prizesByIndex } from '@/protocol/prizes'

export function organiserAtaInput(raffle: RaffleRow, overview: DrawOverview, counts: AtaInput['counts'], organiserEmail: string, origin: string): AtaInput {
  return {
    raffle,
    organiserEmail,
    counts,
    algorithm: ALGORITHM,
    rounds: overview.rounds.flatMap((r) =>
      r.state === 'completed' && r.completedAt !== null
        ? [
            {
              id: r.id,
              round: r.round ?? null,
              kind: r.kind,
              positions: r.positions,
              online: r.offline !== true,
              startedAt: r.startedAt,
              completedAt: r.completedAt,
              poolSize: r.poolSize,
              poolDigest: r.poolDigest,
              clientCommitment: r.clientCommitment,
              clientSeed: r.clientSeed,
              serverCommitment: r.serverCommitment,
              serverSeed: r.serverSeed,
              federal: r.method === 'federal',
              replacedAt: r.replacedAt ?? null,
              device: r.device ?? null,
            },
          ]
        : [],
    ),
    roundOpen: overview.rounds.some((r) => r.state === 'open' || r.state === 'revealing'),
    winners: overview.winners.map((w) => ({
      position: w.position,
      roundId: w.drawId,
      name: w.name,
      ticketNumber: w.ticketNumber,
      email: w.email,
      valid: w.isValid,
      invalidatedAt: w.invalidatedAt,
      promotedAt: w.promotedAt ?? null,
    })),
    winnersCount: raffle.winnersCount,
    prizes: prizesByIndex(raffle.prizes, raffle.winnersCount),
    // A raffle drawn without alternates prints no 'Suplentes' section.
    alternates: overview.alternates.length > 0 ? overview.alternates.map((a) => alternateInput(a, overview.winners)) : undefined,
    verifyUrl: `${origin}/sorteio/${raffle.code}/verificar`,
    federal: federalOf(overview),
  }
}

/** An alternate with the place it was called to and when (its winner row's promotion). */
function alternateInput(a: AlternateDetails, winners: readonly WinnerDetails[]): AtaAlternateInput {
  const called = winners.find((w) => w.promotedAt != null && w.ticketId === a.ticketId)
  return { rank: a.rank, name: a.name, ticketNumber: a.ticketNumber, email: a.email, usedFor: a.calledTo, usedAt: called?.promotedAt ?? null }
}

/** The Loteria Federal's statement from the completed round that closed the list, if any. */
function federalOf(overview: DrawOverview): AtaInput['federal'] {
  const entered = overview.rounds.filter((r) => r.method === 'federal' && r.state === 'completed' && r.federal && r.prizes)
  // The result in force is the one no correction replaced; the replaced ones are listed with it.
  const round = entered.filter((r) => !r.replacedBy).at(-1)
  if (!round?.federal || !round.prizes) return undefined
  const f = round.federal
  const replaced = entered.filter((r) => r.replacedBy).map((r) => ({ at: r.replacedAt ?? 0, prizes: r.prizes ?? [] }))
  // From the closed list's size: its tickets passed the rule's 1 % check when it closed.
  const chance = listChance({ kind: f.rule, digits: f.digits }, undefined, round.poolSize)
  return { concurso: f.concurso, extractionAt: f.extraction_at, rule: f.rule, digits: f.digits, chance, prizes: round.prizes, replaced }
}
