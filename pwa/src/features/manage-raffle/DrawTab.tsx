import { useCallback } from 'react'
import { Card } from '@/components/ui/Card'
import { Skeleton } from '@/components/ui/Skeleton'
import { invalidateWinner, redraw } from '@/db/draws'
import type { RaffleRow } from '@/db/schema'
import { DrawStage } from '@/features/manage-raffle/DrawStage'
import type { GroupIndex } from '@/features/manage-raffle/participants-logic'
import { formatCount } from '@/features/manage-raffle/participants-text'
import type { DrawView } from '@/features/manage-raffle/useDraw'
import { useOnlineGetter } from '@/features/manage-raffle/useRoundFinisher'
import { WinnersList } from '@/features/manage-raffle/WinnersList'
import { drawShortfall } from '@/sync/rules'

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl bg-brand-50 px-3 py-4 text-center">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">
        {value === undefined ? <Skeleton className="mx-auto h-7 w-12" /> : formatCount(value)}
      </dd>
    </div>
  )
}

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
  const onInvalidate = useCallback(
    (winnerId: string, reason: string | null) => invalidateWinner(userId, raffleId, winnerId, reason),
    [userId, raffleId],
  )
  const onRedraw = useCallback(
    async (position: number) => {
      await redraw(userId, raffleId, position, { isOnline })
    },
    [userId, raffleId, isOnline],
  )
  const missing = index ? (drawShortfall(raffle.winnersCount, raffle.allowDuplicateWins, index.tickets, index.people)?.message ?? null) : null
  const redrawing = view?.current?.kind === 'redraw' ? view.current.positions[0] : undefined

  return (
    <div className="space-y-5">
      <Card className="space-y-5">
        <h2 className="font-semibold text-slate-900">Sorteio</h2>
        <dl className="grid grid-cols-3 gap-2 sm:gap-4">
          <Total label="Participantes" value={index?.people} />
          <Total label="Bilhetes" value={index?.tickets} />
          <Total label="Vencedores" value={raffle.winnersCount} />
        </dl>
        <DrawStage userId={userId} raffle={raffle} missing={missing} ready={index !== undefined && view !== undefined} view={view} />
      </Card>
      <Card className="space-y-4 px-4 sm:px-6">
        <h2 className="font-semibold text-slate-900">Vencedores</h2>
        {redrawing !== undefined && (
          <p role="status" className="text-sm text-slate-600">
            Re-sorteando o {redrawing}º lugar...
          </p>
        )}
        <WinnersList winners={view?.winners ?? []} isAdmin showEmail onInvalidate={onInvalidate} onRedraw={onRedraw} />
      </Card>
    </div>
  )
}
