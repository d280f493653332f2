// Time and timers, injected so tests drive the engine without waiting, and backoff delays whose
// jitter comes from crypto (Math.random is banned in this code base).

export interface Timer {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const realTimer: Timer = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** A number in [0, 1) from the crypto generator. */
export function cryptoUnit(): number {
  const word = new Uint32Array(1)
  crypto.getRandomValues(word)
  return word[0]! / 2 ** 32
}

/**
 * Exponential backoff with "equal jitter": each wait is between half and all of the doubled step,
 * so devices that lost the server together do not all come back in the same instant.
 */
export class Backoff {
  private attempt = 0

  constructor(
    private readonly baseMs = 1000,
    private readonly maxMs = 60_000,
    private readonly unit: () => number = cryptoUnit,
  ) {}

  /** The next wait, in milliseconds. */
  next(): number {
    const step = Math.min(this.maxMs, this.baseMs * 2 ** this.attempt)
    this.attempt = Math.min(this.attempt + 1, 30)
    return Math.round(step / 2 + (step / 2) * this.unit())
  }

  reset(): void {
    this.attempt = 0
  }

  get failures(): number {
    return this.attempt
  }
}
