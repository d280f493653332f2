// The public viewer's live feed: one WebSocket per open raffle page, without a session. The server
// sends the whole public state on every change (encoded once for every viewer), so the page never
// fetches in answer to it. After a drop the feed comes back with exponential backoff and jitter
// (10,000 viewers must not all reconnect in the same instant) and passes the last seq it saw, so
// the server sends a state only if something changed meanwhile.
import { parseFeedMessage, type PublicState } from '@/protocol/public-state'
import { cryptoUnit, type Timer } from '@/sync/clock'
import type { WebSocketCtor } from '@/sync/socket'

export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'gone' | 'waiting'

export const FEED_BACKOFF_BASE_MS = 500
export const FEED_BACKOFF_MAX_MS = 15_000

/**
 * The wait before reconnect attempt `attempt` (0 for the first): 0.5 s doubling to 15 s, each
 * spread ±50 % by `unit` (a number in [0, 1)).
 */
export function feedBackoffDelay(attempt: number, unit: number): number {
  const step = Math.min(FEED_BACKOFF_MAX_MS, FEED_BACKOFF_BASE_MS * 2 ** Math.min(attempt, 30))
  return Math.round(step * (0.5 + unit))
}

export interface PublicFeedOptions {
  code: string
  /** ws(s)://host, without a path. */
  origin: string
  WebSocket: WebSocketCtor
  timer: Timer
  /** Jitter source in [0, 1); crypto by default. */
  unit?: () => number
  /** A newer state arrived. */
  onState(state: PublicState): void
  /** The server's clock, read when it said hello, with the local times around it (for the offset). */
  onClock(serverTime: number, sentAt: number, receivedAt: number): void
  onStatus(status: FeedStatus): void
}

export function publicFeedOrigin(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`
}

export class PublicFeed {
  private socket: InstanceType<WebSocketCtor> | null = null
  private retry: unknown = null
  private running = false
  private attempt = 0
  private seq: number | null = null
  private waited = false

  constructor(private readonly opts: PublicFeedOptions) {}

  /** The last seq seen (from this feed or from the page's first fetch). */
  get lastSeq(): number | null {
    return this.seq
  }

  /** Records a state seen elsewhere (the first HTTP answer), so the socket asks only for newer. */
  noteSeq(seq: number): void {
    if (this.seq === null || seq > this.seq) this.seq = seq
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.opts.onStatus('connecting')
    this.connect()
  }

  stop(): void {
    this.running = false
    this.clearRetry()
    this.drop()
  }

  /** Back online or visible again: skip the rest of the wait. */
  reconnectNow(): void {
    if (!this.running || this.socket) return
    this.clearRetry()
    this.attempt = 0
    this.connect()
  }

  private url(): string {
    const after = this.seq === null ? '' : `&after=${this.seq}`
    return `${this.opts.origin}/ws/public?code=${encodeURIComponent(this.opts.code)}${after}`
  }

  private drop(): void {
    const socket = this.socket
    this.socket = null
    if (!socket) return
    socket.onclose = null
    socket.onerror = null
    socket.onmessage = null
    socket.onopen = null
    socket.close()
  }

  private clearRetry(): void {
    if (this.retry !== null) this.opts.timer.clearTimeout(this.retry)
    this.retry = null
  }

  private connect(): void {
    const sentAt = this.opts.timer.now()
    let socket: InstanceType<WebSocketCtor>
    try {
      socket = new this.opts.WebSocket(this.url())
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onopen = () => {}
    socket.onmessage = (event: MessageEvent) => this.receive(String(event.data), sentAt)
    socket.onerror = () => {}
    socket.onclose = () => {
      if (this.socket !== socket) return
      this.socket = null
      this.scheduleReconnect()
    }
  }

  private receive(text: string, sentAt: number): void {
    const message = parseFeedMessage(text)
    if (!message || !this.running) return
    if (message.type === 'hello') {
      // The hello proves the connection works: the next drop starts the backoff afresh.
      this.attempt = 0
      this.opts.onClock(message.server_time, sentAt, this.opts.timer.now())
      this.opts.onStatus('live')
    } else if (message.type === 'waiting') {
      // No raffle has the code yet: the server keeps the socket and sends the state when one does.
      this.waited = true
      this.opts.onStatus('waiting')
    } else if (message.type === 'gone') {
      this.running = false
      this.clearRetry()
      this.drop()
      this.opts.onStatus('gone')
    } else {
      const { type: _type, ...state } = message
      if (this.seq !== null && state.seq <= this.seq) return
      this.seq = state.seq
      this.opts.onState(state)
      if (this.waited) this.opts.onStatus('live')
      this.waited = false
    }
  }

  private scheduleReconnect(): void {
    if (!this.running) return
    this.clearRetry()
    this.opts.onStatus('reconnecting')
    const wait = feedBackoffDelay(this.attempt, (this.opts.unit ?? cryptoUnit)())
    this.attempt += 1
    this.retry = this.opts.timer.setTimeout(() => {
      this.retry = null
      if (this.running) this.connect()
    }, wait)
  }
}
