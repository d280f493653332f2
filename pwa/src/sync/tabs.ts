// Coordination between the tabs of one browser profile. One tab holds a Web Lock and runs the engine;
// the others wait for the lock (taking over when that tab closes) and talk to it over a
// BroadcastChannel: it shares its status and events, they ask it to sync before an app update.
import { newId } from '@/db/ids'
import type { Timer } from '@/sync/clock'
import type { SyncEvent } from '@/sync/push'
import type { SharedStatus } from '@/sync/status'

export const LOCK_NAME = 'sorteio-sync'
export const CHANNEL_NAME = 'sorteio-sync'

export type TabMessage =
  | { kind: 'hello'; userId: string }
  | { kind: 'status'; userId: string; status: SharedStatus }
  | { kind: 'event'; userId: string; event: SyncEvent }
  | { kind: 'sync-request'; userId: string; id: string }
  | { kind: 'sync-done'; userId: string; id: string; ok: boolean }

/** The part of BroadcastChannel used here. */
export interface Channel {
  postMessage(message: TabMessage): void
  onmessage: ((event: MessageEvent) => void) | null
  close(): void
}

export type Locks = Pick<LockManager, 'request'>

export function defaultLocks(): Locks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null
}

export function defaultChannel(): (() => Channel) | null {
  return typeof BroadcastChannel === 'undefined' ? null : () => new BroadcastChannel(CHANNEL_NAME) as unknown as Channel
}

/**
 * Calls onGranted when this tab holds the lock, and keeps it until release() (or the tab closes).
 * Without Web Locks (old browsers) every tab runs: pushes are idempotent, so that costs only
 * duplicate requests. Returns release, which also cancels a request still waiting.
 */
export function holdLock(locks: Locks | null, onGranted: () => void): () => void {
  if (!locks) {
    onGranted()
    return () => {}
  }
  const abort = new AbortController()
  let release: (() => void) | null = null
  locks
    .request(LOCK_NAME, { signal: abort.signal }, () => {
      if (abort.signal.aborted) return undefined
      return new Promise<void>((resolve) => {
        release = resolve
        onGranted()
      })
    })
    // AbortError when released while still waiting.
    .catch(() => {})
  return () => {
    abort.abort()
    release?.()
  }
}

/** One tab's end of the channel, for one account. */
export class TabLink {
  private readonly channel: Channel | null
  private readonly requests = new Map<string, (ok: boolean) => void>()

  constructor(
    make: (() => Channel) | null,
    private readonly userId: string,
    onMessage: (message: TabMessage) => void,
  ) {
    this.channel = make?.() ?? null
    if (!this.channel) return
    this.channel.onmessage = (event: MessageEvent) => {
      const m = event.data as TabMessage | undefined
      if (!m || m.userId !== this.userId) return
      if (m.kind === 'sync-done') this.requests.get(m.id)?.(m.ok)
      else onMessage(m)
    }
  }

  post(message: TabMessage): void {
    try {
      this.channel?.postMessage(message)
    } catch {
      // Closed while a late answer was on its way.
    }
  }

  /** Asks the tab running the engine to sync; false when none answers in time. */
  request(timer: Timer, timeoutMs: number): Promise<boolean> {
    if (!this.channel) return Promise.resolve(false)
    const id = newId()
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        timer.clearTimeout(handle)
        this.requests.delete(id)
        resolve(ok)
      }
      const handle = timer.setTimeout(() => done(false), timeoutMs)
      this.requests.set(id, done)
      this.post({ kind: 'sync-request', userId: this.userId, id })
    })
  }

  close(): void {
    for (const done of [...this.requests.values()]) done(false)
    if (this.channel) {
      this.channel.onmessage = null
      this.channel.close()
    }
  }
}
