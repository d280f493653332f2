// The sync endpoints of docs/sync-protocol.md, sent with lib/api's send over an injected fetch and
// timer, so the engine runs against a fake server in tests. Errors use the app's two classes:
// ApiError (the server answered with an error body) and NetworkError (no server, or something else
// answered, e.g. a proxy page).
import { ApiError, NetworkError, readJson, send, type FetchFn, type Sent } from '@/lib/api'
import type { Timer } from '@/sync/clock'
import { type ChangesPage, type FeedPage, type OpResult, type Snapshot } from '@/protocol/wire'
import { changesPath, snapshotPath } from '@/sync/paths'

export interface SyncApi {
  /** body: a PushRequest as JSON (sync/push.ts pushBody). */
  push(body: Blob, signal?: AbortSignal): Promise<{ results: OpResult[] }>
  feed(after: string, signal?: AbortSignal): Promise<FeedPage>
  changes(raffleId: string, after: string, signal?: AbortSignal): Promise<ChangesPage>
  /** Null when the raffle is gone (deleted, or never reached the server). */
  snapshot(raffleId: string, signal?: AbortSignal): Promise<Snapshot | null>
}

/** Told the `server_time` of each answer that carries one, with when the request left and its answer came. */
export type ServerTimeListener = (serverTime: number, sentAt: number, receivedAt: number) => void

// A push can carry megabytes of participants; pulls are smaller. A hung connection must still end.
const PUSH_TIMEOUT_MS = 120_000
const PULL_TIMEOUT_MS = 60_000

/** A GET already under way for this path (sync/early), or undefined. */
export type EarlyAnswers = (path: string) => Promise<Sent | undefined> | undefined

/** The early answer to a GET when there is one and it succeeded; a failed one is asked again. */
async function earlyAnswer(early: EarlyAnswers | undefined, path: string): Promise<Sent | undefined> {
  const sent = await early?.(path)?.catch(() => undefined)
  return sent?.response.ok ? sent : undefined
}

export function createSyncApi(fetchFn: FetchFn, timer: Timer, base = '', onServerTime?: ServerTimeListener, early?: EarlyAnswers): SyncApi {
  async function call<T>(path: string, timeoutMs: number, signal: AbortSignal | undefined, body?: unknown): Promise<T> {
    const method = body === undefined ? 'GET' : 'POST'
    const { response, sentAt, receivedAt } =
      (method === 'GET' ? await earlyAnswer(early, base + path) : undefined) ?? (await send(base + path, { method, body, signal, timeoutMs, fetch: fetchFn, timer }))
    const data = await readJson(response)
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

  return {
    push: (body, signal) => call('/api/sync/push', PUSH_TIMEOUT_MS, signal, body),
    feed: (after, signal) => call(`/api/sync/raffles?${q(after)}`, PULL_TIMEOUT_MS, signal),
    changes: (id, after, signal) => call(changesPath(id, after), PULL_TIMEOUT_MS, signal),
    async snapshot(id, signal) {
      try {
        // Columns: a server that does not know the format answers objects, which local.ts reads too.
        return await call<Snapshot>(snapshotPath(id), PULL_TIMEOUT_MS, signal)
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
