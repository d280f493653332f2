// A shared clock for countdowns: one interval for every subscriber, running only while someone
// listens, for React's useSyncExternalStore. The time is read afresh on each subscribe, so a
// countdown that starts after a quiet hour does not begin from a stale reading.

export interface TickingClock {
  subscribe(listener: () => void): () => void
  now(): number
  /** Reads the time now, without telling listeners: before a render that starts something new. */
  touch(): void
}

export function tickingClock(intervalMs: number): TickingClock {
  let now = Date.now()
  let timer: ReturnType<typeof setInterval> | undefined
  const listeners = new Set<() => void>()
  return {
    now: () => now,
    touch: () => {
      now = Date.now()
    },
    subscribe(listener) {
      listeners.add(listener)
      now = Date.now()
      timer ??= setInterval(() => {
        now = Date.now()
        for (const l of listeners) l()
      }, intervalMs)
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
  }
}

/** For a clock that should not tick right now. */
export const noSubscribe = () => () => {}
