import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { clientIdFor } from '@/db/outbox'
import { createRaffle, listRaffles, updateRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { SyncEngine } from '@/sync/engine'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, BRUNO, eventually, freshDb } from '@/sync/testing/helpers'

const input = { title: 'Rifa', description: '', type: 'simple' as const, winnersCount: 1, countdownSeconds: 0 }
let running: SyncEngine | null = null

afterEach(() => running?.stop())

/** Signs `userId` in on this device: the server's cookie and the engine the app would start. */
async function signIn(db: SorteioDB, server: FakeSyncServer, userId: string): Promise<void> {
  running?.stop()
  server.user = userId
  running = new SyncEngine({ db, userId, fetch: server.fetch, WebSocket: null, locks: null, channel: null, win: null, doc: null, isOnline: () => true })
  running.start()
  const engine = running
  await eventually(() => {
    const s = engine.getStatus()
    if (s.lastSyncedAt === null || s.syncing || s.pending > 0) throw new Error('still syncing')
  })
}

describe('accounts on one device', () => {
  it("never pushes one account's ops under another; they go when their account signs in again", async () => {
    const db = freshDb()
    const server = new FakeSyncServer()
    // Ana works offline; her session ends before anything reaches the server.
    const mine = await createRaffle(ANA, input, db)
    await updateRaffle(ANA, mine.id, { title: 'Rifa da Ana' }, db)

    await signIn(db, server, BRUNO)
    await createRaffle(BRUNO, { ...input, title: 'Rifa do Bruno' }, db)
    await eventually(() => expect(server.pushes).toHaveLength(1))
    await eventually(async () => expect(await db.outbox.where('userId').equals(BRUNO).count()).toBe(0))
    const pushedOps = server.pushes.flatMap((p) => p.ops.map((o) => o.raffle_id))
    expect(pushedOps).not.toContain(mine.id)
    expect(server.pushes[0]!.client_id).toBe(await clientIdFor(db, BRUNO))
    expect(await db.outbox.where('userId').equals(ANA).count()).toBe(2)
    expect((await listRaffles(BRUNO, db)).map((r) => r.title)).toEqual(['Rifa do Bruno'])

    await signIn(db, server, ANA)
    const anaPush = server.pushes.at(-1)!
    expect(anaPush.client_id).toBe(await clientIdFor(db, ANA))
    expect(anaPush.ops.map((o) => [o.type, o.mutation_id])).toEqual([
      ['raffle.create', 1],
      ['raffle.update', 2],
    ])
    expect(server.raffles.get(mine.id)).toMatchObject({ ownerId: ANA, raffle: { title: 'Rifa da Ana' } })
    expect(await db.outbox.count()).toBe(0)
    // Each account still sees only its own raffles.
    expect((await listRaffles(ANA, db)).map((r) => r.title)).toEqual(['Rifa da Ana'])
  })
})

describe('a cookie that changed account under a running engine', () => {
  it("keeps the first account's ops when another tab signed in as someone else", async () => {
    const db = freshDb()
    const server = new FakeSyncServer()
    await signIn(db, server, ANA)
    running!.stop()
    // Ana keeps working; meanwhile another tab signs in as Bruno, so the cookie is now his.
    await createRaffle(ANA, input, db)
    server.user = BRUNO
    running = new SyncEngine({ db, userId: ANA, fetch: server.fetch, WebSocket: null, locks: null, channel: null, win: null, doc: null, isOnline: () => true })
    running.start()
    await eventually(() => expect(server.pushes.length).toBeGreaterThan(0))
    expect(server.pushes.every((p) => p.user_id === ANA)).toBe(true)
    // The server refused them (an accepted op would have left the outbox): Ana's op is still queued.
    expect(await db.outbox.where('userId').equals(ANA).count()).toBe(1)
  })
})
