import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { pendingOps } from '@/db/outbox'
import { addPeople, countTickets, listTickets } from '@/db/participants'
import { getRaffle, listRaffles, updateRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, BRUNO, contextFor, freshDb } from '@/sync/testing/helpers'
import type { OpType, WireOp } from '@/protocol/wire'
import { SCHEMA_PARAM } from '@/sync/paths'

const DEVICE = '0192f0c1-0000-7000-8000-0000000000d9'
const RAFFLE = '0192f0c1-0000-7000-8000-00000000a001'
let mutation = 0
let opCounter = 0

/** An op made on another device of the account (straight into the fake server). */
function remote(server: FakeSyncServer, type: string, payload: unknown, raffleId = RAFFLE, user = ANA) {
  const op: WireOp = {
    op_id: `0192f0c1-0000-7000-8000-${String(++opCounter).padStart(12, '0')}`,
    mutation_id: ++mutation,
    raffle_id: raffleId,
    type: type as OpType,
    base_seq: 0,
    payload,
  }
  const result = server.applyOp(user, user === ANA ? DEVICE : `${DEVICE.slice(0, -2)}ff`, op)
  expect(result.status).toBe('applied')
}

const created = (id = RAFFLE) => ({
  id,
  code: 'K7P2QX',
  title: 'Rifa remota',
  description: '',
  type: 'tickets',
  winners_count: 1,
  countdown_seconds: 0,
  allow_duplicate_wins: false,
  created_at: 1_763_700_000_000,
})
const ticket = (n: number) => ({
  id: `0192f0c1-0000-7000-8000-00000000c${String(n).padStart(3, '0')}`,
  name: `Pessoa ${n}`,
  email: null,
  ticket_number: String(n),
  group_id: `0192f0c1-0000-7000-8000-00000000c${String(n).padStart(3, '0')}`,
})

function setup() {
  const db = freshDb()
  const server = new FakeSyncServer()
  server.user = ANA
  return { db, server, ctx: contextFor(db, server, ANA) }
}

const state = (db: SorteioDB) => db.syncState.get(RAFFLE)

describe('pull', () => {
  it('applies the log page by page, saving each page with its cursor; the raffle belongs to the account', async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    // New to this device: the raffle comes whole, in one snapshot, and the log only after it.
    await pullAll(ctx)
    expect(server.gets.filter((g) => g.includes(RAFFLE))).toEqual([`/api/sync/raffles/${RAFFLE}/snapshot?format=columns&${SCHEMA_PARAM}`])
    expect(await state(db)).toMatchObject({ headSeq: 1, cursor: btoa('1:1') })
    for (let i = 1; i <= 5; i++) remote(server, 'participants.add', { tickets: [ticket(i)] })
    server.pageSize = 2
    // The third page fails: the first two stay applied, with their cursor.
    let calls = 0
    const api = ctx.api
    ctx.api = { ...api, changes: async (...args) => (++calls === 3 ? Promise.reject(new TypeError('rede')) : api.changes(...args)) }
    await expect(pullAll(ctx)).rejects.toThrow('rede')
    expect(await countTickets(RAFFLE, db)).toBe(4)
    expect(await state(db)).toMatchObject({ headSeq: 5, cursor: btoa('1:5') })
    expect(await db.meta.get(`feed:${ANA}`)).toEqual({ key: `feed:${ANA}`, value: '1' })

    ctx.api = api
    await pullAll(ctx)
    expect(server.gets.filter((g) => g.includes('/changes'))).toEqual([
      `/api/sync/raffles/${RAFFLE}/changes?after=${encodeURIComponent(btoa('1:1'))}&${SCHEMA_PARAM}`,
      `/api/sync/raffles/${RAFFLE}/changes?after=${encodeURIComponent(btoa('1:3'))}&${SCHEMA_PARAM}`,
      `/api/sync/raffles/${RAFFLE}/changes?after=${encodeURIComponent(btoa('1:5'))}&${SCHEMA_PARAM}`,
    ])
    expect(await countTickets(RAFFLE, db)).toBe(5)
    expect(await state(db)).toMatchObject({ headSeq: 6, cursor: btoa('1:6') })
    expect((await listRaffles(ANA, db)).map((r) => [r.id, r.ownerId, r.title])).toEqual([[RAFFLE, ANA, 'Rifa remota']])

    // Nothing new: the feed is read, no log.
    const before = server.gets.length
    await pullAll(ctx)
    expect(server.gets.slice(before)).toEqual([`/api/sync/raffles?after=6`])
  })

  it('loads the snapshot when the log answers refetch', async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    remote(server, 'participants.add', { tickets: [ticket(1), ticket(2)] })
    await pullAll(ctx)
    server.compact(RAFFLE)
    remote(server, 'participants.remove_group', { group_id: ticket(1).group_id })
    remote(server, 'raffle.update', { title: 'Depois da compactação' })
    await pullAll(ctx)
    expect(server.gets.at(-1)).toBe(`/api/sync/raffles/${RAFFLE}/snapshot?format=columns&${SCHEMA_PARAM}`)
    expect((await getRaffle(ANA, RAFFLE, db))!.title).toBe('Depois da compactação')
    expect((await listTickets(RAFFLE, db)).map((t) => t.name)).toEqual(['Pessoa 2'])
    expect(await state(db)).toMatchObject({ headSeq: 4, cursor: btoa('2:4') })
  })

  it('loads the snapshot when the log has an op this version does not know', async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    await pullAll(ctx)
    // A newer version's op changed the raffle's status on the server.
    const r = server.raffles.get(RAFFLE)!
    server.setStatus(RAFFLE, 'in_progress')
    r.headSeq++
    r.feedSeq = (server.feedSeq.get(ANA) ?? 0) + 1
    server.feedSeq.set(ANA, r.feedSeq)
    r.log.push({ seq: r.headSeq, op_id: '0192f0c1-0000-7000-8000-0000000000ee', type: 'raffle.archive', payload: {}, at: 1 })
    await pullAll(ctx)
    expect(server.gets.at(-1)).toBe(`/api/sync/raffles/${RAFFLE}/snapshot?format=columns&${SCHEMA_PARAM}`)
    expect((await getRaffle(ANA, RAFFLE, db))!.status).toBe('in_progress')
  })

  it('removes a raffle the feed lists as deleted, with its tickets and cursor', async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    remote(server, 'participants.add', { tickets: [ticket(1)] })
    await pullAll(ctx)
    remote(server, 'raffle.delete', {})
    await pullAll(ctx)
    expect(await getRaffle(ANA, RAFFLE, db)).toBeUndefined()
    expect(await countTickets(RAFFLE, db)).toBe(0)
    expect(await state(db)).toBeUndefined()
  })

  it('re-applies pending ops on top of pulled changes, as the server will order them', async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    await pullAll(ctx)
    await updateRaffle(ANA, RAFFLE, { title: 'Título local' }, db)
    await addPeople(ANA, RAFFLE, [{ name: 'Local' }], db)
    remote(server, 'raffle.update', { title: 'Título remoto', winners_count: 3 })
    remote(server, 'participants.add', { tickets: [ticket(1)] })
    await pullAll(ctx)
    // The remote field the device did not touch arrives; the local title wins: it reaches the server last.
    expect(await getRaffle(ANA, RAFFLE, db)).toMatchObject({ title: 'Título local', winnersCount: 3 })
    expect((await listTickets(RAFFLE, db)).map((t) => t.name).sort()).toEqual(['Local', 'Pessoa 1'])
    expect(await pendingOps(db, ANA)).toHaveLength(2)
    await pushOutbox(ctx)
    expect(server.raffles.get(RAFFLE)!.raffle).toMatchObject({ title: 'Título local', winners_count: 3 })
  })

  it("does not download its own pushes again, and never sees another account's raffles", async () => {
    const { db, server, ctx } = setup()
    remote(server, 'raffle.create', created())
    await pullAll(ctx)
    await updateRaffle(ANA, RAFFLE, { title: 'Meu' }, db)
    await pushOutbox(ctx)
    remote(server, 'raffle.create', created('0192f0c1-0000-7000-8000-00000000b0b0'), '0192f0c1-0000-7000-8000-00000000b0b0', BRUNO)
    const before = server.gets.length
    await pullAll(ctx)
    expect(server.gets.slice(before)).toEqual([`/api/sync/raffles?after=1`])
    expect((await listRaffles(ANA, db)).map((r) => r.title)).toEqual(['Meu'])
    expect(await db.raffles.count()).toBe(1)
  })
})
