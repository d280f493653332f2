import { useCallback, useMemo, useState } from 'react'
import type { RaffleRow } from '@/db/schema'
import type { RevealPlan } from '@/lib/reveal-timeline'
import { initialShow, nextShowState, sampleNames, type ShowState } from '@/features/manage-raffle/draw/organiser-show'
import type { GroupIndex } from '@/features/manage-raffle/participants/participants-logic'
import { useServerOffset, type DrawView } from '@/features/manage-raffle/draw/useDraw'

export interface OrganiserShow {
  /** The reveal being played (or at 'Parabéns!'), until closed or skipped: the tab keeps its result until then. */
  plan: RevealPlan | null
  /** The rounds watched and played, for the toasts held until their reveal ends (RevealToasts). */
  state: ShowState
  /** Server time minus local time (ms); undefined until read (nothing is played on this device's clock). */
  offsetMs: number | undefined
  close(): void
}

/** The room's reveal on the organiser's screen, in step with it (organiser-show.ts). */
export function useOrganiserShow(raffle: RaffleRow, view: DrawView | undefined, index: GroupIndex | undefined): OrganiserShow {
  const [show, setShow] = useState(initialShow)
  const offset = useServerOffset()
  const names = useMemo(() => sampleNames(index?.groups.map((g) => g.name) ?? []), [index])
  if (view) {
    // Derived while rendering (React's pattern for state that follows props): the render that
    // first reads a completed round already hides its list, rather than flashing it for a frame.
    const next = nextShowState(show, {
      rounds: view.rounds,
      winners: view.winners,
      alternates: view.alternates ?? [],
      prizes: raffle.prizes,
      names,
    })
    if (next !== show) setShow(next)
  }
  const close = useCallback(() => setShow((s) => (s.plan ? { ...s, plan: null } : s)), [])
  return { plan: show.plan, state: show, offsetMs: offset, close }
}
