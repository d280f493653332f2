// What the UI shows about sync: a small immutable snapshot with subscribe/get, the shape
// useSyncExternalStore wants. Each tab keeps its own; the tab that runs the engine shares its
// part (syncing, reachability, errors) with the others over a BroadcastChannel.

export type SyncErrorKind = 'offline' | 'server' | 'unauthenticated' | 'forbidden_client' | 'refused'

export interface SyncStatus {
  /** 'leader' runs the engine; a 'follower' tab only watches. */
  role: 'starting' | 'leader' | 'follower' | 'stopped'
  /** The browser has a network and the server answered the last request. */
  online: boolean
  /** The signed-in account's changes waiting for the server. */
  pending: number
  /** The account's changes the server refused, kept on this device until settled ('Não enviados'). */
  refused: number
  /** Changes of other accounts queued on this device: they wait for their account to sign in. */
  others: number
  /** Unix ms of the last complete push + pull, or null when never. */
  lastSyncedAt: number | null
  syncing: boolean
  error: SyncErrorKind | null
  /** The server's own words about the error, when it gave any ('refused' always has them). */
  detail: string | null
}

/** The part of the status only the running engine knows; it travels between tabs. */
export type SharedStatus = Pick<SyncStatus, 'online' | 'syncing' | 'error' | 'detail'>

export const initialStatus: SyncStatus = {
  role: 'starting',
  online: true,
  pending: 0,
  refused: 0,
  others: 0,
  lastSyncedAt: null,
  syncing: false,
  error: null,
  detail: null,
}

export class StatusStore {
  private value: SyncStatus
  private readonly listeners = new Set<() => void>()

  constructor(initial: SyncStatus = initialStatus) {
    this.value = initial
  }

  get = (): SyncStatus => this.value

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Replaces the snapshot only when something changed, so React renders only then. */
  set(patch: Partial<SyncStatus>): void {
    const next = { ...this.value, ...patch }
    const keys = Object.keys(next) as Array<keyof SyncStatus>
    if (keys.every((k) => next[k] === this.value[k])) return
    this.value = next
    for (const listener of [...this.listeners]) listener()
  }
}
