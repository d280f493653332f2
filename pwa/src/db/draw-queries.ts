// Read-only queries of the draw for the organiser's screens (run inside useLiveQuery).
import { db as appDb, type DrawRow, type SorteioDB, type WinnerRow } from '@/db/schema'
import { ticketsById } from '@/db/ticket-reads'
import { ticketTables } from '@/db/tickets'

/** A winner with the ticket it won with. */
export interface WinnerDetails extends WinnerRow {
  name: string
  email: string | null
  phone: string | null
  ticketNumber: string | null
}

export interface DrawOverview {
  /** Every round, oldest first. */
  rounds: DrawRow[]
  /** Every winner, valid or not, by position and then by round (a redraw's winner after the one it replaced). */
  winners: WinnerDetails[]
  /** Rounds this device opened (it holds their secret seed). */
  ownRounds: string[]
  /** The first draw's alternates in order, with their tickets; `calledTo` once one took a place. */
  alternates: AlternateDetails[]
}

export interface AlternateDetails {
  rank: number
  ticketId: string
  name: string
  email: string | null
  phone: string | null
  ticketNumber: string | null
  /** The position the alternate was called to, null while it was not (called at most once). */
  calledTo: number | null
}

export async function drawOverview(raffleId: string, database: SorteioDB = appDb): Promise<DrawOverview> {
  return database.transaction('r', [database.draws, database.winners, ...ticketTables(database), database.drawSecrets], async () => {
    const [rounds, winners, secrets] = await Promise.all([
      database.draws.where('raffleId').equals(raffleId).sortBy('startedAt'),
      database.winners.where('raffleId').equals(raffleId).toArray(),
      database.drawSecrets.where('raffleId').equals(raffleId).primaryKeys(),
    ])
    const first = rounds.find((r) => r.kind === 'draw' && r.state === 'completed')
    const alternateIds = first?.alternates ?? []
    const tickets = await ticketsById(raffleId, [...winners.map((w) => w.ticketId), ...alternateIds], database)
    // A called alternate comes at its call's time, after the rounds that drew before it.
    const startedAt = new Map(rounds.map((r) => [r.id, r.startedAt]))
    const when = (w: WinnerRow) => w.promotedAt ?? startedAt.get(w.drawId) ?? 0
    const details = winners.map((w, i) => {
      const t = tickets[i]
      return { ...w, name: t?.name ?? '', email: t?.email ?? null, phone: t?.phone ?? null, ticketNumber: t?.ticketNumber ?? null }
    })
    details.sort((a, b) => a.position - b.position || when(a) - when(b))
    const calledTo = new Map(winners.filter((w) => w.promotedAt != null).map((w) => [w.ticketId, w.position]))
    const alternates = alternateIds.map((ticketId, i): AlternateDetails => {
      const t = tickets[winners.length + i]
      return {
        rank: i + 1,
        ticketId,
        name: t?.name ?? '',
        email: t?.email ?? null,
        phone: t?.phone ?? null,
        ticketNumber: t?.ticketNumber ?? null,
        calledTo: calledTo.get(ticketId) ?? null,
      }
    })
    return { rounds, winners: details, ownRounds: secrets, alternates }
  })
}

/** A finished raffle's result for its dashboard card. */
export interface RaffleResult {
  /** The valid winner of the 1st place, if any. */
  first: string | null
  /** Valid winners. */
  winners: number
}

/** The results of the given raffles (those with winners), by raffle id: one read of the winners. */
export async function raffleResults(raffleIds: readonly string[], database: SorteioDB = appDb): Promise<Map<string, RaffleResult>> {
  const out = new Map<string, RaffleResult>()
  if (raffleIds.length === 0) return out
  return database.transaction('r', [database.winners, ...ticketTables(database)], async () => {
    const winners = (
      await database.winners
        .where('raffleId')
        .anyOf([...raffleIds])
        .toArray()
    ).filter((w) => w.isValid)
    const firsts = new Map<string, WinnerRow>()
    for (const w of winners) {
      const result = out.get(w.raffleId) ?? { first: null, winners: 0 }
      result.winners++
      out.set(w.raffleId, result)
      if (w.position === 1) firsts.set(w.raffleId, w)
    }
    // One ticket read per raffle (its 1st place), not per winner.
    await Promise.all(
      [...firsts].map(async ([raffleId, w]) => {
        const [ticket] = await ticketsById(raffleId, [w.ticketId], database)
        out.get(raffleId)!.first = ticket?.name ?? null
      }),
    )
    return out
  })
}
