import type { AlternateDetails } from '@/db/draw-queries'

interface AlternatesListProps {
  alternates: readonly AlternateDetails[]
  showEmail: boolean
}

/**
 * 'Suplentes': the first draw's alternates, apart from the winners and in the order they are
 * called; one already called to a place says so.
 */
export function AlternatesList({ alternates, showEmail }: AlternatesListProps) {
  return (
    <section aria-labelledby="alternates-heading" className="mt-6">
      <h3 id="alternates-heading" className="font-semibold text-slate-900">
        Suplentes
      </h3>
      <ol aria-label="Suplentes" className="mt-2 space-y-2">
        {alternates.map((a) => (
          <li key={a.ticketId} className="flex items-baseline gap-3 rounded-xl bg-slate-50 px-3 py-2 text-sm">
            <span className="shrink-0 font-medium text-slate-700">{a.rank}º suplente</span>
            <span className="min-w-0 flex-1 break-words">
              <span className="font-medium text-slate-900">{a.name}</span>
              {a.ticketNumber && <span className="text-slate-600"> · Bilhete {a.ticketNumber}</span>}
              {showEmail && a.email && <span className="block text-slate-600">{a.email}</span>}
            </span>
            {a.called && <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Chamado</span>}
          </li>
        ))}
      </ol>
    </section>
  )
}
