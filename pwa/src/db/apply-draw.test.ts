import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { applyOp } from '@/db/apply'
import { saveServerOffset } from '@/db/clock-offset'
import { enqueue } from '@/db/outbox'
import { writeTx } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { replaceRaffle } from '@/sync/local'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { KNOWN_OP_TYPES, type Snapshot } from '@/protocol/wire'

const RAFFLE = '0192f0c1-0000-7000-8000-00000000a001'
const DRAW = '0192f0c1-0000-7000-8000-00000000d001'
const REDRAW = '0192f0c1-0000-7000-8000-00000000d002'
const hex = (c: string) => c.repeat(64)
const raffle = { id: RAFFLE, code: 'K7P2QX', title: 'Rifa', description: '', type: 'tickets', winners_count: 2, countdown_seconds: 10, allow_duplicate_wins: false, created_at: 1 }
const ticket = (n: number) => ({ id: `t${n}`, name: `Pessoa ${n}`, email: `p${n}@x.com`, ticket_number: String(n), group_id: `g${n}` })

const localStart = { draw_id: DRAW, client_commitment: hex('a'), pool_digest: hex('d'), pool_size: 3 }
const pulledStart = {
  draw_id: DRAW,
  kind: 'draw',
  positions: [1, 2],
  client_commitment: hex('a'),
  server_commitment: hex('b'),
  pool_digest: hex('d'),
  pool_size: 3,
  winners_count: 2,
  allow_duplicate_wins: false,
  countdown_seconds: 10,
  started_at: 5_000,
  offline: false,
}
const pulledComplete = {
  draw_id: DRAW,
  offline: false,
  client_seed: hex('1'),
  server_seed: hex('2'),
  seed: hex('3'),
  completed_at: 15_000,
  winners: [
    { id: `${DRAW}:1`, position: 1, ticket_id: 't2' },
    { id: `${DRAW}:2`, position: 2, ticket_id: 't1' },
  ],
}

async function setup(offset = 0) {
  const db = freshDb()
  await saveServerOffset(offset, db)
  await apply(db, 'raffle.create', raffle, 1)
  await apply(db, 'participants.add', { tickets: [ticket(1), ticket(2), ticket(3)] }, 2)
  return db
}

function apply(db: SorteioDB, type: string, payload: unknown, at: number) {
  return writeTx(db, () => applyOp(db, ANA, RAFFLE, type, payload, at))
}

/** Applies an op twice: the second time must change nothing. */
async function applyTwice(db: SorteioDB, type: string, payload: unknown, at: number) {
  await apply(db, type, payload, at)
  const once = await contents(db)
  await apply(db, type, payload, at + 1000)
  expect(await contents(db)).toEqual(once)
  return once
}

const contents = async (db: SorteioDB) => ({
  raffle: await db.raffles.get(RAFFLE),
  draws: await db.draws.orderBy('id').toArray(),
  winners: await db.winners.orderBy('id').toArray(),
})

describe('draw ops, applied', () => {
  it('are known to this version', () => {
    for (const type of ['draw.start', 'winner.redraw', 'draw.complete', 'winner.invalidate', 'draw.abandon']) {
      expect(KNOWN_OP_TYPES.has(type)).toBe(true)
    }
  })

  it('local draw.abandon gives up an open first draw: the raffle is pending again, the round stays, abandoned', async () => {
    const db = await setup(700)
    await apply(db, 'draw.start', { ...pulledStart, round: 1, abandonable_at: 75_000 }, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ round: 1, abandonableAt: 75_000, state: 'open' })
    const got = await applyTwice(db, 'draw.abandon', { draw_id: DRAW }, 80_000)
    expect(got.raffle!.status).toBe('pending')
    expect(got.draws).toHaveLength(1)
    expect(got.draws[0]).toMatchObject({ state: 'abandoned', abandonedAt: 80_700 })
    // The server's abandon, pulled, sets its own time; a start pulled again keeps the abandonment.
    await apply(db, 'draw.abandon', { draw_id: DRAW, abandoned_at: 80_500 }, 9)
    await apply(db, 'draw.start', { ...pulledStart, round: 1 }, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'abandoned', abandonedAt: 80_500 })
    // A completion that reaches an abandoned round from this device changes nothing.
    await apply(db, 'draw.complete', { draw_id: DRAW, client_seed: hex('1'), offline: false }, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'abandoned' })
  })

  it("local draw.abandon leaves a completed round and a redraw's completed raffle alone", async () => {
    const db = await setup()
    await apply(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.complete', pulledComplete, 9)
    await apply(db, 'draw.abandon', { draw_id: DRAW }, 90_000)
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'completed', abandonedAt: null })
    const redraw = { ...pulledStart, draw_id: REDRAW, kind: 'redraw', positions: [1], winners_count: 1, countdown_seconds: 0, round: 2 }
    await apply(db, 'winner.redraw', redraw, 9)
    await apply(db, 'draw.abandon', { draw_id: REDRAW }, 90_000)
    expect(await db.draws.get(REDRAW)).toMatchObject({ state: 'abandoned', round: 2 })
    expect((await db.raffles.get(RAFFLE))!.status).toBe('completed')
  })

  it('a snapshot round abandoned on the server is abandoned here', async () => {
    const db = await setup()
    const snap = {
      raffle: { ...raffle, status: 'pending', drawn_at: null, head_seq: 4 },
      head_seq: 4,
      participants: [],
      draws: [{ ...pulledStart, round: 1, abandoned_at: 70_000 }],
      winners: [],
      cursor: 'c',
    } as unknown as Snapshot
    await writeTx(db, () => replaceRaffle(db, ANA, RAFFLE, snap, 9))
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'abandoned', abandonedAt: 70_000, round: 1 })
  })

  it('local draw.start opens a round from the raffle, with the start time on the server clock estimate', async () => {
    const db = await setup(700)
    const got = await applyTwice(db, 'draw.start', localStart, 1_000)
    expect(got.raffle!.status).toBe('in_progress')
    expect(got.draws).toEqual([
      {
        id: DRAW,
        raffleId: RAFFLE,
        kind: 'draw',
        positions: [1, 2],
        clientCommitment: hex('a'),
        serverCommitment: null,
        poolDigest: hex('d'),
        poolSize: 3,
        winnersCount: 2,
        allowDuplicateWins: false,
        countdownSeconds: 10,
        alternatesCount: 0,
        alternates: null,
        startedAt: 1_700,
        round: 1,
        abandonableAt: null,
        abandonedAt: null,
        state: 'open',
        offline: false,
        clientSeed: null,
        serverSeed: null,
        seed: null,
        completedAt: null,
      },
    ])
  })

  it('local draw.start records the mode it declares', async () => {
    const db = await setup()
    await apply(db, 'draw.start', { ...localStart, offline: true }, 1_000)
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'open', offline: true })
    // The server's start says the same.
    await apply(db, 'draw.start', { ...pulledStart, offline: true }, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ serverCommitment: hex('b'), offline: true })
  })

  it('keeps the first server commitment it saw; a completion then is marked for the check, once', async () => {
    const db = await setup()
    await apply(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.start', { ...pulledStart, server_commitment: hex('e') }, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ serverCommitment: hex('b') })
    await applyTwice(db, 'draw.complete', pulledComplete, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'completed', resultCheck: 'pending' })
    await db.draws.update(DRAW, { resultCheck: 'ok' })
    await apply(db, 'draw.complete', pulledComplete, 9)
    await apply(db, 'draw.start', pulledStart, 9)
    expect(await db.draws.get(DRAW)).toMatchObject({ resultCheck: 'ok' })
  })

  it('a completion for a round whose server commitment was never seen here is not checked', async () => {
    const db = await setup()
    await apply(db, 'draw.start', localStart, 1_000)
    await apply(db, 'draw.complete', pulledComplete, 9)
    expect((await db.draws.get(DRAW))!.resultCheck).toBeUndefined()
  })

  it('a pulled draw.start brings the server facts, and a local one after it leaves them', async () => {
    const db = await setup()
    await apply(db, 'draw.start', localStart, 1_000)
    await applyTwice(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.start', localStart, 2_000)
    const [draw] = (await contents(db)).draws
    expect(draw).toMatchObject({ serverCommitment: hex('b'), startedAt: 5_000, state: 'open' })
  })

  it('local online draw.complete reveals (no winners yet); the pulled one completes with the winners', async () => {
    const db = await setup()
    await apply(db, 'draw.start', pulledStart, 9)
    const revealing = await applyTwice(db, 'draw.complete', { draw_id: DRAW, client_seed: hex('1'), offline: false }, 6_000)
    expect(revealing.draws[0]).toMatchObject({ state: 'revealing', offline: false, clientSeed: hex('1'), seed: null })
    expect(revealing.winners).toEqual([])
    expect(revealing.raffle!.status).toBe('in_progress')

    const done = await applyTwice(db, 'draw.complete', pulledComplete, 9)
    expect(done.draws[0]).toMatchObject({ state: 'completed', offline: false, serverSeed: hex('2'), seed: hex('3'), completedAt: 15_000 })
    expect(done.winners.map((w) => [w.id, w.position, w.ticketId, w.isValid])).toEqual([
      [`${DRAW}:1`, 1, 't2', true],
      [`${DRAW}:2`, 2, 't1', true],
    ])
    expect(done.raffle).toMatchObject({ status: 'completed', drawnAt: 15_000 })
    // The pending reveal, re-applied on top of the server's result, changes nothing.
    await apply(db, 'draw.complete', { draw_id: DRAW, client_seed: hex('1'), offline: false }, 7_000)
    expect(await contents(db)).toEqual(done)
  })

  it('local offline draw.complete completes at once with its winners in position order', async () => {
    const db = await setup(50)
    await apply(db, 'draw.start', localStart, 1_000)
    const got = await applyTwice(db, 'draw.complete', { draw_id: DRAW, client_seed: hex('1'), offline: true, winners: ['t3', 't1'] }, 12_000)
    expect(got.draws[0]).toMatchObject({ state: 'completed', offline: true, clientSeed: hex('1'), seed: hex('1'), serverSeed: null, completedAt: 12_050 })
    expect(got.winners.map((w) => [w.id, w.position, w.ticketId])).toEqual([
      [`${DRAW}:1`, 1, 't3'],
      [`${DRAW}:2`, 2, 't1'],
    ])
    expect(got.raffle).toMatchObject({ status: 'completed', drawnAt: 12_050 })
  })

  it('winner.invalidate: local then pulled; a re-pulled completion keeps the invalidation', async () => {
    const db = await setup(10)
    await apply(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.complete', pulledComplete, 9)
    const local = await applyTwice(db, 'winner.invalidate', { winner_id: `${DRAW}:2`, reason: 'Não compareceu' }, 20_000)
    expect(local.winners[1]).toMatchObject({ isValid: false, invalidatedAt: 20_010, invalidationReason: 'Não compareceu' })
    const pulled = await applyTwice(db, 'winner.invalidate', { winner_id: `${DRAW}:2`, reason: null, invalidated_at: 21_000 }, 9)
    expect(pulled.winners[1]).toMatchObject({ isValid: false, invalidatedAt: 21_000, invalidationReason: null })
    await apply(db, 'draw.complete', pulledComplete, 9)
    expect(await contents(db)).toEqual(pulled)
  })

  it('winner.redraw opens a one-position round without countdown; the raffle stays completed', async () => {
    const db = await setup()
    await apply(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.complete', pulledComplete, 9)
    const got = await applyTwice(db, 'winner.redraw', { ...localStart, draw_id: REDRAW, position: 2, pool_size: 1 }, 30_000)
    expect(got.draws.find((d) => d.id === REDRAW)).toMatchObject({ kind: 'redraw', positions: [2], winnersCount: 1, countdownSeconds: 0, state: 'open' })
    expect(got.raffle!.status).toBe('completed')
    const pulled = { ...pulledStart, draw_id: REDRAW, kind: 'redraw', positions: [2], winners_count: 1, countdown_seconds: 0, started_at: 30_500 }
    await applyTwice(db, 'winner.redraw', pulled, 9)
    const done = await applyTwice(db, 'draw.complete', { ...pulledComplete, draw_id: REDRAW, winners: [{ id: `${REDRAW}:2`, position: 2, ticket_id: 't3' }] }, 9)
    expect(done.raffle).toMatchObject({ status: 'completed', drawnAt: 15_000 })
    expect(done.winners.filter((w) => w.position === 2).map((w) => w.ticketId)).toEqual(['t1', 't3'])
  })

  it('raffle.delete removes the rounds and winners but not the secrets', async () => {
    const db = await setup()
    await apply(db, 'draw.start', pulledStart, 9)
    await apply(db, 'draw.complete', pulledComplete, 9)
    await db.drawSecrets.put({ drawId: DRAW, raffleId: RAFFLE, clientSeed: hex('1') })
    await apply(db, 'raffle.delete', {}, 9)
    expect(await db.draws.count()).toBe(0)
    expect(await db.winners.count()).toBe(0)
    expect(await db.drawSecrets.count()).toBe(1)
  })
})

describe('replaceRaffle with draws', () => {
  it('loads the rounds and winners of the snapshot, keeps the secrets and re-applies pending draw ops', async () => {
    const db = await setup()
    await apply(db, 'draw.start', localStart, 1_000)
    await db.drawSecrets.put({ drawId: DRAW, raffleId: RAFFLE, clientSeed: hex('1') })
    const reveal = { draw_id: DRAW, client_seed: hex('1'), offline: false }
    await writeTx(db, () => enqueue(db, ANA, RAFFLE, 'draw.complete', reveal))
    const snap: Snapshot = {
      raffle: { ...raffle, type: 'tickets', status: 'in_progress' },
      head_seq: 3,
      participants: [ticket(1), ticket(2), ticket(3)],
      draws: [{ ...pulledStart, kind: 'draw' }],
      winners: [],
      cursor: 'c',
    }
    await writeTx(db, () => replaceRaffle(db, ANA, RAFFLE, snap, 1))
    expect(await db.drawSecrets.get(DRAW)).toEqual({ drawId: DRAW, raffleId: RAFFLE, clientSeed: hex('1') })
    expect(await db.draws.get(DRAW)).toMatchObject({ serverCommitment: hex('b'), startedAt: 5_000, state: 'revealing' })

    // A snapshot of the completed raffle: seeds, winners and their invalidation as the server has them.
    await db.outbox.clear()
    const completed: Snapshot = {
      ...snap,
      raffle: { ...snap.raffle, status: 'completed', drawn_at: 15_000 },
      draws: [{ ...pulledStart, kind: 'draw', ...pulledComplete }],
      winners: [
        { id: `${DRAW}:1`, draw_id: DRAW, position: 1, ticket_id: 't2', is_valid: true, invalidated_at: null, invalidation_reason: null },
        { id: `${DRAW}:2`, draw_id: DRAW, position: 2, ticket_id: 't1', is_valid: false, invalidated_at: 16_000, invalidation_reason: 'Desistiu' },
      ],
    }
    await writeTx(db, () => replaceRaffle(db, ANA, RAFFLE, completed, 1))
    // The round was open here with the server's commitment: its result is to be checked.
    expect(await db.draws.get(DRAW)).toMatchObject({ state: 'completed', seed: hex('3'), offline: false, completedAt: 15_000, resultCheck: 'pending' })
    expect(await db.winners.get(`${DRAW}:2`)).toMatchObject({ isValid: false, invalidatedAt: 16_000, invalidationReason: 'Desistiu', drawId: DRAW })
    expect(await db.drawSecrets.count()).toBe(1)
  })

  it('keeps what this device saw of a round: the first server commitment', async () => {
    const db = await setup()
    await apply(db, 'draw.start', { ...localStart, offline: true }, 1_000)
    await apply(db, 'draw.start', { ...pulledStart, offline: true }, 9)
    const snap: Snapshot = {
      raffle: { ...raffle, type: 'tickets', status: 'in_progress' },
      head_seq: 3,
      participants: [ticket(1), ticket(2), ticket(3)],
      // The same open round, with another commitment.
      draws: [{ ...pulledStart, kind: 'draw', offline: true, server_commitment: hex('e') }],
      winners: [],
      cursor: 'c',
    }
    await writeTx(db, () => replaceRaffle(db, ANA, RAFFLE, snap, 1))
    expect(await db.draws.get(DRAW)).toMatchObject({ serverCommitment: hex('b'), offline: true, state: 'open' })
  })
})
