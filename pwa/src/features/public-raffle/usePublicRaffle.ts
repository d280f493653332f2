import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { isSettled, type PublicState } from '@/protocol/public-state'
import { errorText } from '@/components/ui/error-text'
import { ApiError, NetworkError } from '@/lib/api'
import { realTimer } from '@/sync/clock'
import { useBrowserOnline } from '@/sync/online'
import { PublicFeed, publicFeedOrigin, type FeedStatus } from '@/sync/public-feed'
import { ServerClockEstimator } from '@/sync/server-clock'
import type { WebSocketCtor } from '@/sync/socket'
import { initialLive, liveReducer, type LiveState } from '@/features/public-raffle/live-show'
import { takeEarlyState, type EarlyState, type RequestTimes } from '@/features/public-raffle/early-state'
import { fetchPublicState } from '@/features/public-raffle/public-api'
import { showClock } from '@/components/show/useShowFrame'

/** 'waiting': no raffle has the code yet (not synced by its organiser); the socket waits for it. */
export type PageLoad = { status: 'loading' } | { status: 'notFound' } | { status: 'waiting' } | { status: 'failed'; message: string; offline: boolean } | { status: 'ready' }

export interface PublicRaffleView {
  load: PageLoad
  live: LiveState
  connection: FeedStatus
  /** Server time minus local time, in ms. */
  offsetMs: number
  online: boolean
  close(): void
  retry(): void
}

interface FirstLoad {
  early: EarlyState | undefined
  /** Set when the early answer was in for the first render, which shows it. */
  answer: { key: string; load: PageLoad } | null
  live: LiveState
  clock: ServerClockEstimator
  offsetMs: number
}

/** The hook's first state: the early answer's, when it is in already. */
function firstLoad(code: string): FirstLoad {
  const early = takeEarlyState(code)
  const clock = new ServerClockEstimator()
  const arrived = early?.arrived
  if (!arrived) return { early, answer: null, live: initialLive, clock, offsetMs: 0 }
  const { state, times } = arrived
  // As the effect below does with an answer: a settled raffle's server_time may be a cached copy's.
  const offsetMs = isSettled(state) || !times ? 0 : (clock.observe(state.server_time, times.sentAt, times.receivedAt) ?? 0)
  return {
    early,
    answer: { key: `${code}#0`, load: { status: 'ready' } },
    live: liveReducer(initialLive, { type: 'state', state, now: Date.now() + offsetMs }),
    clock,
    offsetMs,
  }
}

/**
 * The times that date an answer for the server clock: this attempt's own request (sent at
 * `sentAt`, back now); the early request's, from resource timing, unless the first render sampled
 * them already; none when they are unknown.
 */
function clockTimes(early: EarlyState | undefined, start: FirstLoad, sentAt: number): RequestTimes | null {
  if (!early) return { sentAt, receivedAt: Date.now() }
  if (start.answer) return null
  return early.arrived?.times ?? null
}

/** Tests replace the socket; the page uses the browser's. */
export const feedDeps: { WebSocket: WebSocketCtor } = { WebSocket: globalThis.WebSocket }

/**
 * Loads a raffle's public state, then follows it live: one WebSocket whose every message is the
 * whole new state. The server's clock offset comes from the first answer and from each hello.
 */
export function usePublicRaffle(code: string): PublicRaffleView {
  const [start] = useState(() => firstLoad(code))
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<{ key: string; load: PageLoad } | null>(start.answer)
  const [live, dispatch] = useReducer(liveReducer, start.live)
  const [connection, setConnection] = useState<FeedStatus>('connecting')
  const [offsetMs, setOffset] = useState(start.offsetMs)
  const clock = useRef(start.clock)
  const offsetRef = useRef(start.offsetMs)
  const feedRef = useRef<PublicFeed | null>(null)
  const online = useBrowserOnline()
  const key = `${code}#${attempt}`

  useEffect(() => {
    const controller = new AbortController()
    const observe = (serverTime: number, sentAt: number, receivedAt: number) => {
      const offset = clock.current.observe(serverTime, sentAt, receivedAt)
      if (offset !== null) {
        offsetRef.current = offset
        setOffset(offset)
      }
    }
    const ready = { key, load: { status: 'ready' } } as const
    const receive = (state: PublicState) => {
      showClock.touch()
      dispatch({ type: 'state', state, now: Date.now() + offsetRef.current })
      // A waited-for raffle arrives by the socket: shown at once, without a reload.
      setAnswer((shown) => (shown?.key === key && shown.load.status === 'ready' ? shown : ready))
    }
    const feed = new PublicFeed({
      code,
      origin: publicFeedOrigin(window.location),
      WebSocket: feedDeps.WebSocket,
      timer: realTimer,
      onState: receive,
      onClock: observe,
      onStatus: (status) => {
        setConnection(status)
        if (status === 'gone') setAnswer({ key, load: { status: 'notFound' } })
        if (status === 'waiting') setAnswer((shown) => (shown?.key === key && shown.load.status === 'ready' ? shown : { key, load: { status: 'waiting' } }))
      },
    })
    feedRef.current = feed
    // The first attempt takes the entry's early request (its answer may be on screen already).
    const early = attempt === 0 ? start.early : undefined
    const sentAt = Date.now()
    const request = early?.answer ?? fetchPublicState(code, controller.signal)
    request.then(
      (state) => {
        if (controller.signal.aborted) return
        const times = clockTimes(early, start, sentAt)
        // A settled raffle's state may come from a cache (docs/operations.md), its server_time
        // as old as the copy: only a live state's clock counts; the socket's hello follows anyway.
        if (!isSettled(state) && times) observe(state.server_time, times.sentAt, times.receivedAt)
        receive(state)
        feed.noteSeq(state.seq)
        feed.start()
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof ApiError && error.status === 404) {
          // Perhaps not synced yet: the socket waits for the code and brings the raffle when it arrives.
          setAnswer({ key, load: { status: 'waiting' } })
          feed.start()
          return
        }
        setAnswer({ key, load: { status: 'failed', message: errorText(error), offline: error instanceof NetworkError } })
      },
    )
    return () => {
      controller.abort()
      feed.stop()
      feedRef.current = null
    }
  }, [code, key, attempt, start])

  // Back online, or a phone woken with the page in front: reconnect now rather than at the end of
  // the backoff.
  useEffect(() => {
    if (online) feedRef.current?.reconnectNow()
  }, [online])
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') feedRef.current?.reconnectNow()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [])

  const load: PageLoad = answer?.key === key ? answer.load : { status: 'loading' }
  // Opened without a network: try again once the browser says it is back.
  const failedOffline = load.status === 'failed' && load.offline
  useEffect(() => {
    if (!failedOffline) return
    const again = () => setAttempt((n) => n + 1)
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [failedOffline])

  return {
    load,
    live,
    connection,
    offsetMs,
    online,
    close: useCallback(() => dispatch({ type: 'close' }), []),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  }
}
