import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { holdRevealToasts } from '@/components/show/after-reveal'
import { showClock } from '@/components/show/useShowFrame'
import type { DrawRow } from '@/db/schema'
import { noSubscribe } from '@/lib/ticking-clock'
import { announceAt, type ShowState } from '@/features/manage-raffle/draw/organiser-show'

interface RevealToastsProps {
  raffleId: string
  show: ShowState
  rounds: readonly DrawRow[]
  /** Server time minus local time (ms), once read. */
  offsetMs: number | undefined
}

/**
 * Holds the toasts of the raffle's results ('Sorteio realizado!', 'Vencedor re-sorteado!') while
 * the tab plays their reveal, and shows each as its reveal ends or is skipped: the organiser learns
 * the result with the room (organiser-show.ts, announceAt). Its own component, so the clock it
 * follows during a reveal re-renders nothing else.
 */
export function RevealToasts({ raffleId, show, rounds, offsetMs }: RevealToastsProps) {
  const held = useRef(new Map<string, (() => void)[]>())
  const [holds, setHolds] = useState(0)
  useEffect(() => {
    const waiting = held.current
    const release = holdRevealToasts(raffleId, (roundId, toast) => {
      waiting.set(roundId, [...(waiting.get(roundId) ?? []), toast])
      setHolds((n) => n + 1)
    })
    return () => {
      release()
      // The tab closes mid-reveal: what it held shows now rather than never.
      for (const toasts of waiting.values()) for (const toast of toasts) toast()
      waiting.clear()
    }
  }, [raffleId])
  // While a reveal plays, its end is checked at the show's pace.
  const tick = useSyncExternalStore(show.plan ? showClock.subscribe : noSubscribe, showClock.now)
  useEffect(() => {
    for (const [roundId, toasts] of held.current) {
      const at = announceAt(roundId, show, rounds, offsetMs ?? 0)
      if (at === null || at > Date.now()) continue
      held.current.delete(roundId)
      for (const toast of toasts) toast()
    }
  }, [holds, tick, show, rounds, offsetMs])
  return null
}
