import { useSyncExternalStore } from 'react'
import { noSubscribe, tickingClock } from '@/lib/ticking-clock'
import { SHUFFLE_TICK_MS, showFrame, type OpenRound, type RevealPlan, type ShowFrame } from '@/lib/reveal-timeline'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeMotion(listener: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION)
  query?.addEventListener('change', listener)
  return () => query?.removeEventListener('change', listener)
}

/** The viewer asked the system for less motion: the reveal shows no shuffle. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false)
}

// Ticks at the shuffle's pace, only while something is on stage. The feeds touch it with every
// state, so a show that starts after a quiet hour does not render its first frame from then.
export const showClock = tickingClock(SHUFFLE_TICK_MS)

/** The show's current frame on the server's clock (`offsetMs`: server minus local). */
export function useShowFrame(round: OpenRound | null, plan: RevealPlan | null, offsetMs: number): ShowFrame {
  const reduced = useReducedMotion()
  // Ticking while a round is open or a reveal plays; a finished show stays still.
  const active = round !== null || plan !== null
  const now = useSyncExternalStore(active ? showClock.subscribe : noSubscribe, showClock.now)
  return showFrame(round, plan, now + offsetMs, reduced)
}
