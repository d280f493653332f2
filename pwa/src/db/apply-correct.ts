// draw.correct (schema version 6, docs/sync-protocol.md "Loteria Federal") applied to the local
// tables: a Loteria Federal result typed wrong is replaced by a new round over the same closed list.
// The replaced round stays, marked with the round that replaced it and when; its winners leave the
// winners table (they no longer count) and the new round's take their places. The device's own op
// estimates the times; the server's logged one, pulled later, brings its own. Must run inside
// writeTx (apply.ts calls it).
import { serverOffset } from '@/db/clock-offset'
import type { DrawRow, SorteioDB, WinnerRow } from '@/db/schema'

type Payload = Record<string, unknown>

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

interface WinnerWire {
  id?: unknown
  position?: unknown
  ticket_id?: unknown
}

export async function applyCorrect(database: SorteioDB, raffleId: string, p: Payload, at: number): Promise<void> {
  const old = await database.draws.get(String(p.replaces))
  if (!old || old.raffleId !== raffleId) return
  const id = String(p.draw_id)
  const pulled = typeof p.completed_at === 'number'
  // Our own correction: only of the result in force (the server refuses any other).
  if (!pulled && (old.state !== 'completed' || (old.replacedBy && old.replacedBy !== id))) return
  const time = pulled ? (p.completed_at as number) : at + (await serverOffset(database))
  const count = await database.draws.where('raffleId').equals(raffleId).count()
  const existing = await database.draws.get(id)
  // Our own correction again, on top of the server's: what the server said stays.
  if (!pulled && existing) return
  const row: DrawRow = {
    ...old,
    id,
    round: typeof p.round === 'number' ? p.round : (existing?.round ?? count + 1),
    startedAt: typeof p.started_at === 'number' ? p.started_at : time,
    completedAt: time,
    state: 'completed',
    prizes: strings(p.prizes),
    alternates: [],
    replaces: old.id,
    replacedBy: null,
    replacedAt: null,
  }
  delete row.resultCheck
  const positions = old.positions
  const winners: WinnerRow[] = pulled
    ? (Array.isArray(p.winners) ? (p.winners as WinnerWire[]) : []).map((w) => winner(raffleId, id, Number(w.position), String(w.ticket_id)))
    : strings(p.winners).map((ticketId, i) => winner(raffleId, id, positions[i] ?? i + 1, ticketId))
  await database.draws.update(old.id, { replacedBy: id, replacedAt: pulled ? (p.replaced_at as number) : time })
  const stale = (await database.winners.where('raffleId').equals(raffleId).toArray()).filter((w) => w.drawId === old.id || w.drawId === id)
  await database.winners.bulkDelete(stale.map((w) => w.id))
  await database.draws.put(row)
  await database.winners.bulkPut(winners)
  await database.raffles.update(raffleId, { status: 'completed', drawnAt: time })
}

function winner(raffleId: string, drawId: string, position: number, ticketId: string): WinnerRow {
  return { id: `${drawId}:${position}`, raffleId, drawId, position, ticketId, isValid: true, invalidatedAt: null, invalidationReason: null }
}
