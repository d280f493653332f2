import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { applyOp, applyOps, type OpToApply } from '@/db/apply'
import { listTickets } from '@/db/participants'
import type { SorteioDB } from '@/db/schema'
import { ANA, freshDb } from '@/sync/testing/helpers'

const RAFFLE = '0192f0c1-0000-7000-8000-00000000a001'
const raffle = { id: RAFFLE, code: 'K7P2QX', title: 'Rifa', description: '', type: 'tickets', winners_count: 1, countdown_seconds: 0, created_at: 1 }
const ticket = (n: number, name = `Pessoa ${n}`) => ({ id: `t${n}`, name, email: null, ticket_number: String(n), group_id: `g${n}` })

const ops: OpToApply[] = [
  { type: 'participants.add', payload: { tickets: [ticket(0)] }, at: 5 }, // before the raffle: ignored
  { type: 'raffle.create', payload: raffle, at: 10 },
  { type: 'participants.add', payload: { tickets: [ticket(1), ticket(2)] }, at: 11 },
  { type: 'participants.add', payload: { tickets: [ticket(2, 'Outro nome'), ticket(3)] }, at: 12 },
  { type: 'participants.remove_group', payload: { group_id: 'g1' }, at: 13 },
  { type: 'participants.add', payload: { tickets: [ticket(1)] }, at: 14 },
  { type: 'raffle.update', payload: { title: 'Novo' }, at: 15 },
]

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const contents = async (db: SorteioDB) => ({ raffles: await db.raffles.toArray(), participants: (await listTickets(RAFFLE, db)).sort(byId) })
const inTx = (db: SorteioDB, fn: () => Promise<void>) => db.transaction('rw', [db.raffles, db.ticketChunks, db.ticketSummaries, db.ticketPeople, db.syncState], async () => fn())

describe('applyOps', () => {
  it('leaves the tables as applying the ops one by one does', async () => {
    const one = freshDb()
    await inTx(one, async () => {
      for (const op of ops) await applyOp(one, ANA, RAFFLE, op.type, op.payload, op.at)
    })
    const batched = freshDb()
    await inTx(batched, () => applyOps(batched, ANA, RAFFLE, ops))
    const got = await contents(batched)
    expect(got).toEqual(await contents(one))
    // The later row of a repeated id wins, with its own change's time.
    expect(got.participants.find((p) => p.id === 't2')).toMatchObject({ name: 'Outro nome', createdAt: 12 })
    expect(got.participants.map((p) => p.id)).toEqual(['t1', 't2', 't3'])
  })

  it('writes a run of participants.add ops with one bulkPut of whole chunks', async () => {
    const db = freshDb()
    const bulkPut = vi.spyOn(db.ticketChunks, 'bulkPut')
    await inTx(db, () => applyOps(db, ANA, RAFFLE, ops))
    // The run before the raffle exists writes nothing; then [add, add] (one chunk), the removal
    // (that chunk rewritten) and [add] (appended to it).
    expect(bulkPut).toHaveBeenCalledTimes(3)
    expect(bulkPut.mock.calls[0]![0].map((c) => c.ids)).toEqual([['t1', 't2', 't3']])
    expect(bulkPut.mock.calls[2]![0].map((c) => c.ids)).toEqual([['t2', 't3', 't1']])
  })
})
