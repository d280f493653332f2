import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import { TicketIcon, TrophyIcon } from '@/components/ui/icons'
import { Spinner } from '@/components/ui/Spinner'
import { cn } from '@/lib/cn'
import type { RevealWinner, ShowFrame } from '@/lib/reveal-timeline'
import { ALTERNATES_HEADING, revealLabel, secondsText } from '@/components/show/show-text'

function WinnerLine({ winner, big, alternate = false }: { winner: RevealWinner; big: boolean; alternate?: boolean }) {
  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-white/10 px-4 py-2 text-left',
        big && 'px-[2vw] py-[1vh] landscape:flex-nowrap',
        alternate && 'bg-white/5',
      )}
    >
      <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-sm font-bold', alternate ? 'bg-white/20 text-white' : 'bg-amber-300 text-amber-950', big && 'text-[2.2vh]')}>
        {revealLabel(winner, alternate)}
      </span>
      {/* On a phone the name gets its own line rather than breaking inside words. */}
      <span
        dir="auto"
        className={cn(
          'min-w-0 font-semibold wrap-anywhere',
          big ? 'flex-1 text-[3.2vh] portrait:order-last portrait:w-full portrait:flex-none' : 'order-last w-full text-lg sm:order-none sm:w-auto sm:flex-1',
        )}
      >
        {winner.name}
      </span>
      {winner.ticketNumber !== null && (
        <span className={cn('ml-auto inline-flex shrink-0 items-center gap-1 font-mono text-sm text-white/80', big && 'text-[2.2vh]')}>
          <TicketIcon className="size-4" />
          {winner.ticketNumber}
        </span>
      )}
    </li>
  )
}

/** The winners revealed so far, then the alternates under their own heading. */
function RevealedLists({ winners, alternates, big, label }: { winners: RevealWinner[]; alternates: RevealWinner[]; big: boolean; label: string }) {
  const width = big ? 'max-w-[70vw]' : 'max-w-md'
  return (
    <>
      {winners.length > 0 && (
        <ol aria-label={label} className={cn('mt-2 w-full space-y-2', width)}>
          {winners.map((w) => (
            <WinnerLine key={w.position} winner={w} big={big} />
          ))}
        </ol>
      )}
      {alternates.length > 0 && (
        <section aria-label={ALTERNATES_HEADING} className={cn('mt-2 w-full', width)}>
          <h3 className={cn('mb-2 text-left font-bold text-white/90', big ? 'text-[3vh]' : 'text-base')}>{ALTERNATES_HEADING}</h3>
          <ol className="space-y-2">
            {alternates.map((a) => (
              <WinnerLine key={a.position} winner={a} big={big} alternate />
            ))}
          </ol>
        </section>
      )}
    </>
  )
}

/**
 * The reveal's headline name: smaller as it grows, at most two lines in a box of fixed height, so a
 * long name (up to 200 characters) pushes neither 'Sorteando...' nor the winners below out of view,
 * and the shuffle's names of every length do not move the page every 100 ms.
 */
function headlineSize(name: string | null, big: boolean): string {
  const n = name?.length ?? 0
  if (big) return n > 60 ? 'text-[min(5vh,4.5vw)]' : n > 24 ? 'text-[min(8vh,6vw)]' : 'text-[min(12vh,7vw)]'
  return n > 60 ? 'text-lg sm:text-xl' : n > 24 ? 'text-2xl sm:text-3xl' : 'text-4xl sm:text-5xl'
}

/**
 * 'Fechar', focused when the show ends without scrolling to it: below a list of long names it would
 * take 'Parabéns!' out of view.
 */
function CloseButton({ onClose }: { onClose(): void }) {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    button.current?.focus({ preventScroll: true })
  }, [])
  return (
    // A white ring: the usual brand-800 one would vanish on the show's violet-to-black.
    <Button ref={button} variant="secondary" size="lg" className="mt-4 focus-visible:outline-white" onClick={onClose}>
      Fechar
    </Button>
  )
}

type RevealFrame = Extract<ShowFrame, { kind: 'reveal' }>

function Reveal({ frame, big, tickets }: { frame: RevealFrame; big: boolean; tickets: boolean }) {
  const alternate = frame.stage === 'alternates'
  const list = alternate ? frame.alternates : frame.revealed
  const current = list.length > frame.index ? list[frame.index]! : null
  const heading = frame.shuffling ? (alternate ? 'Sorteando suplente...' : 'Sorteando...') : current ? revealLabel(current, alternate) : ''
  return (
    <>
      {alternate && <p className={cn('font-bold tracking-wide text-white/70 uppercase', big ? 'text-[3vh]' : 'text-sm')}>{ALTERNATES_HEADING}</p>}
      <p className={cn('font-semibold text-white/90', big ? 'text-[4vh]' : 'text-xl')}>{heading}</p>
      <div className={cn('flex w-full items-center justify-center', big ? 'h-[min(30vh,17.5vw)]' : 'h-[6rem] sm:h-[7.5rem]')}>
        <p
          dir="auto"
          aria-hidden={frame.shuffling}
          className={cn(
            'line-clamp-2 max-w-full px-2 leading-tight font-extrabold wrap-anywhere',
            headlineSize(frame.name, big),
            frame.shuffling ? 'text-white/70' : 'animate-pop text-amber-300',
          )}
        >
          {frame.name ?? '• • •'}
        </p>
      </div>
      {/* At a rifa people check paper tickets: the number is as large as the name, its line
          kept while shuffling so the page does not move when it lands. */}
      {tickets && (
        <div className={cn('flex w-full items-center justify-center', big ? 'h-[min(15vh,8.75vw)]' : 'h-[2.9rem] sm:h-[3.8rem]')}>
          <p
            aria-hidden={frame.shuffling}
            className={cn(
              'leading-tight font-extrabold whitespace-nowrap',
              headlineSize(frame.shuffling ? null : frame.name, big),
              frame.shuffling ? 'text-white/70' : 'animate-pop text-amber-300',
            )}
          >
            {'Bilhete '}
            <span className="font-mono">{!frame.shuffling && current?.ticketNumber != null ? current.ticketNumber : '•••'}</span>
          </p>
        </div>
      )}
      <RevealedLists winners={frame.revealed} alternates={frame.alternates} big={big} label="Vencedores revelados" />
    </>
  )
}

/** One frame of the show: the countdown, 'Sorteando...', a reveal, or 'Parabéns!' with the result. */
export function ShowStage({ frame, big, tickets, onClose }: { frame: ShowFrame; big: boolean; tickets: boolean; onClose?(): void }) {
  switch (frame.kind) {
    case 'idle':
      return null
    case 'countdown':
      return (
        <>
          <p className={cn('font-semibold text-white/90', big ? 'text-[4vh]' : 'text-xl')}>O sorteio começa em</p>
          {/* The big number is for the room; screen readers hear the sentence. */}
          <div role="timer" aria-live="polite" aria-atomic="true" aria-label="Contagem regressiva">
            <span aria-hidden="true" className={cn('block leading-none font-extrabold tabular-nums', big ? 'text-[min(40vh,30vw)]' : 'text-[min(45vw,14rem)]')}>
              {frame.seconds}
            </span>
            <span className="sr-only">{`${frame.seconds} ${secondsText(frame.seconds)}`}</span>
          </div>
          <p aria-hidden="true" className={cn('text-white/80', big ? 'text-[3vh]' : 'text-lg')}>
            {secondsText(frame.seconds)}
          </p>
        </>
      )
    case 'drawing':
      return (
        <div role="status" className="flex flex-col items-center gap-4">
          <Spinner className={big ? 'size-[10vh]' : 'size-14'} />
          <p className={cn('font-bold', big ? 'text-[6vh]' : 'text-3xl')}>Sorteando...</p>
          <p className={cn('text-white/80', big ? 'text-[2.6vh]' : 'text-base')}>O resultado aparece aqui assim que sair.</p>
        </div>
      )
    case 'reveal':
      return <Reveal frame={frame} big={big} tickets={tickets} />
    case 'done':
      return (
        <>
          <TrophyIcon className={cn('text-amber-300', big ? 'size-[10vh]' : 'size-14')} />
          <h2 className={cn('animate-pop font-extrabold text-amber-300', big ? 'text-[min(10vh,14vw)]' : 'text-5xl')}>Parabéns!</h2>
          <RevealedLists winners={frame.winners} alternates={frame.alternates} big={big} label="Vencedores do sorteio" />
          {onClose && <CloseButton onClose={onClose} />}
        </>
      )
  }
}
