// When sync rounds run: at most one at a time, the soonest requested time wins, and a request made
// during a round gets a round of its own right after (its writes may have missed the running one).
import type { Timer } from '@/sync/clock'

export class Rounds {
  private due: { at: number; handle: unknown } | null = null
  private looping = false
  private again = false
  private waiting: Array<(ok: boolean) => void> = []

  constructor(
    private readonly timer: Timer,
    /** One round; resolves true when it fully succeeded. */
    private readonly round: () => Promise<boolean>,
    /** False once this tab no longer runs the engine. */
    private readonly active: () => boolean,
  ) {}

  /** A round after `delay` ms, unless one is already due sooner. */
  schedule(delay: number): void {
    if (!this.active()) return
    const at = this.timer.now() + delay
    if (this.due && this.due.at <= at) return
    this.cancelDue()
    const handle = this.timer.setTimeout(() => {
      this.due = null
      this.kick()
    }, delay)
    this.due = { at, handle }
  }

  /** A round now; resolves with its outcome. */
  now(): Promise<boolean> {
    return new Promise((resolve) => {
      this.waiting.push(resolve)
      this.cancelDue()
      this.kick()
    })
  }

  /** Forgets what was scheduled; whoever waits hears false. */
  cancel(): void {
    this.cancelDue()
    for (const resolve of this.waiting.splice(0)) resolve(false)
  }

  private cancelDue(): void {
    if (this.due) this.timer.clearTimeout(this.due.handle)
    this.due = null
  }

  private kick(): void {
    if (this.looping) {
      this.again = true
      return
    }
    this.looping = true
    void this.loop()
  }

  private async loop(): Promise<void> {
    for (;;) {
      this.again = false
      const waiters = this.waiting.splice(0)
      const ok = await this.round().catch(() => false)
      for (const resolve of waiters) resolve(ok)
      // No await between this check and clearing the flag, so no request can slip through.
      if (!this.again || !this.active()) break
    }
    this.looping = false
  }
}
