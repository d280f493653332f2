import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { saveServerOffset, serverOffset } from '@/db/clock-offset'
import { checkRoundResult } from '@/db/draw-check'
import { drawOverview } from '@/db/draw-queries'
import { abandonRound, finishRound, invalidateWinner, redraw, startDraw } from '@/db/draws'
import { newId } from '@/db/ids'
import { pendingOps } from '@/db/outbox'
import { addPeople, listTickets } from '@/db/participants'
import { createRaffle, getRaffle } from '@/db/raffles'
import type { DrawRow, SorteioDB } from '@/db/schema'
import { canonical, combineSeeds, pick, type DrawTicket } from '@/protocol/draw'
import { SyncEngine } from '@/sync/engine'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { REASON_MESSAGES } from '@/protocol/rules'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, eventually, freshDb } from '@/sync/testing/helpers'
import { fromHex, sha256Hex } from '@/lib/bytes'
import type { OpType, WireOp } from '@/protocol/wire'
import { SCHEMA_PARAM } from '@/sync/paths'

// The mode a round declares at its start.
const online = { offline: false }
const offline = { offline: true }
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
  const rows = await listTickets(raffleId, db)
  return canonical(rows.map((t) => ({ id: t.id, group_id: t.groupId, ticket_number: t.ticketNumber, name: t.name })))
}

describe('the draw against the fake server', () => {
  it('online: the start comes back with the server commitment and time; the server draws from both seeds', async () => {
    const { server, db, ctx, raffleId } = await setup()
    server.now = 1_763_700_123_000
    const round = await startDraw(ANA, raffleId, online, db)
    await sync(ctx)
    expect(await db.draws.get(round.id)).toMatchObject({ startedAt: 1_763_700_123_000, state: 'open', offline: false })
    expect((await db.draws.get(round.id))!.serverCommitment).toMatch(/^[0-9a-f]{64}$/)

    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
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
    const round = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, round.id, {}, db)
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
    const roundB = await startDraw(ANA, raffleId, online, dbB)
    await sync(ctxB)
    await finishRound(ANA, roundB.id, {}, dbB)
    await sync(ctxB)
    const winnersB = (await drawOverview(raffleId, dbB)).winners.map((w) => w.ticketId)

    const roundA = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, roundA.id, {}, db)
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
    const round = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, round.id, {}, db)
    await invalidateWinner(ANA, raffleId, `${round.id}:2`, 'Não compareceu', db)
    await sync(ctx)
    server.now = Date.now() + 90_000

    const engine = new SyncEngine({
      db,
      userId: ANA,
      fetch: server.fetch,
      WebSocket: null,
      locks: null,
      channel: null,
      win: null,
      doc: null,
      isOnline: () => true,
      writeDelayMs: 0,
    })
    engines.push(engine)
    engine.start()
    const winner = await redraw(ANA, raffleId, 2, { ...online, pollMs: 20, resultTimeoutMs: 5000 }, db)
    const redrawRound = (await db.draws.get(winner.drawId))!
    expect(redrawRound).toMatchObject({ kind: 'redraw', state: 'completed', offline: false, positions: [2] })
    expect(winner).toMatchObject({ position: 2, isValid: true })
    // The server's record of the invalidation (with its time) came back too.
    expect(await db.winners.get(`${round.id}:2`)).toMatchObject({ isValid: false, invalidatedAt: expect.any(Number), invalidationReason: 'Não compareceu' })
    await eventually(async () => expect(Math.abs((await serverOffset(db)) - 90_000)).toBeLessThan(1_000))
  })
})

describe("the countdown is the server's, and a stuck round can be abandoned", () => {
  it('an online reveal the server finds early is not shown as an error and goes again, once the countdown ends', async () => {
    const { server, db, ctx, raffleId } = await setup()
    await db.raffles.update(raffleId, { countdownSeconds: 10 })
    server.raffles.get(raffleId)!.raffle.countdown_seconds = 10
    const round = await startDraw(ANA, raffleId, online, db)
    await sync(ctx)
    // This device's clock estimate runs 10 s ahead of the server's: it reveals at once.
    await saveServerOffset(server.now + 10_000 - Date.now(), db)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
    await sync(ctx)
    expect(ctx.events).toEqual([])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'open' })
    const secret = (await db.drawSecrets.get(round.id))!
    expect(secret.revealed).toBe(false)
    expect(secret.retryAfter).toBeGreaterThan(Date.now())
    // The server's countdown ends: the same seed goes again and the server draws.
    server.now += 10_000
    expect(await finishRound(ANA, round.id, { pollMs: 50 }, db)).toBe('online')
    await sync(ctx)
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed' })
    expect(ctx.events).toEqual([])
  })

  it('another refusal of a reveal is shown and never retried', async () => {
    const { server, db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, online, db)
    await sync(ctx)
    // Another device of the account abandons nothing; the server just refuses this seed.
    server.raffles.get(raffleId)!.rounds.get(round.id)!.wire.client_commitment = 'f'.repeat(64)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
    await sync(ctx)
    expect(ctx.events).toMatchObject([{ type: 'rejected', opType: 'draw.complete', reason: 'seed_mismatch' }])
    expect((await db.drawSecrets.get(round.id))!.revealed).toBe(true)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('skipped')
  })

  it('a round whose device is gone is abandoned from another device after the countdown and the grace; a new round completes', async () => {
    const { server, db, ctx, raffleId } = await setup()
    const lost = await startDraw(ANA, raffleId, online, db)
    await sync(ctx)
    // Device B, the same account, never held the seed.
    const other = freshDb()
    const otherCtx = contextFor(other, server, ANA)
    await sync(otherCtx)
    const seen = (await other.draws.get(lost.id))!
    expect(seen).toMatchObject({ state: 'open', round: 1, abandonableAt: seen.startedAt + 60_000 })
    // Device B's estimate of the server's clock (the engine keeps it from server_time).
    await saveServerOffset(server.now - Date.now(), other)
    await expect(abandonRound(ANA, raffleId, lost.id, other)).rejects.toMatchObject({ reason: 'abandon_too_early' })
    server.now += 60_000
    await saveServerOffset(server.now - Date.now(), other)
    await abandonRound(ANA, raffleId, lost.id, other)
    expect(await other.draws.get(lost.id)).toMatchObject({ state: 'abandoned' })
    expect(await getRaffle(ANA, raffleId, other)).toMatchObject({ status: 'pending' })
    await sync(otherCtx)
    expect(otherCtx.events).toEqual([])
    expect((await other.draws.get(lost.id))!.abandonedAt).toBe(server.now)
    // The first device hears of it and no longer reveals its round.
    await sync(ctx)
    expect(await db.draws.get(lost.id)).toMatchObject({ state: 'abandoned' })
    expect(await finishRound(ANA, lost.id, {}, db)).toBe('skipped')
    // A new round, numbered 2, completes from the second device.
    const again = await startDraw(ANA, raffleId, online, other)
    await sync(otherCtx)
    expect(await finishRound(ANA, again.id, {}, other)).toBe('online')
    await sync(otherCtx)
    expect(await other.draws.get(again.id)).toMatchObject({ state: 'completed', round: 2 })
    expect(await getRaffle(ANA, raffleId, other)).toMatchObject({ status: 'completed' })
    expect(otherCtx.events).toEqual([])
  })
})

describe('the fake server, like the real one', () => {
  /** An op as another device (or a tampered client) would push it. */
  const opFor = (raffleId: string, type: string, payload: unknown, mutation: number): WireOp => ({
    op_id: newId(),
    mutation_id: mutation,
    raffle_id: raffleId,
    type: type as OpType,
    base_seq: 0,
    payload,
  })

  it.each([false, true])('refuses a completion in the other mode than the start declared (declared offline: %s) as mode_mismatch', async (declaredOffline) => {
    const { server, db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, { offline: declaredOffline }, db)
    await sync(ctx)
    const { clientSeed } = (await db.drawSecrets.get(round.id))!
    const winners = (await pick(fromHex(clientSeed), await ticketPool(db, raffleId), 2, false)).map((t) => t.id)
    const otherMode = declaredOffline ? { offline: false } : { offline: true, winners }
    const refused = await server.applyAnyOp(ANA, 'outro-aparelho', opFor(raffleId, 'draw.complete', { draw_id: round.id, client_seed: clientSeed, ...otherMode }, 1))
    expect(refused).toMatchObject({ status: 'rejected', reason: 'mode_mismatch', message: REASON_MESSAGES.mode_mismatch })
    expect(REASON_MESSAGES.mode_mismatch).toBe('O sorteio foi iniciado em outro modo (online ou offline): conclua-o no modo declarado no início.')
    // The declared mode still completes it.
    expect(await finishRound(ANA, round.id, {}, db)).toBe(declaredOffline ? 'offline' : 'online')
    await sync(ctx)
    expect(ctx.events).toEqual([])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: declaredOffline })
  })

  it('refuses a start whose settings another device changed meanwhile as settings_changed, and takes its offline result down with it', async () => {
    const { server, db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, round.id, {}, db)
    expect(server.applyOp(ANA, 'outro-aparelho', opFor(raffleId, 'raffle.update', { winners_count: 3 }, 1))).toMatchObject({ status: 'applied' })
    await sync(ctx)
    expect(ctx.events).toMatchObject([{ type: 'rejected', opType: 'draw.start', reason: 'settings_changed' }])
    expect(await db.draws.get(round.id)).toBeUndefined()
    expect(await getRaffle(ANA, raffleId, db)).toMatchObject({ status: 'pending', winnersCount: 3 })
  })
})

/** A first draw started online, its reveal sent and the server's result pulled; `meanwhile` runs once the start is back. */
async function drawOnline({ db, ctx, raffleId }: Awaited<ReturnType<typeof setup>>, meanwhile?: (round: DrawRow) => Promise<void>) {
  const round = await startDraw(ANA, raffleId, online, db)
  await sync(ctx)
  await meanwhile?.(round)
  await finishRound(ANA, round.id, {}, db)
  await sync(ctx)
  return round
}

describe('checking the result the server sent', () => {
  it('online: a result that follows from both commitments checks ok', async () => {
    const s = await setup()
    const round = await drawOnline(s)
    expect(await s.db.draws.get(round.id)).toMatchObject({ state: 'completed', resultCheck: 'pending' })
    expect(await checkRoundResult(round.id, s.db)).toBe('ok')
    expect(await s.db.draws.get(round.id)).toMatchObject({ resultCheck: 'ok' })
    expect(await checkRoundResult(round.id, s.db)).toBeNull()
  })

  it('offline, and a redraw after it: their results check ok', async () => {
    const { db, ctx, raffleId } = await setup()
    const round = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, round.id, {}, db)
    await sync(ctx)
    expect(await checkRoundResult(round.id, db)).toBe('ok')
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    await sync(ctx)
    const started = redraw(ANA, raffleId, 1, { ...online, pollMs: 20, resultTimeoutMs: 5000 }, db)
    await eventually(async () => expect(await pendingOps(db, ANA)).toMatchObject([{ type: 'winner.redraw' }]))
    await sync(ctx)
    await eventually(async () => expect(await pendingOps(db, ANA)).toMatchObject([{ type: 'draw.complete' }]))
    await sync(ctx)
    const winner = await started
    expect(await db.draws.get(winner.drawId)).toMatchObject({ resultCheck: 'pending', offline: false })
    expect(await checkRoundResult(winner.drawId, db)).toBe('ok')
  })

  it('a server seed that does not hash to the commitment published at the start is a mismatch', async () => {
    const s = await setup()
    const round = await drawOnline(s, async (r) => {
      // The server draws with another seed than the one it committed to.
      s.server.raffles.get(s.raffleId)!.rounds.get(r.id)!.serverSeed = 'f'.repeat(64)
    })
    expect(await checkRoundResult(round.id, s.db)).toBe('mismatch')
    expect(await s.db.draws.get(round.id)).toMatchObject({ resultCheck: 'mismatch' })
  })

  it('keeps the first server commitment it saw: a snapshot with another one cannot make a result check', async () => {
    const s = await setup()
    let first: string | null = null
    const round = await drawOnline(s, async (r) => {
      first = (await s.db.draws.get(r.id))!.serverCommitment
      // The server changes its seed and commitment, and its log, so the device loads a snapshot.
      const served = s.server.raffles.get(s.raffleId)!.rounds.get(r.id)!
      served.serverSeed = 'f'.repeat(64)
      served.wire.server_commitment = await sha256Hex(fromHex(served.serverSeed))
      expect(served.wire.server_commitment).not.toBe(first)
      s.server.restore(s.raffleId, ANA)
      await pullAll(s.ctx)
      expect(s.server.gets.at(-1)).toBe(`/api/sync/raffles/${s.raffleId}/snapshot?format=columns&${SCHEMA_PARAM}`)
      expect((await s.db.draws.get(r.id))!.serverCommitment).toBe(first)
    })
    expect(await s.db.draws.get(round.id)).toMatchObject({ state: 'completed', serverCommitment: first, resultCheck: 'pending' })
    expect(await checkRoundResult(round.id, s.db)).toBe('mismatch')
  })

  it('winners other than the seeds give are a mismatch', async () => {
    const s = await setup()
    const round = await drawOnline(s)
    const [first, second] = await s.db.winners.where('raffleId').equals(s.raffleId).sortBy('position')
    await s.db.winners.bulkPut([
      { ...first!, ticketId: second!.ticketId },
      { ...second!, ticketId: first!.ticketId },
    ])
    expect(await checkRoundResult(round.id, s.db)).toBe('mismatch')
  })
})
