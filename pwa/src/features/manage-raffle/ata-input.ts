// The organiser's ata from this device's own tables: it needs no connection. E-mails are whole
// here; buildAta masks them as the public projection does.
import type { DrawOverview } from '@/db/draw-queries'
import type { RaffleRow } from '@/db/schema'
import type { AtaInput } from '@/protocol/ata'
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
    })),
    winnersCount: raffle.winnersCount,
    prizes: prizesByIndex(raffle.prizes, raffle.winnersCount),
    verifyUrl: `${origin}/sorteio/${raffle.code}/verificar`,
  }
}
