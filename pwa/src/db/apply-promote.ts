// winner.promote ('Chamar suplente', docs/sync-protocol.md "Prizes and alternates") applied to the
// local tables: the server's logged call names the alternate; the device's own names only the
// place, and the next alternate not yet called takes it here until the server's call comes.
// Must run inside writeTx (apply.ts calls it).
import { serverOffset } from '@/db/clock-offset'
import type { SorteioDB, WinnerRow } from '@/db/schema'

type Payload = Record<string, unknown>

/** The first draw's next alternate not yet called (its rank from 1 and ticket), or null. */
export async function nextAlternate(database: SorteioDB, raffleId: string): Promise<{ drawId: string; rank: number; ticketId: string } | null> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  const first = rounds.filter((d) => d.kind === 'draw' && d.state === 'completed').sort((a, b) => (a.round ?? 0) - (b.round ?? 0))[0]
  if (!first) return null
  const winners = await database.winners.where('raffleId').equals(raffleId).toArray()
  const called = new Set(winners.filter((w) => w.promotedAt != null).map((w) => w.ticketId))
  const i = (first.alternates ?? []).findIndex((t) => !called.has(t))
  return i < 0 ? null : { drawId: first.id, rank: i + 1, ticketId: first.alternates![i]! }
}

/** Whether a place may take an alternate: its last winner invalidated, none valid. */
export async function placeOpen(database: SorteioDB, raffleId: string, position: number): Promise<boolean> {
  const atPosition = (await database.winners.where('raffleId').equals(raffleId).toArray()).filter((w) => w.position === position)
  return atPosition.some((w) => !w.isValid) && !atPosition.some((w) => w.isValid)
}

export async function applyPromote(database: SorteioDB, raffleId: string, p: Payload, at: number): Promise<void> {
  const position = Number(p.position)
  const row = (id: string, ticketId: string, promotedAt: number): WinnerRow => ({
    id,
    raffleId,
    drawId: id.split(':')[0]!,
    position,
    ticketId,
    isValid: true,
    invalidatedAt: null,
    invalidationReason: null,
    promotedAt,
  })
  if (typeof p.winner_id === 'string' && typeof p.ticket_id === 'string' && typeof p.promoted_at === 'number') {
    // The server's call: a later invalidation of it, already known here, stays.
    const known = await database.winners.get(p.winner_id)
    if (known && known.ticketId === p.ticket_id) return
    await database.winners.put(row(p.winner_id, p.ticket_id, p.promoted_at))
    return
  }
  // Our own call, still waiting: the next alternate, if the place still takes one.
  const next = await nextAlternate(database, raffleId)
  if (!next || !(await placeOpen(database, raffleId, position))) return
  await database.winners.put(row(`${next.drawId}:a${next.rank}`, next.ticketId, at + (await serverOffset(database))))
}
