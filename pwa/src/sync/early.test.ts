import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { readTicketColumns } from '@/db/ticket-reads'
import type { TicketWire } from '@/protocol/wire'
import { createSyncApi } from '@/sync/api'
import { realTimer } from '@/sync/clock'
import { EARLY_KEEP_MS, startEarly, takeEarly } from '@/sync/early'
import { snapshotPath } from '@/sync/paths'
import { pullAll } from '@/sync/pull'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, BRUNO, freshDb, ManualTimer } from '@/sync/testing/helpers'

const RAFFLE = '0192f0c1-0000-7000-8000-00000000e001'
const PATH = snapshotPath(RAFFLE)

/** A server holding Ana's raffle of three tickets, as a new device finds it. */
function serverWithRaffle(): FakeSyncServer {
  const server = new FakeSyncServer()
  server.user = ANA
  const device = '0192f0c1-0000-7000-8000-0000000000d9'
  const op = (n: number, type: 'raffle.create' | 'participants.add', payload: unknown) => ({
    op_id: `0192f0c1-0000-7000-8000-${String(n).padStart(12, '0')}`,
    mutation_id: n,
    raffle_id: RAFFLE,
    type,
    base_seq: 0,
    payload,
  })
  const create = {
    id: RAFFLE,
    code: 'K7P2QX',
    title: 'Rifa',
    description: '',
    type: 'tickets',
    winners_count: 1,
    countdown_seconds: 0,
    allow_duplicate_wins: false,
    created_at: 1_763_700_000_000,
  }
  const tickets: TicketWire[] = [1, 2, 3].map((k) => ({
    id: `0192f0c1-0000-7000-8000-0000000f000${k}`,
    group_id: '0192f0c1-0000-7000-8000-0000000f0001',
    name: 'Ana',
    email: null,
    ticket_number: `00${k}`,
  }))
  expect(server.applyOp(ANA, device, op(1, 'raffle.create', create)).status).toBe('applied')
  expect(server.applyOp(ANA, device, op(2, 'participants.add', { tickets })).status).toBe('applied')
  return server
}

/** The engine's pull on a new device, with the early answers it would take. */
function pullWith(server: FakeSyncServer, userId: string) {
  const db = freshDb()
  const api = createSyncApi(server.fetch, realTimer, '', undefined, (path) => takeEarly(userId, path))
  return { db, done: pullAll({ db, api, userId, now: () => server.now, emit: () => {} }) }
}

const snapshotGets = (server: FakeSyncServer) => server.gets.filter((g) => g.includes('/snapshot'))

describe('a download started early is handed to the engine', () => {
  it('the engine stores the early snapshot and does not ask for it again', async () => {
    const server = serverWithRaffle()
    startEarly(Promise.resolve(ANA), PATH, { fetch: server.fetch })
    const { db, done } = pullWith(server, ANA)
    await done
    expect(snapshotGets(server)).toEqual([PATH])
    expect((await readTicketColumns(RAFFLE, db)).ids).toHaveLength(3)
    // Taken once: nothing is left for a second request.
    expect(takeEarly(ANA, PATH)).toBeUndefined()
  })

  it('never to another account: the engine asks again with its own session', async () => {
    const server = serverWithRaffle()
    startEarly(Promise.resolve(BRUNO), PATH, { fetch: server.fetch })
    const { db, done } = pullWith(server, ANA)
    await done
    expect(snapshotGets(server)).toEqual([PATH, PATH])
    expect((await readTicketColumns(RAFFLE, db)).ids).toHaveLength(3)
  })

  it('a failed early request (no session, an error, no network) is asked again', async () => {
    for (const fault of ['unauthenticated', 500, 'network'] as const) {
      const server = serverWithRaffle()
      if (fault === 'unauthenticated') server.user = null
      else server.faults.push(fault)
      startEarly(Promise.resolve(ANA), PATH, { fetch: server.fetch })
      server.user = ANA
      const { db, done } = pullWith(server, ANA)
      await done
      expect((await readTicketColumns(RAFFLE, db)).ids).toHaveLength(3)
    }
  })

  it('only a GET of the same path takes it', async () => {
    const server = serverWithRaffle()
    startEarly(Promise.resolve(ANA), PATH, { fetch: server.fetch })
    expect(takeEarly(ANA, '/api/sync/raffles?after=')).toBeUndefined()
    expect(await takeEarly(ANA, PATH)).toMatchObject({ response: { ok: true } })
  })

  it('an answer nobody takes is dropped after a while', () => {
    const server = serverWithRaffle()
    const timer = new ManualTimer()
    startEarly(Promise.resolve(ANA), PATH, { fetch: server.fetch, timer })
    timer.advance(EARLY_KEEP_MS - 1)
    startEarly(Promise.resolve(ANA), '/other', { fetch: server.fetch, timer })
    timer.advance(1)
    // The second start found the first one still there and did nothing; now neither is.
    expect(takeEarly(ANA, PATH)).toBeUndefined()
    expect(takeEarly(ANA, '/other')).toBeUndefined()
  })
})
