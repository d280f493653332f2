// Browser pieces the engine takes injected: a WebSocket the test drives and Web Locks for tabs.
import type { Channel, Locks } from '@/sync/tabs'

export class FakeWebSocket {
  static all: FakeWebSocket[] = []
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  closed = false

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this)
  }

  static get last(): FakeWebSocket {
    return FakeWebSocket.all.at(-1)!
  }

  open(): void {
    this.onopen?.(new Event('open'))
  }

  send(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }))
  }

  /** The server (or the network) dropped the connection. */
  drop(): void {
    this.closed = true
    this.onclose?.(new Event('close') as CloseEvent)
  }

  close(): void {
    this.closed = true
  }
}

/** One lock, granted in request order, like navigator.locks across the tabs of a profile. */
export function fakeLocks(): Locks {
  let held = false
  const queue: Array<() => void> = []
  const next = () => {
    if (held) return
    const grant = queue.shift()
    if (grant) grant()
  }
  const request = (_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void> | undefined) =>
    new Promise<void>((resolve, reject) => {
      const grant = () => {
        held = true
        void Promise.resolve(callback()).then(() => {
          held = false
          resolve()
          next()
        })
      }
      queue.push(grant)
      options.signal?.addEventListener('abort', () => {
        const i = queue.indexOf(grant)
        if (i >= 0) {
          queue.splice(i, 1)
          reject(new DOMException('Aborted', 'AbortError'))
        }
      })
      next()
    })
  return { request } as unknown as Locks
}

/** BroadcastChannel between the "tabs" of one test: each message reaches every other end. */
export function channelHub(): () => Channel {
  const ends = new Set<Channel>()
  return () => {
    const end: Channel = {
      onmessage: null,
      postMessage(message) {
        for (const other of ends) {
          if (other !== end) queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data: message })))
        }
      },
      close() {
        ends.delete(end)
      },
    }
    ends.add(end)
    return end
  }
}
