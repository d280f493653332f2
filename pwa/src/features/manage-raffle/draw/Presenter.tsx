import { useEffect, useId, useRef, useState } from 'react'
import { RoomLink } from '@/components/show/RoomLink'
import { ShowStage } from '@/components/show/ShowStage'
import { useShowFrame } from '@/components/show/useShowFrame'
import { cn } from '@/lib/cn'
import type { OpenRound, ShowFrame } from '@/lib/reveal-timeline'
import type { RaffleRow } from '@/db/schema'
import { useOnline } from '@/sync/online'
import { PRESENT_OFFLINE_TEXT } from '@/features/manage-raffle/draw/draw-text'
import { StartDraw } from '@/features/manage-raffle/draw/DrawStage'
import { publicLink } from '@/features/manage-raffle/share-link'
import type { OrganiserShow } from '@/features/manage-raffle/draw/useOrganiserShow'

interface PresenterProps {
  userId: string
  raffle: RaffleRow
  /** The round open now (its countdown), or null. */
  round: OpenRound | null
  show: OrganiserShow
  /** The result to show when no reveal plays (a raffle drawn before). */
  result: ShowFrame | null
  missing: string | null
  ready: boolean
  onLeave(): void
}

const ringButton =
  'h-10 rounded-xl px-4 text-sm font-semibold whitespace-nowrap text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-white'

function Waiting({ userId, raffle, missing, ready }: Pick<PresenterProps, 'userId' | 'raffle' | 'missing' | 'ready'>) {
  return (
    <div className="flex flex-col items-center gap-[3vh]">
      <p className="text-[min(5vh,7vw)] font-bold">O sorteio vai começar</p>
      {/* The organiser starts from here; the confirmation (numbers and fingerprint) shows to the room too. */}
      {raffle.status === 'pending' && (
        <div className="rounded-2xl bg-white p-4 text-left text-slate-900">
          <StartDraw userId={userId} raffle={raffle} missing={missing} ready={ready} />
        </div>
      )}
    </div>
  )
}

/**
 * 'Apresentar': the organiser's own full-screen show, for a TV by cable or screen casting. It runs
 * from this device's data (offline too: countdown, reveal, 'Parabéns!'), with the code and the QR
 * code of the public link, and says when the result waits for the connection to be published.
 */
export function Presenter({ userId, raffle, round, show, result, missing, ready, onLeave }: PresenterProps) {
  const online = useOnline()
  const [link] = useState(() => publicLink(window.location.origin, raffle.code))
  const frame = useShowFrame(round, show.plan, show.offsetMs ?? 0)
  const shown = frame.kind === 'idle' ? result : frame
  const box = useRef<HTMLDivElement>(null)
  const titleId = useId()
  // A show that reached 'Parabéns!' here is over: the tab then lists the result, not the show again.
  const leave = () => {
    if (frame.kind === 'done') show.close()
    onLeave()
  }
  // Full screen where the browser can (a phone mirrored to a TV); closing the presentation leaves it.
  useEffect(() => {
    const element = box.current
    element?.focus()
    // The whole page, not this box: the start's confirmation opens above it, outside it.
    if (document.fullscreenEnabled) void document.documentElement.requestFullscreen().catch(() => {})
    // The room sees the show, not the organiser's toasts (a participant added, a setting saved).
    document.documentElement.dataset.presenting = ''
    return () => {
      delete document.documentElement.dataset.presenting
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {})
    }
  }, [])
  return (
    <div
      ref={box}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-presenter={shown?.kind ?? 'waiting'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') leave()
      }}
      className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-gradient-to-b from-brand-800 to-slate-950 text-white outline-none"
    >
      <header className="flex items-center justify-between gap-3 px-[3vw] pt-[2vh]">
        <h2 id={titleId} className="min-w-0 truncate text-[min(3.2vh,5vw)] font-bold">
          {raffle.title}
        </h2>
        <button type="button" className={ringButton} onClick={leave}>
          Sair da apresentação
        </button>
      </header>
      <main className="grid flex-1 shrink-0 grid-cols-1 gap-[3vw] px-[3vw] py-[2vh] landscape:grid-cols-[1fr_auto]">
        <section className="flex min-w-0 flex-col items-center justify-center-safe gap-3 text-center">
          {shown ? (
            <ShowStage frame={shown} big tickets={raffle.type === 'tickets'} onClose={shown.kind === 'done' && show.plan ? show.close : undefined} />
          ) : (
            <Waiting userId={userId} raffle={raffle} missing={missing} ready={ready} />
          )}
          <p className="sr-only" aria-live="polite">
            {shown?.kind === 'done' ? 'Parabéns!' : ''}
          </p>
        </section>
        <RoomLink code={raffle.code} link={link} qrClassName="size-[min(32vh,26vw)] portrait:size-[min(26vh,50vw)]" />
      </main>
      {!online && (
        <p role="status" className={cn('mx-[3vw] mb-[2vh] rounded-xl bg-amber-300/15 px-4 py-3 text-center text-[min(2.6vh,4vw)] text-amber-100 ring-1 ring-amber-300/40')}>
          {PRESENT_OFFLINE_TEXT}
        </p>
      )}
    </div>
  )
}
