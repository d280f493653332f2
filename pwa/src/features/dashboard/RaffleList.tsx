import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { RefusedChanges } from '@/components/refused/RefusedChanges'
import { TicketIcon } from '@/components/ui/icons'
import { RaffleCard } from '@/features/dashboard/RaffleCard'
import { useRaffles } from '@/features/dashboard/useRaffles'
import { useSyncError } from '@/sync/sync-context'
import { CardsSkeleton, grid } from '@/features/dashboard/CardsSkeleton'
import { NotSyncedYet } from '@/features/dashboard/NotSyncedYet'
import { raffleResults } from '@/db/draw-queries'
import type { RaffleRow } from '@/db/schema'
import { FILTER_FROM, filterRaffles, type StatusFilter } from '@/features/dashboard/filter'
import { RaffleFilters } from '@/features/dashboard/RaffleFilters'

function EmptyState() {
  return (
    <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <TicketIcon className="size-7" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum sorteio ainda</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">Crie seu primeiro sorteio, adicione os participantes e compartilhe o código com o público.</p>
      <ButtonLink to="/criar-sorteio" className="mt-6">
        Criar Primeiro Sorteio
      </ButtonLink>
    </Card>
  )
}

export default function RaffleList({ userId }: { userId: string }) {
  const answer = useRaffles(userId)
  const syncError = useSyncError()
  if (answer.status === 'loading') return <CardsSkeleton />
  if (answer.status === 'error') {
    return (
      <Card role="alert" className="mt-6">
        <h2 className="font-semibold text-slate-900">Erro ao carregar sorteios</h2>
        <p className="mt-1 text-sm text-slate-600">{answer.message}</p>
      </Card>
    )
  }
  // Every refused change of the account, those of raffles gone from this device included.
  const refused = <RefusedChanges userId={userId} targets={answer.raffles.filter((r) => r.status === 'pending')} />
  if (answer.raffles.length === 0) {
    // A new device downloads the account's raffles first: 'Nenhum sorteio ainda' would be false
    // until then; when sync cannot run (offline, server error) it says so, and offers a retry.
    if (!answer.synced) return syncError ? <NotSyncedYet error={syncError} /> : <CardsSkeleton />
    return (
      <>
        {refused}
        <EmptyState />
      </>
    )
  }
  return (
    <>
      {refused}
      <Raffles userId={userId} raffles={answer.raffles} />
    </>
  )
}

function Raffles({ userId, raffles }: { userId: string; raffles: RaffleRow[] }) {
  const [term, setTerm] = useState('')
  const [status, setStatus] = useState<StatusFilter>('all')
  // A handful fits on a screen or two; more get the search and the filter (kept while they apply).
  const filtering = raffles.length > FILTER_FROM || term !== '' || status !== 'all'
  // At most a few hundred raffles: filtered at each keystroke, no debounce needed.
  const shown = useMemo(() => filterRaffles(raffles, term, status), [raffles, term, status])
  const drawnIds = useMemo(() => raffles.filter((r) => r.status === 'completed').map((r) => r.id), [raffles])
  const results = useLiveQuery(() => raffleResults(drawnIds), [drawnIds])
  return (
    <>
      {filtering && <RaffleFilters term={term} onTerm={setTerm} status={status} onStatus={setStatus} />}
      {filtering && (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {shown.length === raffles.length ? `${raffles.length} sorteios` : `Mostrando ${shown.length} de ${raffles.length}`}
        </p>
      )}
      {shown.length === 0 ? (
        <Card className="mt-4 text-center text-sm text-slate-600">{term.trim() ? `Nenhum sorteio encontrado para "${term.trim()}"` : 'Nenhum sorteio com este status.'}</Card>
      ) : (
        <ul aria-label="Sorteios" className={grid}>
          {shown.map((raffle) => (
            <RaffleCard key={raffle.id} userId={userId} raffle={raffle} result={results?.get(raffle.id)} />
          ))}
        </ul>
      )}
    </>
  )
}
