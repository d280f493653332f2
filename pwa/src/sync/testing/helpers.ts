// Shared pieces of the sync and db unit tests. Test files import 'fake-indexeddb/auto' first.
import { vi } from 'vitest'
import { SorteioDB } from '@/db/schema'
import { newId } from '@/db/ids'
import { createSyncApi } from '@/sync/api'
import { realTimer, type Timer } from '@/sync/clock'
import type { SyncContext, SyncEvent } from '@/sync/push'
import type { FakeSyncServer } from '@/sync/testing/fake-server'

export const ANA = '0190d3c4-0000-7000-8000-0000000000a1'
export const BRUNO = '0190d3c4-0000-7000-8000-0000000000b2'

/** A database of its own for each test (fake-indexeddb keeps databases for the whole file). */
export function freshDb(): SorteioDB {
  return new SorteioDB(`test-${newId()}`)
}

/** A sync context on the fake server, with the events it emitted. */
export function contextFor(db: SorteioDB, server: FakeSyncServer, userId: string): SyncContext & { events: SyncEvent[] } {
  const events: SyncEvent[] = []
  return {
    db,
    api: createSyncApi(server.fetch, realTimer),
    userId,
    now: () => server.now,
    emit: (e) => events.push(e),
    events,
  }
}

/** A timer the test moves by hand: nothing fires until advance(). */
export class ManualTimer implements Timer {
  private t = 0
  private seq = 0
  private tasks = new Map<number, { at: number; fn: () => void }>()

  now = () => this.t

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq
    this.tasks.set(id, { at: this.t + ms, fn })
    return id
  }

  clearTimeout = (handle: unknown): void => {
    this.tasks.delete(handle as number)
  }

  /** The delays still waiting, soonest first. */
  get waits(): number[] {
    return [...this.tasks.values()].map((task) => task.at - this.t).sort((a, b) => a - b)
  }

  /** Moves time on by ms, running what falls due in order. */
  advance(ms: number): void {
    const end = this.t + ms
    for (;;) {
      const next = [...this.tasks.entries()].filter(([, task]) => task.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (!next) break
      this.tasks.delete(next[0])
      this.t = next[1].at
      next[1].fn()
    }
    this.t = end
  }
}

/** vi.waitFor with room for a loaded test machine (IndexedDB work is slow under fake-indexeddb). */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 5000, interval: 20 })
}
