import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/Button'
import { DiceIcon, RefreshIcon, TrophyIcon } from '@/components/ui/icons'
import { participantCount } from '@/features/quick-draw/format'
import { formatDateTime } from '@/lib/dates'
import type { Round } from '@/features/quick-draw/useQuickDraw'

interface WinnerCardProps {
  rounds: readonly Round[]
  /** When the latest draw was made (this device's clock), when known. */
  drawnAt?: number | undefined
  total: number
  /** Whether someone is left to draw: 'Sortear novamente' leaves out the earlier winners. */
  canDrawAgain: boolean
  onDrawAgain: () => void
  onReset: () => void
}

/** The latest draw's winners, large, then every result so far in the order drawn. */
export function WinnerCard({ rounds, drawnAt, total, canDrawAgain, onDrawAgain, onReset }: WinnerCardProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const latest = rounds[rounds.length - 1] ?? []
  // Move focus to the result so keyboard and screen-reader users land on it (each new result too).
  useEffect(() => {
    heading.current?.focus()
  }, [rounds.length])
  const earlier = rounds.slice(0, -1).reduce((n, r) => n + r.length, 0)

  return (
    <div className="flex animate-pop flex-col items-center py-2 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-600">
        <TrophyIcon className="size-8" />
      </div>
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {latest.length === 1 ? 'Vencedor' : 'Vencedores'}
      </h2>
      {latest.length === 1 ? (
        <p className="mt-1 max-w-full text-3xl font-extrabold wrap-anywhere text-brand-800 sm:text-4xl" data-testid="winner">
          {latest[0]!.name}
        </p>
      ) : (
        <ol className="mt-2 w-full space-y-1" data-testid="winners">
          {latest.map((p, i) => (
            <li key={p.id} className="text-2xl font-extrabold wrap-anywhere text-brand-800">
              <span className="mr-2 text-base font-semibold text-slate-500">{`${earlier + i + 1}º`}</span>
              {p.name}
            </li>
          ))}
        </ol>
      )}
      <p className="mt-2 text-sm text-slate-500">
        Sorteado entre {participantCount(total)}
        {drawnAt !== undefined && ` em ${formatDateTime(drawnAt)}`}.
      </p>
      {rounds.length > 1 && (
        <section aria-labelledby="all-results" className="mt-5 w-full text-left">
          <h3 id="all-results" className="text-sm font-semibold text-slate-900">
            Todos os resultados
          </h3>
          <ol className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="all-results">
            {rounds.flat().map((p, i) => (
              <li key={p.id} className="flex gap-3 px-3 py-2">
                <span className="w-8 shrink-0 text-right text-sm text-slate-500 tabular-nums">{`${i + 1}º`}</span>
                <span className="min-w-0 flex-1 wrap-anywhere text-slate-800">{p.name}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        {canDrawAgain && (
          <Button onClick={onDrawAgain} size="lg" className="w-full sm:w-auto">
            <DiceIcon className="size-5" />
            Sortear novamente
          </Button>
        )}
        <Button onClick={onReset} variant="outline" size="lg" className="w-full sm:w-auto">
          <RefreshIcon className="size-4" />
          Novo Sorteio
        </Button>
      </div>
    </div>
  )
}
