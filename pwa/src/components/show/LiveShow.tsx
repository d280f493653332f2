import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import type { OpenRound, RevealPlan } from '@/lib/reveal-timeline'
import { ShowStage } from '@/components/show/ShowStage'
import { announcedText, SKIP_TEXT } from '@/components/show/show-text'
import { useShowFrame } from '@/components/show/useShowFrame'

interface LiveShowProps {
  /** The open round (its countdown and the wait for its result), or null. */
  round: OpenRound | null
  /** The reveal to play, or null. */
  plan: RevealPlan | null
  /** Server time minus local time, in ms. */
  offsetMs: number
  /** A ticket raffle: the headline shows 'Bilhete 002'. */
  tickets: boolean
  onClose(): void
  /** Big-screen mode: type sized for a room. */
  big?: boolean
  /** Under the countdown and 'Sorteando...': the open round's pool (the public pages). */
  fairness?: ReactNode
  /** 'Pular animação' while the reveal plays: the organiser may skip to the result. */
  onSkip?(): void
}

/**
 * The full-screen show: countdown, the wait for the result, the reveal and 'Parabéns!'. A dialog
 * over the page while it runs; closed once it is over (or skipped).
 */
export function LiveShow({ round, plan, offsetMs, tickets, onClose, big = false, fairness, onSkip }: LiveShowProps) {
  const frame = useShowFrame(round, plan, offsetMs)
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const on = frame.kind !== 'idle'
  useEffect(() => {
    if (on) dialog.current?.focus()
  }, [on])
  if (!on) return null
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-show={frame.kind}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && frame.kind === 'done') onClose()
      }}
      className="fixed inset-0 z-40 flex flex-col items-center justify-center-safe print:hidden gap-3 overflow-y-auto bg-gradient-to-b from-brand-800 to-slate-950 p-6 text-center text-white outline-none"
    >
      <h2 id={titleId} className="sr-only">
        Sorteio ao vivo
      </h2>
      {plan?.intro && (frame.kind === 'reveal' || frame.kind === 'done') && (
        <p className={cn('rounded-full bg-white/10 px-4 py-1 font-semibold text-amber-200', big ? 'text-[3vh]' : 'text-base')}>{plan.intro}</p>
      )}
      <ShowStage frame={frame} big={big} tickets={tickets} onClose={onClose} />
      {(frame.kind === 'countdown' || frame.kind === 'drawing') && fairness}
      {onSkip && frame.kind === 'reveal' && (
        <button
          type="button"
          onClick={onSkip}
          className={cn(
            'mt-4 rounded-xl px-4 py-2 text-sm font-semibold text-white/90 ring-1 ring-white/40 hover:bg-white/10',
            'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white',
          )}
        >
          {SKIP_TEXT}
        </button>
      )}
      <p className="sr-only" aria-live="polite">
        {announcedText(frame)}
      </p>
    </div>
  )
}
