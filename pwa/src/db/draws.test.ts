import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { saveServerOffset } from '@/db/clock-offset'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, NoEligibleError, redraw, startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople, listTickets, type NewPerson } from '@/db/participants'
import { createRaffle, getRaffle, type NewRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { canonical, pick, poolDigest, type DrawTicket } from '@/protocol/draw'
import { redrawPool } from '@/protocol/draw-pool'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { fromHex, toHex } from '@/lib/bytes'

// The mode a round declares at its start.
const offline = { offline: true }
const online = { offline: false }
const people: NewPerson[] = [{ name: 'Ana', quantity: 3 }, { name: 'Bia', quantity: 2 }, { name: 'Caio', email: 'caio@x.com' }, { name: 'Duda' }, { name: 'Eva' }]

async function raffleWith(input: Partial<NewRaffle> = {}, who: NewPerson[] = people) {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 5, ...input }, db)
  if (who.length > 0) await addPeople(ANA, raffle.id, who, db)
  return { db, raffleId: raffle.id }
}

async function pool(db: SorteioDB, raffleId: string): Promise<DrawTicket[]> {
  const rows = await listTickets(raffleId, db)
  return canonical(rows.map((t) => ({ id: t.id, group_id: t.groupId, ticket_number: t.ticketNumber, name: t.name })))
}

const sha256 = async (hex: string) => toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', fromHex(hex) as BufferSource)))
const opsOf = async (db: SorteioDB, type: string) => (await pendingOps(db, ANA)).filter((o) => o.type === type).map((o) => o.payload as Record<string, unknown>)

/** A raffle drawn offline, with its first draw's id. */
async function drawn(input: Partial<NewRaffle> = {}) {
  const setup = await raffleWith({ countdownSeconds: 0, ...input })
  const round = await startDraw(ANA, setup.raffleId, offline, setup.db)
  await finishRound(ANA, round.id, {}, setup.db)
  return { ...setup, round }
}

describe('startDraw', () => {
  it('refuses fewer tickets than winners, in the spec words', async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 3 }, [{ name: 'Ana' }, { name: 'Bia' }])
    await expect(startDraw(ANA, raffleId, online, db)).rejects.toThrow('Você precisa de pelo menos 3 bilhete(s) para realizar o sorteio. Atualmente há 2.')
    expect(await db.outbox.count()).toBe(2)
    expect(await db.draws.count()).toBe(0)
  })

  it('refuses fewer people than winners unless the same person may win twice', async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 3 }, [{ name: 'Ana', quantity: 5 }, { name: 'Bia' }])
    await expect(startDraw(ANA, raffleId, online, db)).rejects.toMatchObject({
      reason: 'not_enough_people',
      message: 'Para sortear 3 vencedor(es) sem repetir pessoas, são necessários pelo menos 3 participante(s) diferentes. Atualmente há 2.',
    })
    const allowed = await raffleWith({ winnersCount: 3, allowDuplicateWins: true }, [{ name: 'Ana', quantity: 5 }, { name: 'Bia' }])
    await expect(startDraw(ANA, allowed.raffleId, online, allowed.db)).resolves.toMatchObject({ state: 'open' })
  })

  it('commits to a secret seed and publishes the digest of every ticket, in one write; online sends no mode', async () => {
    const { db, raffleId } = await raffleWith()
    const round = await startDraw(ANA, raffleId, online, db)
    const secret = await db.drawSecrets.get(round.id)
    expect(secret!.clientSeed).toMatch(/^[0-9a-f]{64}$/)
    expect(secret!.offline).toBe(false)
    const all = await pool(db, raffleId)
    const [op] = await opsOf(db, 'draw.start')
    expect(op).toEqual({
      draw_id: round.id,
      client_commitment: await sha256(secret!.clientSeed),
      pool_digest: await poolDigest(all),
      pool_size: 8,
      winners_count: 2,
      allow_duplicate_wins: false,
    })
    expect(round).toMatchObject({ kind: 'draw', positions: [1, 2], state: 'open', countdownSeconds: 5, serverCommitment: null, offline: false })
    expect((await getRaffle(ANA, raffleId, db))!.status).toBe('in_progress')
    await expect(startDraw(ANA, raffleId, online, db)).rejects.toMatchObject({ reason: 'draw_started' })
  })

  it('offline: declares the mode in the start, the round and the secret', async () => {
    const { db, raffleId } = await raffleWith()
    const round = await startDraw(ANA, raffleId, offline, db)
    const [op] = await opsOf(db, 'draw.start')
    expect(op).toMatchObject({ draw_id: round.id, offline: true })
    expect(round).toMatchObject({ state: 'open', offline: true })
    expect(await db.drawSecrets.get(round.id)).toMatchObject({ offline: true })
  })

  it('uses a new seed each time', async () => {
    const a = await raffleWith()
    const b = await raffleWith()
    const ra = await startDraw(ANA, a.raffleId, online, a.db)
    const rb = await startDraw(ANA, b.raffleId, online, b.db)
    expect((await a.db.drawSecrets.get(ra.id))!.clientSeed).not.toBe((await b.db.drawSecrets.get(rb.id))!.clientSeed)
  })
})

/** The server's start came back: its commitment, and a start time `ago` ms before now. */
const confirm = (db: SorteioDB, drawId: string, ago = 6_000) => db.draws.update(drawId, { serverCommitment: 'b'.repeat(64), startedAt: Date.now() - ago })

describe('finishRound', () => {
  it.each([
    ['the pool kept at the start', 'kept'],
    ['a pool kept by the previous version (ids as one string)', 'string'],
    ['the tickets, rebuilt', 'none'],
  ])('offline-declared: draws pick(seed, canonical pool) from %s at once and queues those winners, even with the server reachable', async (_from, kept) => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, offline, db)
    const row = (await db.drawPools.get(round.id))!
    expect(row.groups).toHaveLength(8)
    expect(row.idBytes).toHaveLength(8 * 16)
    if (kept === 'none') await db.drawPools.delete(round.id)
    if (kept === 'string') await db.drawPools.put({ drawId: round.id, raffleId, groups: row.groups, ids: (await pool(db, raffleId)).map((t) => t.id).join('') })
    // The network came back and the server's start too: the round stays offline.
    await confirm(db, round.id)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('offline')
    // Kept until the reveal only.
    expect(await db.drawPools.count()).toBe(0)
    const seed = (await db.drawSecrets.get(round.id))!.clientSeed
    const expected = (await pick(fromHex(seed), await pool(db, raffleId), 2, false)).map((t) => t.id)
    // Never synced: the device's times without an offset.
    expect(await opsOf(db, 'draw.complete')).toEqual([
      { draw_id: round.id, client_seed: seed, offline: true, winners: expected, device_started_at: expect.any(Number), device_completed_at: expect.any(Number) },
    ])
    const { winners, rounds } = await drawOverview(raffleId, db)
    expect(winners.map((w) => [w.position, w.ticketId, w.isValid])).toEqual([
      [1, expected[0], true],
      [2, expected[1], true],
    ])
    expect(rounds[0]).toMatchObject({ state: 'completed', offline: true, seed })
    expect((await getRaffle(ANA, raffleId, db))!.status).toBe('completed')
    expect(await finishRound(ANA, round.id, {}, db)).toBe('skipped')
    expect(await opsOf(db, 'draw.complete')).toHaveLength(1)
  })

  it("offline: sends the round's start and result on this device's clock, and the clock's offset at the last sync", async () => {
    const T = 1_765_000_000_000
    vi.useFakeTimers({ toFake: ['Date'], now: T })
    try {
      const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
      await saveServerOffset(185_000, db)
      const round = await startDraw(ANA, raffleId, offline, db)
      vi.setSystemTime(T + 12_000)
      expect(await finishRound(ANA, round.id, {}, db)).toBe('offline')
      expect((await opsOf(db, 'draw.complete'))[0]).toMatchObject({ device_started_at: T, device_completed_at: T + 12_000, device_clock_offset: 185_000 })
      // A clock reading 1999 would have the server refuse the result: the times are left out, never the result.
      const old = await raffleWith({ countdownSeconds: 0 })
      vi.setSystemTime(915_148_800_000)
      const late = await startDraw(ANA, old.raffleId, offline, old.db)
      expect(await finishRound(ANA, late.id, {}, old.db)).toBe('offline')
      const payload = (await opsOf(old.db, 'draw.complete'))[0]!
      expect(Object.keys(payload).filter((k) => k.startsWith('device_'))).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('offline-declared: draws when the countdown ends, not before', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 5 })
    const round = await startDraw(ANA, raffleId, offline, db)
    await db.draws.update(round.id, { startedAt: Date.now() - 4_700 })
    const began = Date.now()
    expect(await finishRound(ANA, round.id, { pollMs: 20 }, db)).toBe('offline')
    expect(Date.now() - began).toBeGreaterThanOrEqual(250)
  })

  it('online, once the server confirmed the start: reveals the seed without winners', async () => {
    const { db, raffleId } = await raffleWith()
    const round = await startDraw(ANA, raffleId, online, db)
    // Confirmed by the server; its countdown (5 s) ended a moment ago.
    await confirm(db, round.id)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
    const seed = (await db.drawSecrets.get(round.id))!.clientSeed
    expect(await opsOf(db, 'draw.complete')).toEqual([{ draw_id: round.id, client_seed: seed, offline: false }])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'revealing', offline: false })
    expect(await db.winners.count()).toBe(0)
  })

  it('online: never falls back to drawing offline, however long the server answer takes', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, online, db)
    let outcome: string | undefined
    const finishing = finishRound(ANA, round.id, { pollMs: 20 }, db).then((o) => (outcome = o))
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Hours later on this device's clock, still nothing: no winners, no offline completion.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 3600_000 })
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(outcome).toBeUndefined()
      expect(await opsOf(db, 'draw.complete')).toEqual([])
      expect(await db.draws.get(round.id)).toMatchObject({ state: 'open', offline: false })
      // The answer comes at last: the reveal goes online.
      await confirm(db, round.id)
      await finishing
      expect(outcome).toBe('online')
      expect(await opsOf(db, 'draw.complete')).toMatchObject([{ offline: false }])
    } finally {
      vi.useRealTimers()
    }
  })

  it('online: a round whose start the server refused (gone after the rebuild) is skipped', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, online, db)
    setTimeout(() => void db.draws.delete(round.id), 100)
    expect(await finishRound(ANA, round.id, { pollMs: 20 }, db)).toBe('skipped')
    expect(await opsOf(db, 'draw.complete')).toEqual([])
  })

  it('online: stops waiting when aborted', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, online, db)
    const abort = new AbortController()
    const finishing = finishRound(ANA, round.id, { signal: abort.signal, pollMs: 20 }, db)
    abort.abort(new Error('saiu'))
    await expect(finishing).rejects.toThrow('saiu')
    expect(await opsOf(db, 'draw.complete')).toEqual([])
  })

  it('online: reveals no sooner than the end of the countdown on the server clock', async () => {
    const { db, raffleId } = await raffleWith()
    const round = await startDraw(ANA, raffleId, online, db)
    // The server's start came later than this device's estimate: 300 ms of its 5 s are left.
    await confirm(db, round.id, 4_700)
    const began = Date.now()
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
    expect(Date.now() - began).toBeGreaterThanOrEqual(250)
  })

  it('a secret kept before modes were declared is online', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, offline, db)
    const { offline: _mode, ...legacy } = (await db.drawSecrets.get(round.id))!
    await db.drawSecrets.put(legacy)
    await confirm(db, round.id)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
  })

  it('leaves alone a round opened on another device (no secret here), and runs once when called twice', async () => {
    const { db, raffleId } = await raffleWith({ countdownSeconds: 0 })
    const round = await startDraw(ANA, raffleId, offline, db)
    const secret = (await db.drawSecrets.get(round.id))!
    await db.drawSecrets.delete(round.id)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('skipped')
    await db.drawSecrets.put(secret)
    const both = await Promise.all([finishRound(ANA, round.id, {}, db), finishRound(ANA, round.id, {}, db)])
    expect(both).toEqual(['offline', 'offline'])
    expect(await opsOf(db, 'draw.complete')).toHaveLength(1)
  })

  it('reveals a round once: after the server refused the reveal and the round came back open, it is left alone', async () => {
    const { db, raffleId } = await raffleWith()
    const round = await startDraw(ANA, raffleId, online, db)
    await confirm(db, round.id)
    expect(await finishRound(ANA, round.id, {}, db)).toBe('online')
    // What a refused reveal leaves after the rebuild: the round open again, nothing queued.
    await db.outbox.clear()
    await db.draws.update(round.id, { state: 'open' })
    expect(await finishRound(ANA, round.id, {}, db)).toBe('skipped')
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('invalidateWinner', () => {
  it('trims the reason; an empty one is none', async () => {
    const { db, raffleId, round } = await drawn()
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, '  Não compareceu \n', db)
    await invalidateWinner(ANA, raffleId, `${round.id}:2`, '   ', db)
    expect(await opsOf(db, 'winner.invalidate')).toEqual([{ winner_id: `${round.id}:1`, reason: 'Não compareceu' }, { winner_id: `${round.id}:2` }])
    expect(await db.winners.get(`${round.id}:1`)).toMatchObject({ isValid: false, invalidationReason: 'Não compareceu' })
    expect(await db.winners.get(`${round.id}:2`)).toMatchObject({ isValid: false, invalidationReason: null })
    expect((await db.winners.get(`${round.id}:2`))!.invalidatedAt).toBeGreaterThan(0)
  })

  it('refuses what the server would', async () => {
    const { db, raffleId, round } = await drawn()
    await expect(invalidateWinner(ANA, raffleId, `${round.id}:1`, 'x'.repeat(501), db)).rejects.toMatchObject({ reason: 'reason_too_long' })
    await expect(invalidateWinner(ANA, raffleId, `${round.id}:9`, null, db)).rejects.toMatchObject({ reason: 'winner_not_found' })
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    await expect(invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)).rejects.toMatchObject({ reason: 'winner_invalid' })
    const pending = await raffleWith()
    await expect(invalidateWinner(ANA, pending.raffleId, 'x:1', null, pending.db)).rejects.toMatchObject({ reason: 'not_drawn' })
  })
})

describe('redraw', () => {
  it.each([false, true])('draws from every ticket minus every winner so far (duplicates allowed: %s)', async (allowDuplicateWins) => {
    const { db, raffleId, round } = await drawn({ allowDuplicateWins })
    await invalidateWinner(ANA, raffleId, `${round.id}:2`, 'Desistiu', db)
    const before = await db.winners.toArray()
    const all = await pool(db, raffleId)
    const expectedPool = redrawPool(
      all,
      before.map((w) => w.ticketId),
      allowDuplicateWins,
    )
    const winner = await redraw(ANA, raffleId, 2, offline, db)

    const [op] = await opsOf(db, 'winner.redraw')
    expect(op).toMatchObject({ position: 2, pool_size: expectedPool.length, pool_digest: await poolDigest(expectedPool), offline: true })
    const wonGroups = new Set(before.map((w) => all.find((t) => t.id === w.ticketId)!.group_id))
    expect(expectedPool.length).toBe(allowDuplicateWins ? all.length - 2 : all.filter((t) => !wonGroups.has(t.group_id)).length)
    const seed = (await db.drawSecrets.get(String(op!.draw_id)))!.clientSeed
    const [expected] = await pick(fromHex(seed), expectedPool, 1, allowDuplicateWins)
    expect(winner).toMatchObject({ id: `${op!.draw_id}:2`, position: 2, ticketId: expected!.id, isValid: true })
    expect(before.map((w) => w.ticketId)).not.toContain(winner.ticketId)
    if (!allowDuplicateWins) expect(wonGroups).not.toContain(all.find((t) => t.id === winner.ticketId)!.group_id)
    // The first winner of position 2 stays, invalidated, before its replacement.
    const { winners } = await drawOverview(raffleId, db)
    expect(winners.map((w) => [w.position, w.isValid])).toEqual([
      [1, true],
      [2, false],
      [2, true],
    ])
  })

  it('throws NoEligibleError when nobody is left to draw', async () => {
    const { db, raffleId, round } = await drawn({ winnersCount: 2 })
    // Five people, two won; invalidate and redraw until the pool runs dry.
    await invalidateWinner(ANA, raffleId, `${round.id}:2`, null, db)
    for (let i = 0; i < 3; i++) {
      const w = await redraw(ANA, raffleId, 2, offline, db)
      await invalidateWinner(ANA, raffleId, w.id, null, db)
    }
    const error = await redraw(ANA, raffleId, 2, offline, db).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NoEligibleError)
    expect(error).toMatchObject({ name: 'NoEligibleError', message: 'Não há participantes elegíveis para re-sorteio' })
  })

  it('refuses a position with a valid winner, an open round, and a raffle not drawn', async () => {
    const { db, raffleId, round } = await drawn()
    await expect(redraw(ANA, raffleId, 1, offline, db)).rejects.toMatchObject({ reason: 'position_taken' })
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    await db.draws.update(round.id, { state: 'open' })
    await expect(redraw(ANA, raffleId, 1, offline, db)).rejects.toMatchObject({ reason: 'draw_open' })
    const pending = await raffleWith()
    await expect(redraw(ANA, pending.raffleId, 1, offline, pending.db)).rejects.toMatchObject({ reason: 'not_drawn' })
  })

  it('online: gives up with an error when the result does not come', async () => {
    const { db, raffleId, round } = await drawn()
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    // The server confirms every start at once, and then never answers the reveal.
    db.draws.hook('creating', (_key, row) => {
      row.serverCommitment = 'b'.repeat(64)
    })
    const options = { offline: false, pollMs: 20, resultTimeoutMs: 300 }
    await expect(redraw(ANA, raffleId, 1, options, db)).rejects.toThrow('O resultado do re-sorteio ainda não chegou')
    expect((await opsOf(db, 'draw.complete')).at(-1)).toMatchObject({ offline: false })
  })
})
