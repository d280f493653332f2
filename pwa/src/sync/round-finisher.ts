// Finishes the rounds this device opened, whichever screen is open: the app runs one for the
// signed-in account. Each round this device holds an unrevealed seed for is handed to finishRound,
// which reveals it in its declared mode once its countdown is over (online, once the server's start
// is back, however long that takes). Plain TypeScript over Dexie's liveQuery.
import { liveQuery, type Subscription } from 'dexie'
import { finishRound } from '@/db/draws'
import type { DrawRow, SorteioDB } from '@/db/schema'

export type FinisherEvent =
  /** A first draw this device opened got its winners (drawn here, or by the server). */
  | { type: 'drawn'; drawId: string; raffleId: string; winners: number }
  /** Finishing a round failed; it is tried again on retry(). Said once until it succeeds. */
  | { type: 'failed'; drawId: string; error: unknown }

export interface RoundFinisherOptions {
  db: SorteioDB
  userId: string
  onEvent: (event: FinisherEvent) => void
  pollMs?: number
}

interface OwnRound {
  round: DrawRow
  revealed: boolean
}

/** The account's rounds this device opened (it holds their seed), revealed or not. */
export async function ownRounds(database: SorteioDB, userId: string): Promise<OwnRound[]> {
  return database.transaction('r', [database.drawSecrets, database.draws, database.raffles], async () => {
    const secrets = await database.drawSecrets.toArray()
    const [rounds, raffles] = await Promise.all([database.draws.bulkGet(secrets.map((s) => s.drawId)), database.raffles.bulkGet(secrets.map((s) => s.raffleId))])
    const out: OwnRound[] = []
    secrets.forEach((secret, i) => {
      const round = rounds[i]
      if (round && raffles[i]?.ownerId === userId) out.push({ round, revealed: secret.revealed === true })
    })
    return out
  })
}

export class RoundFinisher {
  private subscription: Subscription | null = null
  private readonly abort = new AbortController()
  private latest: OwnRound[] = []
  private readonly running = new Set<string>()
  private readonly failed = new Set<string>()
  private readonly reported = new Set<string>()
  /** First draws already completed, or announced: null until the first read. */
  private announced: Set<string> | null = null

  constructor(private readonly opts: RoundFinisherOptions) {}

  start(): void {
    if (this.subscription || this.abort.signal.aborted) return
    this.subscription = liveQuery(() => ownRounds(this.opts.db, this.opts.userId)).subscribe({
      next: (rounds) => this.update(rounds),
      error: (e: unknown) => console.error('Falha ao ler os sorteios deste aparelho:', e),
    })
  }

  /** Stops watching and waiting (sign-out); what was revealed stays queued. */
  stop(): void {
    this.abort.abort()
    this.subscription?.unsubscribe()
    this.subscription = null
  }

  /** Tries the rounds that failed again: the device came back online, or sync moved on. */
  retry(): void {
    if (this.failed.size === 0) return
    this.failed.clear()
    this.update(this.latest)
  }

  private update(rounds: OwnRound[]): void {
    if (this.abort.signal.aborted) return
    this.latest = rounds
    this.announce(rounds)
    for (const { round, revealed } of rounds) {
      if (round.state !== 'open' || revealed || this.running.has(round.id) || this.failed.has(round.id)) continue
      this.finish(round.id)
    }
  }

  /** 'drawn' once for each first draw that completes while this runs. */
  private announce(rounds: OwnRound[]): void {
    const completed = rounds.filter(({ round }) => round.kind === 'draw' && round.state === 'completed').map(({ round }) => round)
    if (this.announced === null) {
      this.announced = new Set(completed.map((r) => r.id))
      return
    }
    for (const round of completed) {
      if (this.announced.has(round.id)) continue
      this.announced.add(round.id)
      this.opts.onEvent({ type: 'drawn', drawId: round.id, raffleId: round.raffleId, winners: round.winnersCount })
    }
  }

  private finish(drawId: string): void {
    const { db, userId, pollMs, onEvent } = this.opts
    this.running.add(drawId)
    finishRound(userId, drawId, { signal: this.abort.signal, pollMs }, db)
      .then(() => this.reported.delete(drawId))
      .catch((error: unknown) => {
        if (this.abort.signal.aborted) return
        this.failed.add(drawId)
        if (this.reported.has(drawId)) return
        this.reported.add(drawId)
        onEvent({ type: 'failed', drawId, error })
      })
      .finally(() => this.running.delete(drawId))
  }
}
