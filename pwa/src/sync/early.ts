// A browser that has never run the app and opens a raffle's screen from a link (a second device, a
// shared link) has nothing to show until that raffle's snapshot arrives, and the engine asks for it
// only after the entry's code, the screen's, the first paint and its own start: about a second on
// a phone, longer than the download. So the entry starts that one request first thing
// (app/boot.ts), and the engine's first request for the same path takes its answer over, if the
// session it was sent with is the engine's account.
// Steps 2 and 5 of "The start-up path" (docs/architecture.md).
import { send, type RequestOptions, type Sent } from '@/lib/api'

interface Early {
  /** The account the request's session belongs to (null: none). */
  userId: Promise<string | null>
  path: string
  sent: Promise<Sent>
}

/** An answer nobody took by then is dropped: a snapshot is megabytes. */
export const EARLY_KEEP_MS = 30_000

let early: Early | null = null

/** Starts a GET of `path`, sent with the session whose account `userId` names; one at a time. */
export function startEarly(userId: Promise<string | null>, path: string, options: Pick<RequestOptions, 'fetch' | 'timer'> = {}): void {
  if (early) return
  const sent = send(path, { ...options, timeoutMs: 60_000 })
  // Whoever takes it sees the failure; nobody may take it at all.
  sent.catch(() => {})
  userId.catch(() => {})
  early = { userId, path, sent }
  const drop = () => {
    if (early?.sent === sent) early = null
  }
  if (options.timer) options.timer.setTimeout(drop, EARLY_KEEP_MS)
  else setTimeout(drop, EARLY_KEEP_MS)
}

/**
 * The early answer to `path`, at most once, if its session was `userId`'s (another account's
 * answer is never handed over); undefined when there is none to wait for.
 */
export function takeEarly(userId: string, path: string): Promise<Sent | undefined> | undefined {
  if (early?.path !== path) return undefined
  const taken = early
  early = null
  return taken.userId.then((owner) => (owner === userId ? taken.sent : undefined))
}
