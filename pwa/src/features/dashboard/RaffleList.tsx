import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { TicketIcon } from '@/components/ui/icons'
import { Skeleton } from '@/components/ui/Skeleton'
import { RaffleCard } from '@/features/dashboard/RaffleCard'
import { useRaffles } from '@/features/dashboard/useRaffles'

const grid = 'mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3'

/** Card-shaped placeholders while IndexedDB answers, so the page never flashes empty. */
function CardsSkeleton() {
  return (
    <div role="status" className={grid}>
      <span className="sr-only">Carregando sorteios...</span>
      {[0, 1, 2].map((i) => (
        <Card key={i} className="space-y-4" aria-hidden="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-11 w-full" />
        </Card>
      ))}
    </div>
  )
}

function EmptyState() {
  return (
    <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <TicketIcon className="size-7" />
      </div>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum sorteio ainda</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Crie seu primeiro sorteio, adicione os participantes e compartilhe o código com o público.
      </p>
      <ButtonLink to="/criar-sorteio" className="mt-6">
        Criar Primeiro Sorteio
      </ButtonLink>
    </Card>
  )
}

export function RaffleList({ userId }: { userId: string }) {
  const answer = useRaffles(userId)
  if (answer.status === 'loading') return <CardsSkeleton />
  if (answer.status === 'error') {
    return (
      <Card role="alert" className="mt-6">
        <h2 className="font-semibold text-slate-900">Erro ao carregar sorteios</h2>
        <p className="mt-1 text-sm text-slate-600">{answer.message}</p>
      </Card>
    )
  }
  if (answer.raffles.length === 0) return <EmptyState />
  return (
    <ul aria-label="Sorteios" className={grid}>
      {answer.raffles.map((raffle) => (
        <RaffleCard key={raffle.id} userId={userId} raffle={raffle} />
      ))}
    </ul>
  )
}
