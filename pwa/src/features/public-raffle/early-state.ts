// A raffle's public page opened from its link or QR code waits for the raffle's state, and asked
// for it only once the page's code had run and painted 'Carregando...': a round trip after the
// entry's code, on the phones of a venue's whole audience. The entry's first module (app/boot.ts)
// asks instead, beside the session check, and the page takes that answer: read at once for its
// first render when it is in, else awaited instead of asking a second time.
// Steps 2 and 5 of "The start-up path" (docs/architecture.md).
import type { PublicState } from '@/protocol/public-state'
import { fetchPublicState, publicStatePath } from '@/features/public-raffle/public-api'

/** When a request left and its answer came back, on the local clock (epoch ms). */
export interface RequestTimes {
  sentAt: number
  receivedAt: number
}

export interface EarlyState {
  code: string
  /** When the request was asked for, on the local clock: its age. */
  sentAt: number
  answer: Promise<PublicState>
  /**
   * Set once the answer is in. `times` is null when they are not known: the server clock is then
   * taken from the socket's hello instead.
   */
  arrived?: { state: PublicState; times: RequestTimes | null }
}

/** Where the page learns when a request really went out (tests pass their own). */
export type RequestTiming = (path: string) => RequestTimes | null

/**
 * The request's own times, from Resource Timing. The time fetch() was called will not do: the
 * server's `Link: rel=preload` sends the request as soon as the page's headers arrive, often before
 * the entry's code runs, so an answer already in would look like a round trip of 0 ms, a clock
 * sample the estimator would then prefer to every honest one.
 */
const resourceTiming: RequestTiming = (path) => {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByName !== 'function') return null
  const url = new URL(path, location.href).href
  const entry = performance.getEntriesByName(url, 'resource').at(-1) as PerformanceResourceTiming | undefined
  if (!entry) return null
  const sent = entry.requestStart || entry.startTime
  const received = entry.responseStart || entry.responseEnd
  if (!(received >= sent) || received === 0) return null
  return { sentAt: performance.timeOrigin + sent, receivedAt: performance.timeOrigin + received }
}

// The live page and the big screen; the verification page reads something else.
const PUBLIC_PATH = /^\/sorteio\/([^/]+)(?:\/telao)?\/?$/

/** An answer older than this is not used: the page asks again. */
export const EARLY_STATE_KEEP_MS = 10_000

let early: EarlyState | null = null

/** Starts the request when `pathname` is a raffle's public page; true when it did. */
export function startEarlyState(
  pathname: string,
  fetchState: (code: string) => Promise<PublicState> = fetchPublicState,
  timing: RequestTiming = resourceTiming,
  now: () => number = Date.now,
): boolean {
  const segment = PUBLIC_PATH.exec(pathname)?.[1]
  if (!segment || early) return false
  let code: string
  try {
    code = decodeURIComponent(segment).toUpperCase()
  } catch {
    return false
  }
  const started: EarlyState = { code, sentAt: now(), answer: fetchState(code) }
  started.answer.then(
    (state) => {
      started.arrived = { state, times: timing(publicStatePath(code)) }
    },
    // The page that takes it sees the failure.
    () => {},
  )
  early = started
  return true
}

/** The early request for `code`, at most once; undefined when there is none, or it is too old. */
export function takeEarlyState(code: string, now: () => number = Date.now): EarlyState | undefined {
  const taken = early
  if (!taken || taken.code !== code) return undefined
  early = null
  return now() - taken.sentAt <= EARLY_STATE_KEEP_MS ? taken : undefined
}
