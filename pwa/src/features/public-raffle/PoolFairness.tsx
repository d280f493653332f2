import type { PublicState } from '@/protocol/public-state'
import { cn } from '@/lib/cn'
import { FINGERPRINT_LABEL, poolFingerprint, roundPoolText } from '@/lib/pool-text'

/**
 * The open round's pool as the room sees it before the result exists: how many tickets (and people)
 * and the fingerprint the organiser was shown and the verification page checks, so a sceptical room
 * sees the list was closed first.
 */
export function PoolFairness({ state, big = false }: { state: PublicState | null; big?: boolean }) {
  const round = state?.round
  if (!state || !round?.pool_digest || round.pool_size === undefined) return null
  // Before any winner the pool is everyone; a redraw's pool leaves some out, so only tickets are said.
  const people = state.winners.length === 0 ? state.counts.people : null
  return (
    <div data-testid="pool-fairness" className={cn('mt-4 space-y-1 text-white/85', big ? 'text-[2.6vh]' : 'text-sm')}>
      <p>{roundPoolText({ tickets: round.pool_size, people, simple: state.raffle.type === 'simple' })}</p>
      <p>
        {`${FINGERPRINT_LABEL} `}
        <span className={cn('font-mono font-bold tracking-wider text-white', big ? 'text-[3vh]' : 'text-base')}>{poolFingerprint(round.pool_digest)}</span>
      </p>
    </div>
  )
}
