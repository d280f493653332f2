import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { serverOffset } from '@/db/clock-offset'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, redraw, startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople } from '@/db/participants'
import { createRaffle, getRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { canonical, combineSeeds, fromHex, pick, type DrawTicket } from '@/sync/draw'
import { SyncEngine } from '@/sync/engine'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, eventually, freshDb } from '@/sync/testing/helpers'

const online = { isOnline: () => true, pollMs: 20 }
const offline = { isOnline: () => false }
const engines: SyncEngine[] = []

afterEach(() => {
  for (const e of engines.splice(0)) e.stop()
})

/** A raffle with five people (Ana holds three tickets), pushed to the server from device A. */
async function setup() {
  const server = new FakeSyncServer()
  server.user = ANA
  const db = freshDb()
  const ctx = contextFor(db, server, ANA)
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 0 }, db)
  await addPeople(ANA, raffle.id, [{ name: 'Ana', quantity: 3 }, { name: 'Bia' }, { name: 'Caio' }, { name: 'Duda' }, { name: 'Eva' }], db)
  await sync(ctx)
  return { server, db, ctx, raffleId: raffle.id }
}

async function sync(ctx: ReturnType<typeof contextFor>) {
  await pushOutbox(ctx)
  await pullAll(ctx)
}

async function ticketPool(db: SorteioDB, raffleId: string): Promise<DrawTicket[]> {
  const rows = await db.participants.where('[raffleId+createdAt]').between([raffleId, -Infinity], [raffleId, Infinity]).toArray()
  return canonical(rows.map((t) => ({ id: t.id, group_id: t.groupId, ticket_number: t.ticketNumber, name: t.name })))
}

describe('the draw against the fake server', () => {
  it('online: the start comes back with the server commitment and time; the server draws from both seeds', async () => {
    const { server, db, ctx, raffleId } = await setup()
    server.now = 1_763_700_123_000
    const round = await startDraw(ANA, raffleId, db)
    await sync(ctx)
    expect(await db.draws.get(round.id)).toMatchObject({ startedAt: 1_763_700_123_000, state: 'open' })
    expect((await db.draws.get(round.id))!.serverCommitment).toMatch(/^[0-9a-f]{64}$/)

    expect(await finishRound(ANA, round.id, online, db)).toBe('online')
    await sync(ctx)
    const draw = (await db.draws.get(round.id))!
    expect(draw).toMatchObject({ state: 'completed', offline: false })
    const seed = await combineSeeds(fromHex(draw.clientSeed!), fromHex(draw.serverSeed!))
    const expected = await pick(seed, await ticketPool(db, raffleId), 2, false)
    const { winners } = await drawOverview(raffleId, db)
    expect(winners.map((w) => w.ticketId)).toEqual(expected.map((t) => t.id))
    expect(await getRaffle(ANA, raffleId, db)).toMatchObject({ status: 'completed', drawnAt: server.now })
    expect(await pendingOps(db, ANA)).toEqual([])
    expect(ctx.events).toEqual([])
  })

  it('offline: the server accepts the winners the device drew with its own seed', async () => {
    const { db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, db)
    await finishRound(ANA, round.id, offline, db)
    const local = (await drawOverview(raffleId, db)).winners.map((w) => w.ticketId)
    await sync(ctx)
    expect(ctx.events).toEqual([])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: true })
    expect((await drawOverview(raffleId, db)).winners.map((w) => w.ticketId)).toEqual(local)
  })

  it('the device that lost the race shows the server winners, with one toast', async () => {
    const { server, db, ctx, raffleId } = await setup()
    // Device B has the raffle too, and draws online while A is offline.
    const dbB = freshDb()
    const ctxB = contextFor(dbB, server, ANA)
    await pullAll(ctxB)
    const roundB = await startDraw(ANA, raffleId, dbB)
    await sync(ctxB)
    await finishRound(ANA, roundB.id, online, dbB)
    await sync(ctxB)
    const winnersB = (await drawOverview(raffleId, dbB)).winners.map((w) => w.ticketId)

    const roundA = await startDraw(ANA, raffleId, db)
    await finishRound(ANA, roundA.id, offline, db)
    await sync(ctx)
    expect(ctx.events).toMatchObject([{ type: 'rejected', opType: 'draw.start', reason: 'draw_started' }])
    expect(await db.draws.get(roundA.id)).toBeUndefined()
    expect((await drawOverview(raffleId, db)).winners.map((w) => w.ticketId)).toEqual(winnersB)
    // A's seed stays on A; nothing is left to send.
    expect(await db.drawSecrets.get(roundA.id)).toBeDefined()
    expect(await pendingOps(db, ANA)).toEqual([])
  })

  it('with the engine: a redraw resolves once the server result is pulled, and the clock offset is kept', async () => {
    const { server, db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, db)
    await finishRound(ANA, round.id, offline, db)
    await invalidateWinner(ANA, raffleId, `${round.id}:2`, 'Não compareceu', db)
    await sync(ctx)
    server.now = Date.now() + 90_000

    const engine = new SyncEngine({ db, userId: ANA, fetch: server.fetch, WebSocket: null, locks: null, channel: null, win: null, doc: null, isOnline: () => true, writeDelayMs: 0 })
    engines.push(engine)
    engine.start()
    const winner = await redraw(ANA, raffleId, 2, { ...online, resultTimeoutMs: 5000 }, db)
    const redrawRound = (await db.draws.get(winner.drawId))!
    expect(redrawRound).toMatchObject({ kind: 'redraw', state: 'completed', offline: false, positions: [2] })
    expect(winner).toMatchObject({ position: 2, isValid: true })
    // The server's record of the invalidation (with its time) came back too.
    expect(await db.winners.get(`${round.id}:2`)).toMatchObject({ isValid: false, invalidatedAt: expect.any(Number), invalidationReason: 'Não compareceu' })
    await eventually(async () => expect(Math.abs((await serverOffset(db)) - 90_000)).toBeLessThan(1_000))
  })
})
