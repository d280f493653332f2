import { useState, useSyncExternalStore } from 'react'
import { useParams } from 'react-router-dom'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { PageSpinner } from '@/components/ui/Spinner'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { gapLabel, prizeOf } from '@/protocol/prizes'
import type { PublicState } from '@/protocol/public-state'
import { cn } from '@/lib/cn'
import { isGap, withGaps } from '@/lib/winners'
import { AbandonedNotice } from '@/features/public-raffle/AbandonedNotice'
import { LiveShow } from '@/features/public-raffle/LiveShow'
import { RaffleLoadFailed, RaffleNotFound, RaffleWaiting } from '@/features/public-raffle/PageStates'
import { count, placeText, PUBLIC_STATUS, PUBLIC_TYPE, publicLink, publicTitle } from '@/features/public-raffle/public-text'
import { QrCode } from '@/components/qr/QrCode'
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

function Winners({ state }: { state: PublicState }) {
  const shown = withGaps(state.winners.map((w) => ({ ...w, isValid: w.valid, invalidatedAt: w.invalidated_at })))
  if (shown.length === 0) return <p className="text-[2.6vh] text-white/70">Nenhum vencedor sorteado ainda</p>
  return (
    // Columns of minmax(0, 1fr): an auto column grew to a long name's whole width and pushed the
    // ticket number out of the screen.
    <ol aria-label="Vencedores" className={cn('grid grid-cols-1 gap-[1vh]', shown.length > 6 && 'landscape:grid-cols-2')}>
      {shown.map((w) =>
        isGap(w) ? (
          // A place invalidated and not yet redrawn: the room sees the place wait, never why.
          <li key={`gap:${w.position}`} className="truncate rounded-2xl border border-dashed border-white/30 px-[1.5vw] py-[1vh] text-[2.4vh] text-white/70">
            {gapLabel(w.position, prizeOf(state.raffle.prizes, w.position))}
          </li>
        ) : (
          <li key={`${w.round_id}:${w.position}`} className="flex items-baseline gap-[1vw] rounded-2xl bg-white/10 px-[1.5vw] py-[1vh]">
            <span className="max-w-[45%] shrink-0 truncate text-[2.4vh] font-bold text-amber-300">{placeText(w.position, prizeOf(state.raffle.prizes, w.position))}</span>
            <span dir="auto" className="min-w-0 flex-1 truncate text-[3vh] font-semibold">
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

function BigScreen({ code }: { code: string }) {
  const view = usePublicRaffle(code)
  const { load, live, online, retry } = view
  useWakeLock()
  // The link is read once: it is what the room scans.
  const [link] = useState(() => publicLink(window.location.origin, code))
  usePageTitle(`${publicTitle(code, load.status, live.state?.raffle.title)} · Modo telão`)

  if (load.status === 'notFound') return <RaffleNotFound code={code} />
  if (load.status === 'waiting') return <RaffleWaiting code={code} big />
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
      {/* A screen taller than wide (a phone, a TV on its side): the code and QR code go below. */}
      <main className="grid min-h-0 flex-1 grid-cols-1 gap-[3vw] px-[3vw] py-[3vh] portrait:overflow-y-auto landscape:grid-cols-[1fr_auto]">
        <section className="flex min-w-0 flex-col gap-[2vh]">
          <div>
            <p className="text-[2.4vh] font-semibold tracking-wide text-brand-300 uppercase">{`${status.label} · ${PUBLIC_TYPE[raffle.type]}`}</p>
            <h1 className="text-[min(6vh,9vw)] leading-tight font-extrabold wrap-anywhere">{raffle.title}</h1>
            {raffle.description && <p className="mt-[1vh] line-clamp-2 text-[2.4vh] text-white/70">{raffle.description}</p>}
            <p className="mt-[1vh] text-[2.6vh] text-white/80">
              {`${count(counts.people)} participantes · ${count(raffle.winners_count)} ${raffle.winners_count === 1 ? 'vencedor' : 'vencedores'}`}
            </p>
          </div>
          {live.abandoned !== null && <AbandonedNotice code={code} big />}
          <div className="min-h-0 flex-1 landscape:overflow-hidden">
            <Winners state={live.state} />
          </div>
        </section>
        <aside className="flex flex-col items-center justify-center gap-[2vh] text-center">
          <QrCode text={link} className="size-[min(42vh,28vw)] rounded-2xl p-[1vh] portrait:size-[min(30vh,60vw)]" />
          <p className="text-[2.4vh] text-white/80">Acompanhe no celular</p>
          <p aria-label={`Código ${raffle.code}`} className="font-mono text-[min(9vh,13vw)] leading-none font-extrabold tracking-[0.15em]">
            {raffle.code}
          </p>
          <p className="max-w-[30vw] text-[2vh] break-all text-white/60 portrait:max-w-full">{link.replace(/^https?:\/\//, '')}</p>
        </aside>
      </main>
      <LiveShow live={live} offsetMs={view.offsetMs} onClose={view.close} big />
    </div>
  )
}

/** /sorteio/{code}/telao: the live page for a TV or projector at the venue. */
export default function BigScreenPage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  return <BigScreen key={shown} code={shown} />
}
