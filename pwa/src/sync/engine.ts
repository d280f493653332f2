// The sync engine of one signed-in account: push, then pull, on start, on pokes, on reconnect, when
// the tab becomes visible and soon after any local write; retries with backoff. Plain TypeScript:
// the network, the database, timers, the WebSocket and the tab plumbing are all injected.
import { liveQuery } from 'dexie'
import { saveServerOffset } from '@/db/clock-offset'
import { outboxSize, pendingCount } from '@/db/outbox'
import { refusedCount } from '@/db/refused'
import type { SorteioDB } from '@/db/schema'
import { ApiError, NetworkError, type FetchFn } from '@/lib/api'
import { classify, createSyncApi, type EarlyAnswers, type SyncApi } from '@/sync/api'
import { Backoff, realTimer, type Timer } from '@/sync/clock'
import { takeEarly } from '@/sync/early'
import { metaKey } from '@/sync/local'
import { pullAll } from '@/sync/pull'
import { PushRefused, pushOutbox, type SyncContext, type SyncEvent } from '@/sync/push'
import { Rounds } from '@/sync/rounds'
import { ServerClockEstimator } from '@/sync/server-clock'
import { PokeSocket, sameOriginSocketUrl, type WebSocketCtor } from '@/sync/socket'
import { StatusStore, type SharedStatus, type SyncStatus } from '@/sync/status'
import { defaultChannel, defaultLocks, holdLock, TabLink, type Channel, type Locks, type TabMessage } from '@/sync/tabs'

type Listen = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

export interface EngineOptions {
  db: SorteioDB
  userId: string
  fetch?: FetchFn
  timer?: Timer
  /** GETs the app began before the engine existed; this account's early requests by default. */
  early?: EarlyAnswers
  /** null: no WebSocket (pokes off; the engine still syncs on the other triggers). */
  WebSocket?: WebSocketCtor | null
  socketUrl?: string
  /** null: run without asking other tabs (no Web Locks). */
  locks?: Locks | null
  /** null: no messages between tabs. */
  channel?: (() => Channel) | null
  /** Where 'online'/'offline' and 'visibilitychange' come from. */
  win?: Listen | null
  doc?: (Listen & Pick<Document, 'visibilityState'>) | null
  isOnline?: () => boolean
  /** Rejections, replaced codes and session trouble, for the app to show. */
  onEvent?: (event: SyncEvent) => void
  /** Wait after a local write before pushing, so a burst of writes goes in one push. */
  writeDelayMs?: number
  /** Wait after a poke, so the pokes of one push cause one pull. */
  pokeDelayMs?: number
}

/** A smaller change of the clock offset is not worth a write: a countdown shows whole seconds. */
const OFFSET_STEP_MS = 25

interface Run {
  abort: AbortController
  cleanups: Array<() => void>
  link: TabLink
}

export class SyncEngine {
  readonly userId: string
  private readonly status = new StatusStore()
  private readonly db: SorteioDB
  private readonly timer: Timer
  private readonly api: SyncApi
  private readonly backoff = new Backoff(1000, 5 * 60_000)
  private run: Run | null = null
  private socket: PokeSocket | null = null
  private readonly rounds: Rounds
  /** -1 until the first count of a run: that one is no new write (start syncs anyway). */
  private lastPending = -1
  private readonly clock = new ServerClockEstimator()
  private savedOffset: number | null = null

  constructor(private readonly opts: EngineOptions) {
    this.userId = opts.userId
    this.db = opts.db
    this.timer = opts.timer ?? realTimer
    const fetchFn = opts.fetch ?? ((input, init) => globalThis.fetch(input, init))
    const early = opts.early ?? ((path: string) => takeEarly(opts.userId, path))
    this.api = createSyncApi(fetchFn, this.timer, '', (serverTime, sentAt, receivedAt) => this.onServerTime(serverTime, sentAt, receivedAt), early)
    this.rounds = new Rounds(
      this.timer,
      () => this.round(),
      () => this.isLeader(),
    )
  }

  /** Keeps the server clock offset for the countdowns; stored only when it moved, so answers do not each cost a write. */
  private onServerTime(serverTime: number, sentAt: number, receivedAt: number): void {
    const offset = this.clock.observe(serverTime, sentAt, receivedAt)
    if (offset === null || (this.savedOffset !== null && Math.abs(offset - this.savedOffset) < OFFSET_STEP_MS)) return
    this.savedOffset = offset
    saveServerOffset(offset, this.db).catch((e: unknown) => console.error('Falha ao guardar o relógio do servidor:', e))
  }

  getStatus = (): SyncStatus => this.status.get()
  subscribe = (listener: () => void): (() => void) => this.status.subscribe(listener)

  private isOnline(): boolean {
    return this.opts.isOnline ? this.opts.isOnline() : typeof navigator === 'undefined' || navigator.onLine !== false
  }

  private isLeader(): boolean {
    return this.run !== null && this.status.get().role === 'leader'
  }

  /** Starts watching, and running the engine once this tab holds the sync lock. Restartable. */
  start(): void {
    if (this.run) return
    const link = new TabLink(this.opts.channel === undefined ? defaultChannel() : this.opts.channel, this.userId, (m) => this.onTabMessage(m))
    const run: Run = { abort: new AbortController(), cleanups: [() => link.close()], link }
    this.run = run
    this.lastPending = -1
    this.status.set({ role: 'starting', online: this.isOnline(), syncing: false, error: null, detail: null })
    this.watch(run)
    this.listen(run)
    const locks = this.opts.locks === undefined ? defaultLocks() : this.opts.locks
    if (locks) {
      this.status.set({ role: 'follower' })
      link.post({ kind: 'hello', userId: this.userId })
    }
    run.cleanups.push(holdLock(locks, () => this.lead(run)))
  }

  /** Stops everything; the outbox stays as it is (nothing is lost on sign-out). */
  stop(): void {
    const run = this.run
    if (!run) return
    this.run = null
    run.abort.abort()
    for (const cleanup of run.cleanups.splice(0).reverse()) cleanup()
    this.rounds.cancel()
    this.socket?.stop()
    this.socket = null
    this.status.set({ role: 'stopped', syncing: false })
  }

  /** Pushes and pulls now; resolves true when a whole round succeeded (false on failure or timeout). */
  syncNow(timeoutMs = 30_000): Promise<boolean> {
    const run = this.run
    if (!run) return Promise.resolve(false)
    if (!this.isLeader()) return run.link.request(this.timer, timeoutMs)
    return this.withTimeout(this.rounds.now(), timeoutMs)
  }

  /** Before an app update: tries to empty the outbox; resolves with what still waits (any account). */
  async flush(timeoutMs = 20_000): Promise<number> {
    if ((await outboxSize(this.db)) === 0) return 0
    if (this.isOnline()) await this.syncNow(timeoutMs)
    return outboxSize(this.db)
  }

  private withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const handle = this.timer.setTimeout(() => resolve(false), ms)
      void promise.then((ok) => {
        this.timer.clearTimeout(handle)
        resolve(ok)
      })
    })
  }

  /** Pending count and last sync time, from Dexie: they follow writes made in any tab. */
  private watch(run: Run): void {
    const pending = liveQuery(() => Promise.all([pendingCount(this.db, this.userId), outboxSize(this.db)])).subscribe({
      next: ([n, all]) => {
        const grew = this.lastPending >= 0 && n > this.lastPending
        this.lastPending = n
        this.status.set({ pending: n, others: all - n })
        if (grew) this.schedule(this.opts.writeDelayMs ?? 200)
      },
      error: (e: unknown) => console.error('Falha ao contar alterações pendentes:', e),
    })
    const last = liveQuery(() => this.db.meta.get(metaKey.lastSync(this.userId))).subscribe({
      next: (row) => this.status.set({ lastSyncedAt: typeof row?.value === 'number' ? row.value : null }),
      error: (e: unknown) => console.error('Falha ao ler a última sincronização:', e),
    })
    const refused = liveQuery(() => refusedCount(this.db, this.userId)).subscribe({
      next: (n) => this.status.set({ refused: n }),
      error: (e: unknown) => console.error('Falha ao contar alterações não enviadas:', e),
    })
    run.cleanups.push(
      () => pending.unsubscribe(),
      () => last.unsubscribe(),
      () => refused.unsubscribe(),
    )
  }

  private listen(run: Run): void {
    const win = this.opts.win === undefined ? (typeof window === 'undefined' ? null : window) : this.opts.win
    const doc = this.opts.doc === undefined ? (typeof document === 'undefined' ? null : document) : this.opts.doc
    const resume = () => {
      this.backoff.reset()
      this.socket?.reconnectNow()
      this.schedule(0)
    }
    const onOnline = () => {
      this.setShared({ online: true })
      resume()
    }
    const onOffline = () => this.setShared({ online: false })
    const onVisible = () => {
      if (doc?.visibilityState === 'visible') resume()
    }
    win?.addEventListener('online', onOnline)
    win?.addEventListener('offline', onOffline)
    doc?.addEventListener('visibilitychange', onVisible)
    run.cleanups.push(() => {
      win?.removeEventListener('online', onOnline)
      win?.removeEventListener('offline', onOffline)
      doc?.removeEventListener('visibilitychange', onVisible)
    })
  }

  /** This tab got the lock: it runs the engine from now on. */
  private lead(run: Run): void {
    if (this.run !== run) return
    this.status.set({ role: 'leader' })
    const WebSocketCtor = this.opts.WebSocket === undefined ? globalThis.WebSocket : this.opts.WebSocket
    if (WebSocketCtor && (this.opts.socketUrl || typeof location !== 'undefined')) {
      this.socket = new PokeSocket({
        url: this.opts.socketUrl ?? sameOriginSocketUrl(location),
        WebSocket: WebSocketCtor,
        timer: this.timer,
        onOpen: () => {
          this.setShared({ online: true })
          this.schedule(0)
        },
        onPoke: () => this.schedule(this.opts.pokeDelayMs ?? 100),
        onDown: () => {},
      })
      this.socket.start()
    }
    this.schedule(0)
  }

  private onTabMessage(m: TabMessage): void {
    const leader = this.isLeader()
    if (m.kind === 'status' && !leader) this.status.set(m.status)
    else if (m.kind === 'event' && !leader) this.opts.onEvent?.(m.event)
    else if (m.kind === 'hello' && leader) this.shareStatus()
    else if (m.kind === 'sync-request' && leader) {
      void this.syncNow().then((ok) => this.run?.link.post({ kind: 'sync-done', userId: this.userId, id: m.id, ok }))
    }
  }

  private setShared(patch: Partial<SharedStatus>): void {
    this.status.set(patch)
    if (this.isLeader()) this.shareStatus()
  }

  private shareStatus(): void {
    const { online, syncing, error, detail } = this.status.get()
    this.run?.link.post({ kind: 'status', userId: this.userId, status: { online, syncing, error, detail } })
  }

  private emit = (event: SyncEvent): void => {
    this.opts.onEvent?.(event)
    this.run?.link.post({ kind: 'event', userId: this.userId, event })
  }

  private schedule(delay: number): void {
    this.rounds.schedule(delay)
  }

  /** One push + pull. Failures are classified here: retry later, or stop until something changes. */
  private async round(): Promise<boolean> {
    const run = this.run
    if (!run || !this.isLeader()) return false
    if (!this.isOnline()) {
      // The 'online' event starts the next round.
      this.setShared({ online: false, syncing: false, error: 'offline', detail: null })
      return false
    }
    const ctx: SyncContext = { db: this.db, api: this.api, userId: this.userId, now: () => this.timer.now(), emit: this.emit, signal: run.abort.signal }
    this.setShared({ syncing: true })
    try {
      await pushOutbox(ctx)
      await pullAll(ctx)
      await this.db.meta.put({ key: metaKey.lastSync(this.userId), value: this.timer.now() })
      if (this.run !== run) return false
      this.backoff.reset()
      this.setShared({ online: true, syncing: false, error: null, detail: null })
      return true
    } catch (error) {
      if (this.run !== run) return false
      this.fail(error)
      return false
    }
  }

  private fail(error: unknown): void {
    const kind = classify(error)
    if (kind === 'aborted') return
    if (error instanceof PushRefused) {
      // The same ops would be refused again: no timed retries. They stay queued, and go again on the
      // next write, reconnection, visit of the tab or start, when the server may have changed.
      const first = this.status.get().error !== 'refused'
      this.setShared({ online: true, syncing: false, error: 'refused', detail: error.message })
      if (first) this.emit({ type: 'push-refused', message: error.message })
      return
    }
    if (kind === 'unauthenticated' || kind === 'forbidden_client') {
      // Retrying cannot help: the outbox waits for a new sign-in (or a fix), and nothing is dropped.
      this.setShared({ online: true, syncing: false, error: kind, detail: null })
      this.emit(kind === 'unauthenticated' ? { type: 'unauthenticated' } : { type: 'forbidden-client', message: (error as ApiError).message })
      return
    }
    const unreachable = error instanceof NetworkError
    if (!unreachable && !(error instanceof ApiError)) console.error('Falha na sincronização:', error)
    this.setShared({ online: !unreachable && this.isOnline(), syncing: false, error: unreachable ? 'offline' : 'server', detail: null })
    this.schedule(this.backoff.next())
  }
}
