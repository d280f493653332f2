import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { formatDateTimeSeconds } from '@/lib/dates'
import type { DrawTicket } from '@/protocol/draw'
import type { AuditExport } from '@/features/verify-draw/audit-record'
import type { VerificationState } from '@/features/verify-draw/useVerification'
import { describeTicket } from '@/features/verify-draw/verify-record'

interface AlternatesSectionProps {
  record: AuditExport
  tickets: ReadonlyMap<string, DrawTicket>
  verification: VerificationState
}

/**
 * 'Suplentes': the first draw's alternates in order, and each one called to a place, with what the
 * story of the rounds says of the call (docs/draw-algorithm.md §10a). Nothing when none were drawn.
 */
export function AlternatesSection({ record, tickets, verification }: AlternatesSectionProps) {
  const alternates = record.draws.find((r) => r.kind === 'draw')?.alternates ?? []
  if (alternates.length === 0 && record.promotions.length === 0) return null
  const checks = verification.status === 'done' ? verification.check.promotions : undefined
  return (
    <section aria-labelledby="verify-alternates" className="space-y-3">
      <h2 id="verify-alternates" className="text-lg font-semibold text-slate-900">
        Suplentes
      </h2>
      {alternates.length > 0 && (
        <ol aria-label="Suplentes, em ordem" className="space-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800">
          {alternates.map((id, i) => (
            <li key={id} className="wrap-anywhere">{`${i + 1}º suplente: ${describeTicket(id, tickets)}`}</li>
          ))}
        </ol>
      )}
      {record.promotions.map((p, i) => {
        const problems = checks?.[i]
        return (
          <Card key={`${p.position}:${p.ticket_id}:${p.promoted_at}`} className="space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <p className="mr-auto font-medium text-slate-900">{`${p.alternate}º suplente chamado para o ${p.position}º lugar`}</p>
              {problems && (problems.length === 0 ? <Badge tone="success">Confere</Badge> : <Badge tone="danger">Não confere</Badge>)}
            </div>
            <p className="text-sm wrap-anywhere text-slate-700">{describeTicket(p.ticket_id, tickets)}</p>
            <p className="text-sm text-slate-600">Chamado em {formatDateTimeSeconds(p.promoted_at)}</p>
            {problems && problems.length > 0 && (
              <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-900">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Card>
        )
      })}
    </section>
  )
}
