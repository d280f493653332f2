// The sync endpoints of docs/sync-protocol.md over an injected fetch, so the engine runs against a
// fake server in tests. Errors use the app's two classes: ApiError (the server answered with an
// error body) and NetworkError (no server, or something else answered, e.g. a proxy page).
import type { RaffleWire, TicketWire } from '@/db/apply'
import type { DrawWire, WinnerWire } from '@/db/apply-draw'
import { ApiError, NetworkError } from '@/lib/api'
import type { Timer } from '@/sync/clock'
import type { WireOp } from '@/sync/validate'

// 2 adds the draw ops, 3 draw.abandon (and the server's countdown); the server accepts the previous version too.
export const SCHEMA_VERSION = 3

export interface PushRequest {
  client_id: string
  /** The account the ops were made under; the server refuses them under another session. */
  user_id: string
  schema_version: number
  ops: WireOp[]
}

export interface OpResult {
  op_id: string
  status: 'applied' | 'duplicate' | 'rejected'
  seq?: number
  code?: string
  reason?: string
  message?: string
}

export interface Change {
  seq: number
  op_id: string
  type: string
  payload: unknown
  at: number
}

export type ChangesPage = { refetch: true } | { refetch?: false; changes: Change[]; cursor: string; more: boolean }

export interface Snapshot {
  raffle: RaffleWire
  head_seq: number
  participants: TicketWire[]
  /** Every round, open or completed (schema version 2; absent from older servers). */
  draws?: DrawWire[]
  winners?: WinnerWire[]
  cursor: string
}

export interface FeedEntry extends RaffleWire {
  head_seq: number
  deleted: boolean
}

export interface FeedPage {
  raffles: FeedEntry[]
  cursor: string
  more: boolean
}

export interface SyncApi {
  push(body: PushRequest, signal?: AbortSignal): Promise<{ results: OpResult[] }>
  feed(after: string, signal?: AbortSignal): Promise<FeedPage>
  changes(raffleId: string, after: string, signal?: AbortSignal): Promise<ChangesPage>
  /** Null when the raffle is gone (deleted, or never reached the server). */
  snapshot(raffleId: string, signal?: AbortSignal): Promise<Snapshot | null>
}

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>

/** Told the `server_time` of each answer that carries one, with when the request left and its answer came. */
export type ServerTimeListener = (serverTime: number, sentAt: number, receivedAt: number) => void

// A push can carry megabytes of participants; pulls are smaller. A hung connection must still end.
const PUSH_TIMEOUT_MS = 120_000
const PULL_TIMEOUT_MS = 60_000

export function createSyncApi(fetchFn: FetchFn, timer: Timer, base = '', onServerTime?: ServerTimeListener): SyncApi {
  async function call<T>(path: string, timeoutMs: number, signal: AbortSignal | undefined, body?: unknown): Promise<T> {
    const controller = new AbortController()
    const stop = timer.setTimeout(() => controller.abort(), timeoutMs)
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    let response: Response
    const json = body === undefined ? undefined : JSON.stringify(body)
    const sentAt = timer.now()
    try {
      response = await fetchFn(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: json,
        credentials: 'same-origin',
        signal: controller.signal,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new NetworkError(undefined, { cause: error })
    } finally {
      timer.clearTimeout(stop)
      signal?.removeEventListener('abort', onAbort)
    }
    // The headers' arrival: a long body's transfer says nothing about the clocks.
    const receivedAt = timer.now()
    let data: unknown
    try {
      data = (response.headers.get('Content-Type') ?? '').includes('application/json') ? await response.json() : undefined
    } catch (error) {
      // The body broke off mid-way: as good as no answer.
      throw new NetworkError(undefined, { cause: error })
    }
    if (response.ok && data !== undefined) {
      const serverTime = (data as { server_time?: unknown }).server_time
      if (typeof serverTime === 'number') onServerTime?.(serverTime, sentAt, receivedAt)
      return data as T
    }
    const err = data as { code?: unknown; message?: unknown } | undefined
    if (!response.ok && typeof err?.code === 'string' && typeof err.message === 'string') {
      throw new ApiError(response.status, { code: err.code, message: err.message })
    }
    // No JSON from the API: a gateway or a captive portal answered.
    throw new NetworkError()
  }

  const q = (after: string) => `after=${encodeURIComponent(after)}`
  const raffle = (id: string) => `/api/sync/raffles/${encodeURIComponent(id)}`

  return {
    push: (body, signal) => call('/api/sync/push', PUSH_TIMEOUT_MS, signal, body),
    feed: (after, signal) => call(`/api/sync/raffles?${q(after)}`, PULL_TIMEOUT_MS, signal),
    changes: (id, after, signal) => call(`${raffle(id)}/changes?${q(after)}`, PULL_TIMEOUT_MS, signal),
    async snapshot(id, signal) {
      try {
        return await call<Snapshot>(`${raffle(id)}/snapshot`, PULL_TIMEOUT_MS, signal)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  }
}

/** What the engine does after a failed request. */
export type Failure = 'retry' | 'unauthenticated' | 'forbidden_client' | 'aborted'

export function classify(error: unknown): Failure {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'unauthenticated'
    if (error.status === 403 && error.code === 'forbidden_client') return 'forbidden_client'
    return 'retry'
  }
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted'
  return 'retry'
}
