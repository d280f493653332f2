import { Card } from '@/components/ui/Card'
import { Skeleton } from '@/components/ui/Skeleton'

export const grid = 'mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3'

/** Card-shaped placeholders while IndexedDB answers, so the page never flashes empty. */
export function CardsSkeleton() {
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
