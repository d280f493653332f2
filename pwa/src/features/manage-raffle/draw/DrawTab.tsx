import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { afterReveal } from '@/components/show/after-reveal'
import { LiveShow } from '@/components/show/LiveShow'
import { Button } from '@/components/ui/Button'
import { useOnline, useOnlineGetter } from '@/sync/online'
import { AlternatesList } from '@/components/ui/AlternatesList'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { Skeleton } from '@/components/ui/Skeleton'
import { RESULT_MISMATCH_TEXT } from '@/db/draw-check'
import { invalidateWinner, redraw } from '@/db/draws'
import type { DrawRow, RaffleRow } from '@/db/schema'
import { OFFLINE_RESULT_TEXT, OFFLINE_START_TEXT } from '@/features/manage-raffle/draw/draw-text'
import { AbandonRound } from '@/features/manage-raffle/draw/AbandonRound'
import { DrawStage } from '@/features/manage-raffle/draw/DrawStage'
import { FederalStage } from '@/features/manage-raffle/draw/FederalStage'
import type { GroupIndex } from '@/features/manage-raffle/participants/participants-logic'
import { formatCount } from '@/features/manage-raffle/participants/participants-text'
import type { DrawView } from '@/features/manage-raffle/draw/useDraw'
import { WinnersList } from '@/features/manage-raffle/draw/WinnersList'
import { Presenter } from '@/features/manage-raffle/draw/Presenter'
import { presenterRound, resultFrame } from '@/features/manage-raffle/draw/organiser-show'
import { useOrganiserShow } from '@/features/manage-raffle/draw/useOrganiserShow'
import { RevealToasts } from '@/features/manage-raffle/draw/RevealToasts'
import { promoteAlternate } from '@/db/promote'
import { vacantPositions } from '@/lib/winners'
import { placeLabel, prizeOf, shownPrizes, type Prize } from '@/protocol/prizes'
import { drawShortfall } from '@/protocol/rules'

/** What each place wins, as the room will hear it in the reveal. */
function PrizeList({ prizes }: { prizes: Prize[] }) {
  if (prizes.length === 0) return null
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">Prêmios</h3>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
        {prizes.map((p) => (
          <li key={p.position} dir="auto" className="wrap-anywhere">
            {placeLabel(p.position, p.name)}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl bg-brand-50 px-3 py-4 text-center">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">{value === undefined ? <Skeleton className="mx-auto h-7 w-12" /> : formatCount(value)}</dd>
    </div>
  )
}

const NO_ROUNDS: readonly DrawRow[] = []

interface DrawTabProps {
  userId: string
  raffle: RaffleRow
  index: GroupIndex | undefined
  /** The raffle's rounds and winners (read by the screen, which also reveals this device's rounds). */
  view: DrawView | undefined
}

export function DrawTab({ userId, raffle, index, view }: DrawTabProps) {
  const raffleId = raffle.id
  const isOnline = useOnlineGetter()
  const online = useOnline()
  const onInvalidate = useCallback((winnerId: string, reason: string | null) => invalidateWinner(userId, raffleId, winnerId, reason), [userId, raffleId])
  const onRedraw = useCallback(
    async (position: number) => {
      // The redraw's mode is the connection's as it starts.
      const winner = await redraw(userId, raffleId, position, { offline: !isOnline() })
      // 'Vencedor re-sorteado!' waits, as 'Sorteio realizado!' does, for the room's reveal to end.
      await new Promise<void>((resolve) => afterReveal(raffleId, winner.drawId, resolve))
    },
    [userId, raffleId, isOnline],
  )
  const onPromote = useCallback(
    async (position: number) => {
      await promoteAlternate(userId, raffleId, position)
    },
    [userId, raffleId],
  )
  const alternates = view?.alternates ?? []
  const simple = raffle.type === 'simple'
  const prizes = raffle.prizes
  const winners = useMemo(() => (view?.winners ?? []).map((w) => ({ ...w, prize: prizeOf(prizes, w.position) })), [view?.winners, prizes])
  const missing = index ? (drawShortfall(raffle, index.tickets, index.people)?.message ?? null) : null
  const current = view?.current ?? null
  const redrawing = current?.kind === 'redraw' ? current.positions[0] : undefined
  const mismatch = view?.rounds.some((r) => r.resultCheck === 'mismatch') ?? false
  // 'Re-sortear' is on offer and would start an offline round: say so before it is pressed.
  const offlineRedraw = !online && current === null && vacantPositions(view?.winners ?? []).size > 0
  const offlineNoteId = useId()
  // The result, once a draw finishes while this tab is open, is below the fold on a phone: brought up.
  const winnersHeading = useRef<HTMLHeadingElement>(null)
  const status = useRef(raffle.status)
  useEffect(() => {
    if (status.current === 'in_progress' && raffle.status === 'completed') winnersHeading.current?.scrollIntoView?.({ block: 'start' })
    status.current = raffle.status
  }, [raffle.status])
  // The room's reveal, in step with the phones and the big screen: the list waits for its end.
  const show = useOrganiserShow(raffle, view, index)
  const revealing = show.plan !== null
  const [presenting, setPresenting] = useState(false)

  return (
    <div className="space-y-5">
      <Card className="space-y-5">
        <h2 className="font-semibold text-slate-900">Sorteio</h2>
        {/* Only ticket raffles speak of tickets. */}
        <dl className={simple ? 'grid grid-cols-2 gap-2 sm:gap-4' : 'grid grid-cols-3 gap-2 sm:gap-4'}>
          <Total label="Participantes" value={index?.people} />
          {!simple && <Total label="Bilhetes" value={index?.tickets} />}
          <Total label="Vencedores" value={raffle.winnersCount} />
        </dl>
        <PrizeList prizes={shownPrizes(raffle.prizes, raffle.winnersCount)} />
        {raffle.drawMethod === 'federal' ? (
          <FederalStage userId={userId} raffle={raffle} />
        ) : (
          <>
            <DrawStage userId={userId} raffle={raffle} missing={missing} ready={index !== undefined && view !== undefined} view={view} revealing={revealing} />
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setPresenting(true)}>
              Apresentar
            </Button>
          </>
        )}
        {raffle.status !== 'pending' && (
          <ButtonLink to={`/gerenciar/${raffleId}/ata`} variant="outline" className="w-full sm:w-auto">
            Ata do sorteio
          </ButtonLink>
        )}
        {mismatch && (
          <p role="alert" className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            {RESULT_MISMATCH_TEXT}
          </p>
        )}
      </Card>
      <Card className="space-y-4 px-4 sm:px-6">
        <h2 ref={winnersHeading} className="font-semibold text-slate-900">
          Vencedores
        </h2>
        {redrawing !== undefined && (
          <p role="status" className="text-sm text-slate-600">
            Re-sorteando o {redrawing}º lugar...
            {/* Online, the reveal waits for the server (an offline redraw is drawn at once). */}
            {current?.offline !== true && !online && ` ${OFFLINE_RESULT_TEXT}`}
          </p>
        )}
        {offlineRedraw && (
          <p id={offlineNoteId} className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
            {OFFLINE_START_TEXT}
          </p>
        )}
        {current?.kind === 'redraw' && <AbandonRound userId={userId} raffleId={raffleId} round={current} own={view!.ownRounds.has(current.id)} />}
        {revealing ? (
          <p className="text-sm text-slate-600">Os vencedores aparecem aqui ao fim da revelação.</p>
        ) : (
          <>
            <WinnersList
              winners={winners}
              isAdmin
              showEmail
              title={raffle.title}
              onInvalidate={onInvalidate}
              onRedraw={onRedraw}
              onPromote={onPromote}
              alternatesLeft={alternates.filter((a) => a.calledTo === null).length}
              redrawNoteId={offlineRedraw ? offlineNoteId : undefined}
            />
            <AlternatesList alternates={alternates} className="mt-6" />
          </>
        )}
      </Card>
      <RevealToasts raffleId={raffleId} show={show.state} rounds={view?.rounds ?? NO_ROUNDS} offsetMs={show.offsetMs} />
      {presenting ? (
        <Presenter
          userId={userId}
          raffle={raffle}
          round={presenterRound(current)}
          show={show}
          result={resultFrame(raffle, view)}
          missing={missing}
          ready={index !== undefined && view !== undefined}
          onLeave={() => setPresenting(false)}
        />
      ) : (
        show.offsetMs !== undefined && <LiveShow round={null} plan={show.plan} offsetMs={show.offsetMs} tickets={!simple} onClose={show.close} onSkip={show.close} />
      )}
    </div>
  )
}
