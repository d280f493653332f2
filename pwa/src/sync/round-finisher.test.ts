import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople } from '@/db/participants'
import { createRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { ownRounds, RoundFinisher, type FinisherEvent } from '@/sync/round-finisher'
import { ANA, BRUNO, eventually, freshDb } from '@/sync/testing/helpers'

const finishers: RoundFinisher[] = []
afterEach(() => {
  for (const f of finishers.splice(0)) f.stop()
})

async function raffleOf(db: SorteioDB, userId = ANA, countdownSeconds = 0) {
  const raffle = await createRaffle(userId, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 2, countdownSeconds }, db)
  await addPeople(userId, raffle.id, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }], db)
  return raffle.id
}

function run(db: SorteioDB, userId = ANA) {
  const events: FinisherEvent[] = []
  const finisher = new RoundFinisher({ db, userId, onEvent: (e) => events.push(e), pollMs: 20 })
  finishers.push(finisher)
  finisher.start()
  return { finisher, events }
}

const completes = async (db: SorteioDB) => (await pendingOps(db, ANA)).filter((o) => o.type === 'draw.complete')

describe('RoundFinisher', () => {
  it('finishes an offline round when its countdown ends, and announces the first draw once', async () => {
    const db = freshDb()
    const { events } = run(db)
    const raffleId = await raffleOf(db, ANA, 1)
    const round = await startDraw(ANA, raffleId, { offline: true }, db)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await completes(db)).toEqual([])
    await eventually(async () => expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: true }))
    await eventually(() => expect(events).toEqual([{ type: 'drawn', drawId: round.id, raffleId, winners: 2 }]))
    expect(await completes(db)).toHaveLength(1)
  })

  it('does not announce a draw completed before it started, nor finish rounds of another account', async () => {
    const db = freshDb()
    const mine = await raffleOf(db)
    const done = await startDraw(ANA, mine, { offline: true }, db)
    const first = run(db)
    await eventually(async () => expect(await db.draws.get(done.id)).toMatchObject({ state: 'completed' }))
    first.finisher.stop()
    const theirs = await raffleOf(db, BRUNO)
    const other = await startDraw(BRUNO, theirs, { offline: true }, db)
    const { events } = run(db)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(events).toEqual([])
    expect(await db.draws.get(other.id)).toMatchObject({ state: 'open' })
    expect((await ownRounds(db, ANA)).map((r) => r.round.id)).toEqual([done.id])
  })

  it('says a failure once, and tries again on retry() until it works', async () => {
    const db = freshDb()
    const raffleId = await raffleOf(db)
    const round = await startDraw(ANA, raffleId, { offline: true }, db)
    // This device's tickets no longer match the digest its start published (and the pool kept at
    // the start is gone, so the tickets are what it draws from).
    const digest = round.poolDigest
    await db.drawPools.delete(round.id)
    await db.draws.update(round.id, { poolDigest: '0'.repeat(64) })
    const { finisher, events } = run(db)
    await eventually(() => expect(events).toMatchObject([{ type: 'failed', drawId: round.id }]))
    finisher.retry()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(events).toHaveLength(1)
    expect(await completes(db)).toEqual([])
    // Sync brought the right data back.
    await db.draws.update(round.id, { poolDigest: digest })
    finisher.retry()
    await eventually(async () => expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed' }))
    await eventually(() => expect(events.map((e) => e.type)).toEqual(['failed', 'drawn']))
  })

  it('stops waiting for an online round when stopped', async () => {
    const db = freshDb()
    const raffleId = await raffleOf(db)
    const round = await startDraw(ANA, raffleId, { offline: false }, db)
    const { finisher, events } = run(db)
    await new Promise((resolve) => setTimeout(resolve, 100))
    finisher.stop()
    await db.draws.update(round.id, { serverCommitment: 'b'.repeat(64) })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await completes(db)).toEqual([])
    expect(events).toEqual([])
  })
})
