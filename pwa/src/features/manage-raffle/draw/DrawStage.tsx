import { useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { errorText } from '@/components/ui/error-text'
import { Spinner } from '@/components/ui/Spinner'
import { clearToasts } from '@/components/ui/toast-control'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { countdownEnd, drawPreview, startDraw, type DrawPreview } from '@/db/draws'
import { AbandonRound } from '@/features/manage-raffle/draw/AbandonRound'
import type { DrawRow, RaffleRow } from '@/db/schema'
import { useOnline } from '@/sync/online'
import {
  countdownText,
  OFFLINE_DRAW_TEXT,
  OFFLINE_DRAWN_TEXT,
  OFFLINE_RESULT_TEXT,
  OFFLINE_START_TEXT,
  offlineConfirmText,
  secondsLeft,
} from '@/features/manage-raffle/draw/draw-text'
import { useServerNow, type DrawView } from '@/features/manage-raffle/draw/useDraw'
import { formatDateTime } from '@/lib/dates'
import { drawQuestion, FINGERPRINT_LABEL, FINGERPRINT_NOTE, poolFingerprint } from '@/lib/pool-text'

interface StartProps {
  userId: string
  raffle: RaffleRow
  /** Why the raffle cannot be drawn yet, or null. */
  missing: string | null
  /** The totals are read (until then nobody knows whether the draw is possible). */
  ready: boolean
}

export function StartDraw({ userId, raffle, missing, ready }: StartProps) {
  const [starting, setStarting] = useState(false)
  // The pool about to be drawn, while the organiser confirms.
  const [preview, setPreview] = useState<DrawPreview | null>(null)
  const missingId = useId()
  const offlineId = useId()
  const online = useOnline()
  const describedBy = [missing ? missingId : '', online ? '' : offlineId].filter(Boolean).join(' ') || undefined

  function failed(error: unknown) {
    toast.error('Não foi possível iniciar o sorteio', { description: errorText(error) })
  }

  // A stray tap must not start the public round: the numbers and the fingerprint are confirmed first.
  async function onAsk() {
    setStarting(true)
    clearToasts()
    try {
      setPreview(await drawPreview(userId, raffle.id))
    } catch (error) {
      failed(error)
    } finally {
      setStarting(false)
    }
  }

  async function onStart() {
    if (!preview) return
    setStarting(true)
    try {
      // The round's mode, for good: offline only when the device cannot reach the server now.
      await startDraw(userId, raffle.id, { offline: !online, poolDigest: preview.digest })
    } catch (error) {
      failed(error)
    } finally {
      setStarting(false)
      setPreview(null)
    }
  }

  return (
    <div className="space-y-3">
      {missing && (
        <p id={missingId} className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {missing}
        </p>
      )}
      {/* Said before the round starts: its mode is fixed at the start and shows on the public record. */}
      {!online && (
        <p id={offlineId} className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
          {OFFLINE_START_TEXT}
        </p>
      )}
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onClick={() => void onAsk()}
        disabled={!ready || missing !== null}
        loading={starting && preview === null}
        aria-describedby={describedBy}
      >
        Iniciar Sorteio
      </Button>
      {preview && (
        <ConfirmDialog
          open
          title={drawQuestion(raffle.winnersCount, { tickets: preview.tickets, people: preview.people, simple: raffle.type === 'simple' })}
          confirmLabel="Sortear agora"
          busy={starting}
          onConfirm={() => void onStart()}
          onCancel={() => setPreview(null)}
        >
          {!online && <p className="mb-2 rounded-xl bg-amber-50 px-3 py-2 font-medium text-amber-900">{offlineConfirmText(raffle.winnersCount, raffle.alternatesCount ?? 0)}</p>}
          <p className="font-medium text-slate-900">
            {`${FINGERPRINT_LABEL} `}
            <span className="font-mono font-bold tracking-wider">{poolFingerprint(preview.digest)}</span>
          </p>
          <p className="mt-1">{FINGERPRINT_NOTE}</p>
        </ConfirmDialog>
      )}
    </div>
  )
}

function Countdown({ seconds, own, offline }: { seconds: number; own: boolean; offline: boolean }) {
  // On a phone the start button sits low on the screen: the countdown that replaces it is brought
  // into view whole, above the sync bar (the page's scroll-padding).
  const box = useRef<HTMLDivElement>(null)
  // A block: in current Chromium scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' })
  }, [])
  return (
    <div ref={box} className="flex flex-col items-center gap-1 py-4 text-center">
      <p className="text-sm font-semibold text-slate-700">{own ? 'O sorteio começa em' : 'Sorteio em andamento'}</p>
      {/* The big number is for the room; screen readers hear the sentence, once a second. */}
      <div role="timer" aria-live="polite" aria-atomic="true">
        <span aria-hidden="true" className="block text-7xl leading-none font-extrabold text-brand-800 tabular-nums sm:text-8xl">
          {seconds}
        </span>
        <span className="sr-only">{countdownText(seconds)}</span>
      </div>
      <p aria-hidden="true" className="text-sm text-slate-600">
        {seconds === 1 ? 'segundo' : 'segundos'}
      </p>
      {!own && <p className="text-sm text-slate-600">Iniciado em outro aparelho: o resultado aparece aqui assim que sair.</p>}
      {offline && <p className="text-sm text-slate-600">{OFFLINE_DRAW_TEXT}</p>}
    </div>
  )
}

function InProgress({ userId, raffle, round, own }: { userId: string; raffle: RaffleRow; round: DrawRow | null; own: boolean }) {
  const online = useOnline()
  const now = useServerNow(round !== null && round.state !== 'completed')
  const offline = round?.offline === true
  const roundId = round?.id
  // The countdown and the reveal that follows get the screen to themselves: a passing toast
  // ('Participante adicionado', 'Sorteio atualizado') must not cover the winners.
  useEffect(() => {
    if (roundId) clearToasts()
  }, [roundId])
  if (round && round.state === 'open') {
    // The server clock's offset is one IndexedDB read away: neither a countdown nor 'Sorteando...' before it.
    if (now === undefined) return null
    const left = secondsLeft(countdownEnd(round), now, round.countdownSeconds)
    if (left > 0) return <Countdown seconds={left} own={own} offline={offline} />
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
      <Spinner className="size-10 text-brand-700" />
      <p className="text-lg font-semibold text-slate-900">Sorteando...</p>
      {!own && online && <p className="text-sm text-slate-600">Sorteio em andamento em outro aparelho: aguardando o resultado.</p>}
      {offline && <p className="text-sm text-slate-600">{OFFLINE_DRAW_TEXT}</p>}
      {/* An online round waits for the server, however long: the reveal goes once the connection is back. */}
      {!offline && !online && <p className="text-sm text-slate-600">{OFFLINE_RESULT_TEXT}</p>}
      {round && <AbandonRound userId={userId} raffleId={raffle.id} round={round} own={own} />}
    </div>
  )
}

function Completed({ raffle, round }: { raffle: RaffleRow; round: DrawRow | null }) {
  const at = round?.completedAt ?? raffle.drawnAt
  return (
    <div className="space-y-3 rounded-xl bg-emerald-50 px-4 py-4 text-emerald-900">
      <div>
        <p className="font-semibold">Sorteio concluído</p>
        {at !== null && <p className="text-sm">Realizado em {formatDateTime(at)}</p>}
        {round?.offline && <p className="mt-1 text-sm">{OFFLINE_DRAWN_TEXT}</p>}
      </div>
      <ButtonLink variant="outline" to={`/sorteio/${raffle.code}/verificar`} className="w-full sm:w-auto">
        Verificar sorteio
      </ButtonLink>
    </div>
  )
}

function RevealingNote() {
  return (
    <p role="status" className="py-4 text-center text-sm font-semibold text-slate-700">
      Revelando o resultado para a sala...
    </p>
  )
}

interface DrawStageProps extends StartProps {
  view: DrawView | undefined
  /** The room's reveal is playing: the result waits for its end. */
  revealing?: boolean
}

/** Where the draw stands: the start button, the countdown, the draw under way, or its end. */
export function DrawStage({ userId, raffle, missing, ready, view, revealing = false }: DrawStageProps) {
  const main = view?.main ?? null
  if (raffle.status === 'pending' && !main) return <StartDraw userId={userId} raffle={raffle} missing={missing} ready={ready} />
  if (revealing) return <RevealingNote />
  if (raffle.status === 'completed' || main?.state === 'completed') return <Completed raffle={raffle} round={main} />
  // Until the rounds are read, a raffle under way shows nothing: 'Sorteando...' for a frame, then
  // the countdown it turns out to be, would flash the wrong stage at the room.
  if (view === undefined) return null
  return <InProgress userId={userId} raffle={raffle} round={main} own={main !== null && view.ownRounds.has(main.id)} />
}
