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
import { fetchPublicState } from '@/features/public-raffle/public-api'
import { showClock } from '@/features/public-raffle/useShowFrame'

export type PageLoad = { status: 'loading' } | { status: 'notFound' } | { status: 'failed'; message: string; offline: boolean } | { status: 'ready' }

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

/** Tests replace the socket; the page uses the browser's. */
export const feedDeps: { WebSocket: WebSocketCtor } = { WebSocket: globalThis.WebSocket }

/**
 * Loads a raffle's public state, then follows it live: one WebSocket whose every message is the
 * whole new state. The server's clock offset comes from the first answer and from each hello.
 */
export function usePublicRaffle(code: string): PublicRaffleView {
  const [attempt, setAttempt] = useState(0)
  const [answer, setAnswer] = useState<{ key: string; load: PageLoad } | null>(null)
  const [live, dispatch] = useReducer(liveReducer, initialLive)
  const [connection, setConnection] = useState<FeedStatus>('connecting')
  const [offsetMs, setOffset] = useState(0)
  const clock = useRef(new ServerClockEstimator())
  const offsetRef = useRef(0)
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
    const receive = (state: PublicState) => {
      showClock.touch()
      dispatch({ type: 'state', state, now: Date.now() + offsetRef.current })
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
      },
    })
    feedRef.current = feed
    const sentAt = Date.now()
    fetchPublicState(code, controller.signal).then(
      (state) => {
        if (controller.signal.aborted) return
        // A settled raffle's state may come from a cache (docs/operations.md), its server_time
        // as old as the copy: only a live state's clock counts; the socket's hello follows anyway.
        if (!isSettled(state)) observe(state.server_time, sentAt, Date.now())
        receive(state)
        setAnswer({ key, load: { status: 'ready' } })
        feed.noteSeq(state.seq)
        feed.start()
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const load: PageLoad =
          error instanceof ApiError && error.status === 404
            ? { status: 'notFound' }
            : { status: 'failed', message: errorText(error), offline: error instanceof NetworkError }
        setAnswer({ key, load })
      },
    )
    return () => {
      controller.abort()
      feed.stop()
      feedRef.current = null
    }
  }, [code, key])

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
