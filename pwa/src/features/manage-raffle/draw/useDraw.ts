import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import { serverOffset } from '@/db/clock-offset'
import { drawOverview, type AlternateDetails } from '@/db/draw-queries'
import type { DrawRow } from '@/db/schema'
import { noSubscribe, tickingClock } from '@/lib/ticking-clock'
import type { WinnerView } from '@/features/manage-raffle/draw/WinnersList'

export interface DrawView {
  /** Every round, oldest first. */
  rounds: DrawRow[]
  /** The first draw's round, once started (an abandoned one is not). */
  main: DrawRow | null
  /** The round not yet completed, if any (a raffle has at most one). */
  current: DrawRow | null
  winners: WinnerView[]
  /** Rounds this device opened (it holds their seed; the app's finisher reveals them). */
  ownRounds: ReadonlySet<string>
  /** The first draw's alternates, in order ('Suplentes'). */
  alternates?: AlternateDetails[]
}

/** The raffle's draw, live from IndexedDB; undefined until first read. */
export function useDrawView(raffleId: string): DrawView | undefined {
  return useLiveQuery(async () => {
    const { rounds, winners, ownRounds, alternates } = await drawOverview(raffleId)
    return {
      rounds,
      // The first draw: the last one started, abandoned ones aside (they left the raffle pending).
      main: rounds.findLast((r) => r.kind === 'draw' && r.state !== 'abandoned') ?? null,
      current: rounds.find((r) => r.state === 'open' || r.state === 'revealing') ?? null,
      winners: winners.map((w): WinnerView => ({
        id: w.id,
        drawId: w.drawId,
        position: w.position,
        ticketNumber: w.ticketNumber,
        name: w.name,
        email: w.email,
        phone: w.phone,
        isValid: w.isValid,
        invalidatedAt: w.invalidatedAt,
        invalidationReason: w.invalidationReason,
        promoted: w.promotedAt != null,
      })),
      ownRounds: new Set(ownRounds),
      alternates,
    }
  }, [raffleId])
}

/** Server time minus local time (ms), as the sync engine last estimated it; undefined until read. */
export function useServerOffset(): number | undefined {
  return useLiveQuery(() => serverOffset(), [])
}

// One ticking clock for every countdown on the page. A fifth of a second keeps the shown second
// within that of the server's, whatever the offset's fraction.
const clock = tickingClock(200)

/**
 * The server's clock, re-rendering a few times a second while `ticking`; undefined until the
 * offset has been read, so nothing is shown on this device's own clock first (a countdown of a
 * device 20 s behind would show its full length for a frame).
 */
export function useServerNow(ticking: boolean): number | undefined {
  const offset = useServerOffset()
  const local = useSyncExternalStore(ticking ? clock.subscribe : noSubscribe, clock.now)
  return offset === undefined ? undefined : local + offset
}
