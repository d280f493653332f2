import { useState, useSyncExternalStore } from 'react'
import { useParams } from 'react-router-dom'
import { calledText, PROMOTED_TEXT } from '@/components/ui/alternate-text'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { PageSpinner } from '@/components/ui/Spinner'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { gapLabel, prizeOf } from '@/protocol/prizes'
import { alternateLeft, type PublicAlternate, type PublicState } from '@/protocol/public-state'
import { cn } from '@/lib/cn'
import { isGap, withGaps } from '@/lib/winners'
import { AbandonedNotice } from '@/features/public-raffle/AbandonedNotice'
import { LiveShow } from '@/components/show/LiveShow'
import { openRound } from '@/features/public-raffle/live-show'
import { PoolFairness } from '@/features/public-raffle/PoolFairness'
import { RaffleLoadFailed, RaffleNotFound, RaffleWaiting } from '@/features/public-raffle/PageStates'
import { count, placeText, PUBLIC_STATUS, PUBLIC_TYPE, publicLink, publicTitle } from '@/features/public-raffle/public-text'
import { RoomLink } from '@/components/show/RoomLink'
import { FederalNotice } from '@/features/public-raffle/FederalNotice'
import { ConnectionBadge } from '@/features/public-raffle/RaffleSummary'
import { usePublicRaffle } from '@/features/public-raffle/usePublicRaffle'
import { useWakeLock } from '@/features/public-raffle/useWakeLock'

function subscribeFullscreen(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener)
  return () => document.removeEventListener('fullscreenchange', listener)
}

function FullscreenButton() {
  const active = useSyncExternalStore(subscribeFullscreen, () => document.fullscreenElement !== null)
  if (!document.fullscreenEnabled) return null
  return (
    <button
      type="button"
      className="h-9 rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-white"
      onClick={() => void (active ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {})}
    >
      {active ? 'Sair da tela cheia' : 'Tela cheia'}
    </button>
  )
}

/** Up to this many places, the big screen's winners are in its largest type. */
const LARGE_PLACES = 5

function Winners({ state }: { state: PublicState }) {
  const shown = withGaps(state.winners.map((w) => ({ ...w, isValid: w.valid, invalidatedAt: w.invalidated_at })))
  if (shown.length === 0) return <p className="text-[2.6vh] text-white/70">Nenhum vencedor sorteado ainda</p>
  const anyLeft = alternateLeft(state.alternates)
  // Read from 5 metres: up to five places, each name and prize at least 5 % of the screen's height;
  // beyond, smaller. Names wrap, never cut.
  const large = shown.length <= LARGE_PLACES
  return (
    // Columns of minmax(0, 1fr): an auto column grew to a long name's whole width and pushed the
    // ticket number out of the screen.
    <ol aria-label="Vencedores" className={cn('grid grid-cols-1 gap-[1vh]', shown.length > 6 && 'landscape:grid-cols-2')}>
      {shown.map((w) =>
        isGap(w) ? (
          // A place invalidated and not yet filled again: the room sees the place wait, never why. It
          // wraps: with a prize, its wording lost its end on a screen held upright.
          <li key={`gap:${w.position}`} className="rounded-2xl wrap-anywhere border border-dashed border-white/30 px-[1.5vw] py-[1vh] text-[2.4vh] text-white/70">
            {gapLabel(w.position, prizeOf(state.raffle.prizes, w.position), anyLeft)}
          </li>
        ) : (
          // Taller than wide (a phone, a TV on its side) the place has a line of its own, and the name
          // and ticket the next: side by side, a prize's place left the name a few letters.
          <li
            key={`${w.round_id}:${w.position}`}
            className={cn('flex flex-wrap items-baseline gap-x-[1vw] gap-y-[0.5vh] rounded-2xl bg-white/10 px-[1.5vw] py-[1vh]', !large && 'landscape:flex-nowrap')}
          >
            <span
              data-big="place"
              className={cn('shrink-0 font-bold wrap-anywhere text-amber-300', large ? 'basis-full text-[5vh] leading-tight' : 'max-w-[45%] text-[2.4vh] portrait:max-w-full')}
            >
              {placeText(w.position, prizeOf(state.raffle.prizes, w.position))}
            </span>
            {/* The room sees who took the place was called from the alternates, never why. */}
            {w.promoted && <span className="shrink-0 rounded-full bg-emerald-400/20 px-[1vh] py-[0.3vh] text-[1.9vh] font-semibold text-emerald-200">{PROMOTED_TEXT}</span>}
            <span aria-hidden="true" className="hidden basis-full portrait:block" />
            <span dir="auto" data-big="name" className={cn('min-w-0 flex-1 font-semibold wrap-anywhere', large ? 'text-[5.5vh] leading-tight' : 'text-[3vh]')}>
              {w.name}
            </span>
            {/* Labelled and bright: people in the room look for their ticket's number. */}
            {w.ticket_number !== null && (
              <span className="shrink-0 text-[2.4vh] text-white/80">
                Bilhete <span className="font-mono text-[3vh] font-bold text-white">{w.ticket_number}</span>
              </span>
            )}
          </li>
        ),
      )}
    </ol>
  )
}

/** 'Suplentes', in order, below the winners: smaller, each one called saying to which place. */
function Alternates({ alternates }: { alternates: readonly PublicAlternate[] }) {
  if (alternates.length === 0) return null
  return (
    <section aria-labelledby="big-alternates" className="mt-[2vh]">
      <h2 id="big-alternates" className="text-[2.4vh] font-semibold tracking-wide text-brand-300 uppercase">
        Suplentes
      </h2>
      <ol aria-label="Suplentes" className={cn('mt-[1vh] grid grid-cols-1 gap-[0.8vh]', alternates.length > 3 && 'landscape:grid-cols-2')}>
        {alternates.map((a) => (
          <li key={a.rank} className="flex flex-wrap items-baseline gap-x-[1vw] rounded-xl bg-white/5 px-[1.5vw] py-[0.6vh] text-[2.2vh] landscape:flex-nowrap">
            <span className="shrink-0 font-semibold text-white/70">{`${a.rank}º suplente`}</span>
            {/* Sized by the name when taller than wide, so the call goes below rather than the name to a letter. */}
            <span dir="auto" className="min-w-0 flex-1 truncate font-medium portrait:basis-auto">
              {a.name}
            </span>
            {a.called_to ? (
              <span className="shrink-0 text-[1.9vh] font-semibold text-emerald-200">{calledText(a.called_to)}</span>
            ) : (
              a.ticket_number !== null && <span className="shrink-0 font-mono text-white/80">{a.ticket_number}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}

function BigScreen({ code }: { code: string }) {
  const view = usePublicRaffle(code)
  const { load, live, online, retry } = view
  useWakeLock()
  // The link is read once: it is what the room scans.
  const [link] = useState(() => publicLink(window.location.origin, code))
  usePageTitle(`${publicTitle(code, load.status, live.state?.raffle.title, true)} · Modo telão`)

  if (load.status === 'notFound') return <RaffleNotFound code={code} />
  if (load.status === 'waiting') return <RaffleWaiting code={code} />
  if (load.status === 'failed') return <RaffleLoadFailed message={load.message} offline={load.offline} onRetry={retry} />
  if (load.status === 'loading' || !live.state) return <PageSpinner label="Carregando sorteio..." />
  const { raffle, counts } = live.state
  const status = PUBLIC_STATUS[raffle.status]

  return (
    <div className="fixed inset-0 z-30 flex flex-col overflow-hidden bg-slate-950 text-white">
      <header className="flex items-center justify-between gap-4 px-[3vw] pt-[2vh]">
        <ConnectionBadge status={online ? view.connection : 'reconnecting'} className="text-[1.8vh] text-white/80" />
        <div className="flex gap-2">
          <FullscreenButton />
          {/* A white ring: the usual brand-800 one is about 2:1 on this near-black. */}
          <ButtonLink to={`/sorteio/${code}`} variant="ghost" size="sm" className="text-white hover:bg-white/10 focus-visible:outline-white">
            Sair do modo telão
          </ButtonLink>
        </div>
      </header>
      {/* A screen taller than wide (a phone, a TV on its side): the code and QR code go below, and it
          scrolls; nothing in it takes focus, so it does itself and the keyboard can scroll it too. */}
      <main
        tabIndex={0}
        className="grid min-h-0 flex-1 grid-cols-1 gap-[3vw] px-[3vw] py-[3vh] focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white portrait:overflow-y-auto landscape:grid-cols-[1fr_auto]"
      >
        <section className="flex min-w-0 flex-col gap-[2vh]">
          <div>
            <p className="text-[2.4vh] font-semibold tracking-wide text-brand-300 uppercase">{`${status.label} · ${PUBLIC_TYPE[raffle.type]}`}</p>
            <h1 className="text-[min(6vh,9vw)] leading-tight font-extrabold wrap-anywhere">{raffle.title}</h1>
            {raffle.description && <p className="mt-[1vh] line-clamp-2 text-[2.4vh] text-white/70">{raffle.description}</p>}
            <p className="mt-[1vh] text-[2.6vh] text-white/80">
              {`${count(counts.people)} participantes · ${count(raffle.winners_count)} ${raffle.winners_count === 1 ? 'vencedor' : 'vencedores'}`}
            </p>
            <FederalNotice state={live.state} big />
          </div>
          {live.abandoned !== null && <AbandonedNotice code={code} big />}
          {/* Scrolls rather than cut a winner when many or long names take more than the screen. */}
          <div className="min-h-0 flex-1 landscape:overflow-y-auto">
            <Winners state={live.state} />
            <Alternates alternates={live.state.alternates ?? []} />
          </div>
        </section>
        {/* Winners first once drawn: the QR code steps back. */}
        <RoomLink
          code={raffle.code}
          link={link}
          qrClassName={raffle.status === 'completed' ? 'size-[min(24vh,16vw)] portrait:size-[min(20vh,40vw)]' : 'size-[min(42vh,28vw)] portrait:size-[min(30vh,60vw)]'}
        />
      </main>
      <LiveShow
        round={openRound(live.state)}
        plan={live.show}
        offsetMs={view.offsetMs}
        tickets={live.state.raffle.type === 'tickets'}
        onClose={view.close}
        fairness={<PoolFairness state={live.state} big />}
        big
      />
    </div>
  )
}

/** /sorteio/{code}/telao: the live page for a TV or projector at the venue. */
export default function BigScreenPage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  return <BigScreen key={shown} code={shown} />
}
