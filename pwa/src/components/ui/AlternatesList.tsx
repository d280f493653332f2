import { useId } from 'react'
import { calledText } from '@/components/ui/alternate-text'
import { cn } from '@/lib/cn'

export interface AlternateEntryData {
  rank: number
  name: string
  ticketNumber: string | null
  /** Whole on the organiser's screens, masked on public ones, absent when unknown. */
  email?: string | null
  /** The place the alternate was called to ('Chamar suplente'), null while it was not. */
  calledTo?: number | null
}

interface AlternatesListProps {
  alternates: readonly AlternateEntryData[]
  /** The heading's level: under the draw tab's 'Vencedores' (h2) an h3, right under a page's h1 an h2. */
  level?: 2 | 3
  className?: string
}

/**
 * 'Suplentes': the first draw's alternates, apart from the winners and in the order they are
 * called, each one already called saying to which place. The organiser's draw tab and the public
 * winners tab show the same list; only what they pass differs (whole or masked e-mails).
 */
export function AlternatesList({ alternates, level = 3, className }: AlternatesListProps) {
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  if (alternates.length === 0) return null
  return (
    <section aria-labelledby={headingId} className={cn('mt-5', className)}>
      <Heading id={headingId} className="font-semibold text-slate-900">
        Suplentes
      </Heading>
      <ol aria-label="Suplentes" className="mt-2 space-y-2">
        {alternates.map((a) => (
          <li key={a.rank} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl bg-slate-50 px-3 py-2 text-sm">
            <span className="shrink-0 font-medium text-slate-700">{`${a.rank}º suplente`}</span>
            <span className="min-w-0 flex-1 break-words">
              <span dir="auto" className="font-medium text-slate-900">
                {a.name}
              </span>
              {a.ticketNumber && <span className="whitespace-nowrap text-slate-600">{` · Bilhete ${a.ticketNumber}`}</span>}
              {a.email && <span className="block break-all text-slate-600">{a.email}</span>}
            </span>
            {a.calledTo ? <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{calledText(a.calledTo)}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
