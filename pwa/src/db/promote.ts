// 'Chamar suplente' on this device (docs/draw-algorithm.md §10a): the next alternate of the first
// draw takes the place of an invalidated winner, offline too; the server picks the same one unless
// another device called one first, and then its answer replaces this one.
import { applyOp } from '@/db/apply'
import { nextAlternate, placeOpen } from '@/db/apply-promote'
import { enqueue } from '@/db/outbox'
import { getRaffle, writeTx } from '@/db/raffles'
import { db as appDb, type SorteioDB, type WinnerRow } from '@/db/schema'
import { RuleError } from '@/protocol/rules'

/** Calls the next alternate to the place; refuses, in the server's words, what the server would. */
export async function promoteAlternate(userId: string, raffleId: string, position: number, database: SorteioDB = appDb): Promise<WinnerRow> {
  const payload = { position }
  return writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'completed') throw new RuleError('not_drawn')
    const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
    if (rounds.some((d) => d.state === 'open' || d.state === 'revealing')) throw new RuleError('draw_open')
    if (!(await placeOpen(database, raffleId, position))) throw new RuleError('position_taken')
    const next = await nextAlternate(database, raffleId)
    if (!next) throw new RuleError('no_alternate_left')
    await applyOp(database, userId, raffleId, 'winner.promote', payload, Date.now())
    await enqueue(database, userId, raffleId, 'winner.promote', payload)
    return (await database.winners.get(`${next.drawId}:a${next.rank}`))!
  })
}

/** How many alternates are left to call (the choice after an invalidation offers 'Chamar suplente' only then). */
export async function alternatesLeft(raffleId: string, database: SorteioDB = appDb): Promise<number> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  const first = rounds.find((d) => d.kind === 'draw' && d.state === 'completed')
  if (!first) return 0
  const winners = await database.winners.where('raffleId').equals(raffleId).toArray()
  const called = new Set(winners.filter((w) => w.promotedAt != null).map((w) => w.ticketId))
  return (first.alternates ?? []).filter((t) => !called.has(t)).length
}
