import { useId } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { formatDateTimeSeconds } from '@/lib/dates'
import type { AuditAbandoned } from '@/features/verify-draw/audit-record'
import { ABANDONED_OFFLINE_TEXT, ABANDONED_ONLINE_TEXT, ABANDONED_TEXT, abandonedText, placesText, roundTitle } from '@/features/verify-draw/verify-text'

/** A round given up without a result: when it started and when it was abandoned, nothing to recompute. */
export function AbandonedCard({ round }: { round: AuditAbandoned }) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="mr-auto font-semibold text-slate-900">
          {roundTitle(round, round.round - 1)} <span className="font-normal text-slate-600">({placesText(round.positions)})</span>
        </h3>
        {round.online ? <Badge tone="info">Online</Badge> : <Badge tone="warning">OFFLINE</Badge>}
        <Badge tone="danger">Abandonada</Badge>
      </div>
      <p className="font-medium text-slate-900">{abandonedText(round.abandoned_at)}</p>
      <p className="text-sm text-slate-600">
        Iniciada em {formatDateTimeSeconds(round.started_at)}. {ABANDONED_TEXT}
      </p>
      <p className={round.online ? 'text-sm text-slate-600' : 'rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900'}>
        {round.online ? ABANDONED_ONLINE_TEXT : ABANDONED_OFFLINE_TEXT}
      </p>
    </Card>
  )
}
