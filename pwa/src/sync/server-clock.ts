// How far the server's clock is from this device's. Countdowns end at the server's started_at +
// countdown, on the server's clock, so every screen (organiser, viewers, other devices) ends them
// together even when a phone's clock is minutes off. Plain TypeScript; the engine feeds it.

/** One request's view of the offset: server time minus local time, give or take half the round trip. */
export interface ClockSample {
  offsetMs: number
  rttMs: number
  /** Local time the answer came in. */
  at: number
}

/**
 * Estimates the offset from the `server_time` of answers, NTP-style: the server read its clock
 * somewhere between sending and receiving, so the middle of the round trip is the best guess and
 * half the round trip the error. Of the recent samples, the one with the shortest round trip wins
 * (a slow answer spent its extra time somewhere unknown). Old samples expire: clocks drift, and a
 * device may change networks.
 */
export class ServerClockEstimator {
  private samples: ClockSample[] = []

  constructor(
    private readonly maxSamples = 8,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /** Records an answer; returns the estimate after it (null when the sample made no sense). */
  observe(serverTime: number, sentAt: number, receivedAt: number): number | null {
    if (!Number.isFinite(serverTime) || serverTime <= 0 || receivedAt < sentAt) return this.offset
    const rttMs = receivedAt - sentAt
    this.samples.push({ offsetMs: Math.round(serverTime - (sentAt + rttMs / 2)), rttMs, at: receivedAt })
    this.samples = this.samples.filter((s) => receivedAt - s.at <= this.maxAgeMs).slice(-this.maxSamples)
    return this.offset
  }

  /** Server time minus local time in ms, or null before any answer. */
  get offset(): number | null {
    let best: ClockSample | null = null
    for (const s of this.samples) if (!best || s.rttMs < best.rttMs) best = s
    return best ? best.offsetMs : null
  }
}

/** The server's clock now, given the offset. */
export function serverNow(offsetMs: number, localNow = Date.now()): number {
  return localNow + offsetMs
}
