// The two servers the contract scenarios run on: the hand-written fake the engine's unit tests use,
// and the real bin/sorteio. Each scenario expects the same of both, so a server rule the fake does
// not follow (or no longer follows) fails on one of them.
import type { FetchFn } from '@/lib/api'
import { createSyncApi } from '@/sync/api'
import { realTimer } from '@/sync/clock'
import type { SyncContext, SyncEvent } from '@/sync/push'
import { signUp, startRealServer, type RealServer } from '@/sync/contract/real-server'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, freshDb } from '@/sync/testing/helpers'

export interface Device extends SyncContext {
  events: SyncEvent[]
  /** The next answer is lost on the way back: the server acted, the device saw a network error. */
  loseNextAnswer(): void
}

export interface Account {
  userId: string
  /** A new device (an empty IndexedDB) signed in to the account. */
  device(): Device
  /** Fields of the server's answers that sync/testdata/wire.json does not name. */
  unknownFields(): string[]
}

export interface Backend {
  name: string
  start(): Promise<void>
  stop(): Promise<void>
  account(): Promise<Account>
}

function deviceOn(userId: string, fetchFn: FetchFn): Device {
  let lose = false
  const events: SyncEvent[] = []
  const lossy: FetchFn = async (input, init) => {
    const answer = await fetchFn(input, init)
    if (!lose) return answer
    lose = false
    throw new TypeError('Failed to fetch')
  }
  return {
    db: freshDb(),
    api: createSyncApi(lossy, realTimer),
    userId,
    now: () => Date.now(),
    emit: (e) => events.push(e),
    events,
    loseNextAnswer: () => {
      lose = true
    },
  }
}

export function fakeBackend(): Backend {
  return {
    name: 'the fake server',
    start: async () => {},
    stop: async () => {},
    async account() {
      const server = new FakeSyncServer()
      server.user = ANA
      server.now = Date.now()
      return { userId: ANA, device: () => deviceOn(ANA, server.fetch), unknownFields: () => [] }
    },
  }
}

export function realBackend(): Backend {
  let server: RealServer | undefined
  let accounts = 0
  return {
    name: 'bin/sorteio',
    async start() {
      server = await startRealServer()
    },
    async stop() {
      await server?.stop()
    },
    async account() {
      const account = await signUp(server!, `contrato-${++accounts}-${Date.now()}@exemplo.com.br`)
      return { userId: account.userId, device: () => deviceOn(account.userId, account.fetch), unknownFields: () => account.unknownFields }
    },
  }
}
