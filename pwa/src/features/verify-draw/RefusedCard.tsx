import { useId } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { formatDateTimeSeconds } from '@/lib/dates'
import type { AuditRefused, AuditRefusedWinner } from '@/features/verify-draw/audit-record'
import { refusedReasonLine, type RefusedCheck } from '@/features/verify-draw/refused-rounds'
import {
  placesText,
  REFUSED_NO_SEED_TEXT,
  REFUSED_RECOMPUTED_TEXT,
  REFUSED_ROUND_TEXT,
  REFUSED_SEED_TEXT,
  refusedReasonText,
  refusedTitle,
} from '@/features/verify-draw/verify-text'

/** '1º lugar: bilhete 012 (Eva Lima)', the name alone without a number, or the id the server never had. */
function winnerText(w: AuditRefusedWinner): string {
  const who = w.name === '' ? `um bilhete que não chegou ao servidor (${w.ticket_id})` : w.ticket_number === null ? w.name : `bilhete ${w.ticket_number} (${w.name})`
  return `${w.position}º lugar: ${who}`
}

/** A round drawn offline that the server refused: who the room may have seen win, when, and why it did not count. */
export function RefusedCard({ round, check }: { round: AuditRefused; check: RefusedCheck | undefined }) {
  const titleId = useId()
  const revealed = Boolean(round.client_seed)
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="mr-auto font-semibold text-slate-900">
          {refusedTitle(round.kind)} <span className="font-normal text-slate-600">({placesText(round.positions)})</span>
        </h3>
        <Badge tone="warning">OFFLINE</Badge>
        <Badge tone="danger">Recusada</Badge>
        {check ? <Badge tone={check.ok ? 'success' : 'danger'}>{check.ok ? 'Confere' : 'Não confere'}</Badge> : <Badge>Conferindo...</Badge>}
      </div>
      <p className="font-medium text-slate-900">{refusedReasonText(refusedReasonLine(round.reason))}</p>
      <p className="text-sm text-slate-600">
        Feita no aparelho em {formatDateTimeSeconds(round.device_at)} (relógio do aparelho); recusada pelo servidor em {formatDateTimeSeconds(round.refused_at)}.
      </p>
      {round.winners.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-700">Sorteados no aparelho (não valem):</p>
          <ol className="mt-0.5 space-y-0.5 text-sm text-slate-900">
            {round.winners.map((w) => (
              <li key={`${w.position}:${w.ticket_id}`}>{winnerText(w)}</li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{REFUSED_NO_SEED_TEXT}</p>
      )}
      <p className="text-sm text-slate-600">{REFUSED_ROUND_TEXT}</p>
      {check && !check.ok && (
        <div className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">Não confere:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {check.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {check?.ok && revealed && <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{check.recomputed ? REFUSED_RECOMPUTED_TEXT : REFUSED_SEED_TEXT}</p>}
    </Card>
  )
}
