import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { addPeople } from '@/db/participants'
import { createRaffle, getRaffle, updateRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { SyncEngine, type EngineOptions } from '@/sync/engine'
import type { SyncEvent } from '@/sync/push'
import type { SyncStatus } from '@/sync/status'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { channelHub, FakeWebSocket, fakeLocks } from '@/sync/testing/fakes'
import { ANA, eventually, freshDb, ManualTimer } from '@/sync/testing/helpers'

const input = { title: 'Rifa', description: '', type: 'simple' as const, winnersCount: 1, countdownSeconds: 0 }
const engines: SyncEngine[] = []

afterEach(() => {
  for (const e of engines.splice(0)) e.stop()
  FakeWebSocket.all = []
})

function makeEngine(db: SorteioDB, server: FakeSyncServer, options: Partial<EngineOptions> = {}) {
  const events: SyncEvent[] = []
  const engine = new SyncEngine({
    db,
    userId: ANA,
    fetch: server.fetch,
    WebSocket: null,
    locks: null,
    channel: null,
    win: window,
    doc: null,
    isOnline: () => true,
    onEvent: (e) => events.push(e),
    writeDelayMs: 0,
    pokeDelayMs: 0,
    ...options,
  })
  engines.push(engine)
  return { engine, events }
}

function setup() {
  const server = new FakeSyncServer()
  server.user = ANA
  return { db: freshDb(), server }
}

const until = (engine: SyncEngine, test: (s: SyncStatus) => boolean) =>
  eventually(() => {
    if (!test(engine.getStatus())) throw new Error(`status: ${JSON.stringify(engine.getStatus())}`)
  })

describe('SyncEngine', () => {
  it('on start pushes, then pulls, and reports the last sync', async () => {
    const { db, server } = setup()
    await createRaffle(ANA, input, db)
    const { engine } = makeEngine(db, server)
    const seen: SyncStatus[] = []
    engine.subscribe(() => seen.push(engine.getStatus()))
    engine.start()
    await until(engine, (s) => s.lastSyncedAt !== null && s.pending === 0 && !s.syncing)
    expect(engine.getStatus()).toMatchObject({ role: 'leader', online: true, error: null })
    expect(server.pushes).toHaveLength(1)
    expect(server.gets[0]).toBe('/api/sync/raffles?after=')
    expect(seen.some((s) => s.syncing)).toBe(true)
    expect((await db.meta.get(`lastSync:${ANA}`))?.value).toBe(engine.getStatus().lastSyncedAt)
  })

  it('pushes a local write soon, without being asked', async () => {
    const { db, server } = setup()
    const { engine } = makeEngine(db, server)
    engine.start()
    await until(engine, (s) => s.lastSyncedAt !== null)
    await createRaffle(ANA, input, db)
    await eventually(() => expect(server.pushes).toHaveLength(1))
    await until(engine, (s) => s.pending === 0)
  })

  it('retries with growing, jittered waits while the server is unreachable, then recovers', async () => {
    const { db, server } = setup()
    await createRaffle(ANA, input, db)
    const timer = new ManualTimer()
    server.faults.push('network', 'network')
    const { engine } = makeEngine(db, server, { timer })
    engine.start()
    timer.advance(0)
    await until(engine, (s) => s.error === 'offline' && !s.syncing)
    expect(engine.getStatus().online).toBe(false)
    expect(timer.waits[0]).toBeGreaterThanOrEqual(500)
    expect(timer.waits[0]).toBeLessThanOrEqual(1000)
    timer.advance(1000)
    await eventually(() => expect(server.faults).toHaveLength(0))
    await until(engine, (s) => !s.syncing)
    expect(timer.waits[0]).toBeGreaterThanOrEqual(1000)
    expect(timer.waits[0]).toBeLessThanOrEqual(2000)
    timer.advance(2000)
    await until(engine, (s) => s.error === null && s.lastSyncedAt !== null && s.pending === 0)
    expect(engine.getStatus().online).toBe(true)
  })

  it('on 401 stops retrying, keeps the outbox and says the session is gone', async () => {
    const { db, server } = setup()
    await createRaffle(ANA, input, db)
    server.user = null
    const timer = new ManualTimer()
    const { engine, events } = makeEngine(db, server, { timer })
    engine.start()
    timer.advance(0)
    await until(engine, (s) => s.error === 'unauthenticated')
    expect(events).toEqual([{ type: 'unauthenticated' }])
    expect(await db.outbox.count()).toBe(1)
    expect(timer.waits).toEqual([])
  })

  it('a push refused whole (400): a visible state with the server words, no timed retries, the op kept', async () => {
    const { db, server } = setup()
    await createRaffle(ANA, input, db)
    server.malformed.add((await db.outbox.toArray())[0]!.opId)
    const timer = new ManualTimer()
    const { engine, events } = makeEngine(db, server, { timer })
    engine.start()
    timer.advance(0)
    await until(engine, (s) => s.error === 'refused' && !s.syncing)
    expect(engine.getStatus()).toMatchObject({ online: true, detail: 'O corpo da requisição não é um JSON válido.', pending: 1 })
    expect(events).toEqual([{ type: 'push-refused', message: 'O corpo da requisição não é um JSON válido.' }])
    expect(timer.waits).toEqual([])
    expect(await db.outbox.count()).toBe(1)
  })

  it('pulls on a poke, and again after the socket reconnects', async () => {
    const { db, server } = setup()
    const timer = new ManualTimer()
    const { engine } = makeEngine(db, server, { timer, WebSocket: FakeWebSocket, socketUrl: 'ws://sorteio.test/ws' })
    engine.start()
    expect(FakeWebSocket.last.url).toBe('ws://sorteio.test/ws')
    FakeWebSocket.last.open()
    timer.advance(0)
    await until(engine, (s) => s.lastSyncedAt !== null && !s.syncing)
    const feeds = () => server.gets.filter((g) => g.startsWith('/api/sync/raffles?')).length
    expect(feeds()).toBe(1)

    FakeWebSocket.last.send({ type: 'poke', raffle_id: 'x', seq: 1 })
    timer.advance(0)
    await eventually(() => expect(feeds()).toBe(2))
    await until(engine, (s) => !s.syncing)

    FakeWebSocket.last.drop()
    expect(FakeWebSocket.all).toHaveLength(1)
    timer.advance(1000)
    expect(FakeWebSocket.all).toHaveLength(2)
    FakeWebSocket.last.open()
    timer.advance(0)
    await eventually(() => expect(feeds()).toBe(3))
  })

  it('syncs when the browser comes back online and when the tab becomes visible', async () => {
    const { db, server } = setup()
    let online = false
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState })
    const { engine } = makeEngine(db, server, { isOnline: () => online, doc })
    engine.start()
    await until(engine, (s) => s.error === 'offline')
    expect(server.gets).toEqual([])
    online = true
    window.dispatchEvent(new Event('online'))
    await until(engine, (s) => s.lastSyncedAt !== null && !s.syncing)
    expect(server.gets).toHaveLength(1)
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await eventually(() => expect(server.gets).toHaveLength(2))
  })

  it('runs in one tab only; another takes over when it stops, and followers share its status', async () => {
    const { db, server } = setup()
    const locks = fakeLocks()
    const channel = channelHub()
    const first = makeEngine(db, server, { locks, channel })
    const second = makeEngine(db, server, { locks, channel })
    first.engine.start()
    second.engine.start()
    await until(first.engine, (s) => s.role === 'leader' && s.lastSyncedAt !== null && !s.syncing)
    expect(second.engine.getStatus().role).toBe('follower')

    // A write in the follower tab is pushed by the leader; the follower sees the result through Dexie.
    await createRaffle(ANA, input, db)
    await eventually(() => expect(server.pushes).toHaveLength(1))
    await until(second.engine, (s) => s.pending === 0)

    // A follower's flush (before an app update) is carried out by the leader.
    await updateRaffle(ANA, (await db.raffles.toArray())[0]!.id, { title: 'Outro' }, db)
    expect(await second.engine.flush(5000)).toBe(0)

    const gets = server.gets.length
    first.engine.stop()
    await until(second.engine, (s) => s.role === 'leader')
    await eventually(() => expect(server.gets.length).toBeGreaterThan(gets))
  })

  it('tells every tab about a rejection', async () => {
    const { db, server } = setup()
    const locks = fakeLocks()
    const channel = channelHub()
    const first = makeEngine(db, server, { locks, channel })
    const second = makeEngine(db, server, { locks, channel })
    const { id } = await createRaffle(ANA, input, db)
    first.engine.start()
    second.engine.start()
    await until(first.engine, (s) => s.pending === 0 && s.lastSyncedAt !== null)
    server.setStatus(id, 'in_progress')
    await addPeople(ANA, id, [{ name: 'Ana' }], db)
    await eventually(() => expect(second.events.map((e) => e.type)).toEqual(['rejected']))
    expect(first.events.map((e) => e.type)).toEqual(['rejected'])
    await eventually(async () => expect((await getRaffle(ANA, id, db))!.status).toBe('in_progress'))
  })

  it('flush reports what could not be sent; stop keeps it for later', async () => {
    const { db, server } = setup()
    await createRaffle(ANA, input, db)
    server.faults.push('network', 'network', 'network')
    const { engine } = makeEngine(db, server)
    engine.start()
    expect(await engine.flush(2000)).toBe(1)
    engine.stop()
    expect(engine.getStatus().role).toBe('stopped')
    expect(await db.outbox.count()).toBe(1)
    server.faults = []
    engine.start()
    await until(engine, (s) => s.pending === 0 && s.lastSyncedAt !== null)
    expect(await engine.flush()).toBe(0)
  })
})
