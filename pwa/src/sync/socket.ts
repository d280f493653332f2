// The WebSocket that tells this device when one of its account's raffles changed on the server.
// It carries no data: every message only means "pull now". It reconnects with backoff for as long
// as it runs; the server closes connections that fall behind, and the engine pulls on reconnect.
import { Backoff, type Timer } from '@/sync/clock'

/** The parts of the WebSocket constructor the engine uses (tests pass a fake). */
export type WebSocketCtor = new (url: string) => Pick<WebSocket, 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>

export interface PokeSocketOptions {
  url: string
  WebSocket: WebSocketCtor
  timer: Timer
  /** Connected (first time or again): what was missed while down must be pulled. */
  onOpen(): void
  /** A poke or feed message. */
  onPoke(message: { type: string; raffle_id?: string; seq?: number }): void
  onDown(): void
}

/** Same origin as the page: the session cookie goes along, and the server checks Origin. */
export function sameOriginSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`
}

export class PokeSocket {
  private socket: InstanceType<WebSocketCtor> | null = null
  private retry: unknown = null
  private running = false
  private readonly backoff = new Backoff(1000, 60_000)

  constructor(private readonly opts: PokeSocketOptions) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.connect()
  }

  stop(): void {
    this.running = false
    this.clearRetry()
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.onclose = null
      socket.onerror = null
      socket.onmessage = null
      socket.onopen = null
      socket.close()
    }
  }

  /** Back online or visible again: skip the rest of the wait. */
  reconnectNow(): void {
    if (!this.running || this.socket) return
    this.clearRetry()
    this.backoff.reset()
    this.connect()
  }

  get connected(): boolean {
    return this.socket !== null
  }

  private clearRetry(): void {
    if (this.retry !== null) this.opts.timer.clearTimeout(this.retry)
    this.retry = null
  }

  private connect(): void {
    let socket: InstanceType<WebSocketCtor>
    try {
      socket = new this.opts.WebSocket(this.opts.url)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    socket.onopen = () => {
      this.backoff.reset()
      this.opts.onOpen()
    }
    socket.onmessage = (event: MessageEvent) => {
      try {
        const message = JSON.parse(String(event.data)) as { type?: unknown }
        if (typeof message.type === 'string') this.opts.onPoke(message as { type: string })
      } catch {
        // Not JSON: nothing this version understands.
      }
    }
    socket.onerror = () => {}
    socket.onclose = () => {
      if (this.socket !== socket) return
      this.socket = null
      this.opts.onDown()
      this.scheduleReconnect()
    }
  }

  private scheduleReconnect(): void {
    if (!this.running) return
    this.clearRetry()
    this.retry = this.opts.timer.setTimeout(() => {
      this.retry = null
      if (this.running) this.connect()
    }, this.backoff.next())
  }
}
