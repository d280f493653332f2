// Applies one op (local, or pulled from the server's log) to the local tables. Ops are state
// transforms that can be applied again without harm: after pulling server changes the engine
// re-applies the still-pending local ops on top, and the screens show server state plus pending work.
// Must run inside a Dexie transaction over raffles, participants and syncState.
import type { ParticipantRow, RaffleRow, SorteioDB } from '@/db/schema'

/** The wire shape of a raffle (snake_case, as in the ops and the server's snapshot). */
export interface RaffleWire {
  id: string
  code: string
  title: string
  description?: string | null
  type: 'simple' | 'tickets'
  status?: RaffleRow['status']
  winners_count: number
  countdown_seconds: number
  allow_duplicate_wins?: boolean
  drawn_at?: number | null
  created_at: number
}

export interface TicketWire {
  id: string
  name: string
  email?: string | null
  ticket_number?: string | null
  group_id: string
  created_at?: number
}

export function raffleFromWire(ownerId: string, w: RaffleWire): RaffleRow {
  return {
    id: w.id,
    ownerId,
    code: w.code,
    title: w.title,
    description: w.description ?? '',
    type: w.type,
    status: w.status ?? 'pending',
    winnersCount: w.winners_count,
    countdownSeconds: w.countdown_seconds,
    allowDuplicateWins: w.allow_duplicate_wins ?? false,
    drawnAt: w.drawn_at ?? null,
    createdAt: w.created_at,
  }
}

export function ticketFromWire(raffle: RaffleRow, t: TicketWire, at: number): ParticipantRow {
  return {
    id: t.id,
    raffleId: raffle.id,
    groupId: t.group_id,
    name: t.name,
    email: t.email ?? null,
    // The spec keeps ticket numbers only for ticket raffles.
    ticketNumber: raffle.type === 'tickets' ? (t.ticket_number ?? null) : null,
    createdAt: t.created_at ?? at,
  }
}

const settingFields: Record<string, keyof RaffleRow> = {
  title: 'title',
  description: 'description',
  winners_count: 'winnersCount',
  countdown_seconds: 'countdownSeconds',
  allow_duplicate_wins: 'allowDuplicateWins',
}

export async function applyOp(
  database: SorteioDB,
  ownerId: string,
  raffleId: string,
  type: string,
  payload: unknown,
  at: number,
): Promise<void> {
  const p = (payload ?? {}) as Record<string, unknown>
  switch (type) {
    case 'raffle.create':
      await database.raffles.put(raffleFromWire(ownerId, p as unknown as RaffleWire))
      return
    case 'raffle.update': {
      const changes: Partial<RaffleRow> = {}
      for (const [wire, field] of Object.entries(settingFields)) {
        if (wire in p) (changes as Record<string, unknown>)[field] = p[wire]
      }
      await database.raffles.update(raffleId, changes)
      return
    }
    case 'raffle.delete':
      await database.participants.where('[raffleId+createdAt]').between([raffleId, -Infinity], [raffleId, Infinity]).delete()
      await database.raffles.delete(raffleId)
      await database.syncState.delete(raffleId)
      return
    case 'participants.add': {
      const raffle = await database.raffles.get(raffleId)
      if (!raffle) return
      const tickets = (p.tickets ?? []) as TicketWire[]
      await database.participants.bulkPut(tickets.map((t) => ticketFromWire(raffle, t, at)))
      return
    }
    case 'participants.remove_group':
      await database.participants.where('[raffleId+groupId]').equals([raffleId, String(p.group_id)]).delete()
      return
    default:
      // An op type from a newer version: ignored here, the next snapshot brings its effect.
      return
  }
}
