import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import type { PublicState } from '@/protocol/public-state'
import { cn } from '@/lib/cn'
import type { FeedStatus } from '@/sync/public-feed'
import { FederalNotice } from '@/features/public-raffle/FederalNotice'
import { count, drawnLines, PUBLIC_STATUS, PUBLIC_TYPE } from '@/features/public-raffle/public-text'

const CONNECTION: Record<FeedStatus, { label: string; dot: string }> = {
  connecting: { label: 'Conectando...', dot: 'bg-slate-400' },
  live: { label: 'Ao vivo', dot: 'bg-emerald-500 animate-pulse motion-reduce:animate-none' },
  reconnecting: { label: 'Reconectando...', dot: 'bg-amber-500' },
  gone: { label: 'Encerrado', dot: 'bg-slate-400' },
  waiting: { label: 'Aguardando...', dot: 'bg-slate-400' },
}

/** Whether the page follows the raffle live right now. */
export function ConnectionBadge({ status, className }: { status: FeedStatus; className?: string }) {
  const { label, dot } = CONNECTION[status]
  return (
    <span role="status" className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-slate-600 print:hidden', className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', dot)} />
      {label}
    </span>
  )
}

function Figure({ label, value, small = false, className }: { label: string; value: string; small?: boolean; className?: string }) {
  return (
    <div className={cn('rounded-xl bg-slate-50 px-3 py-2', className)}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={cn('font-bold text-slate-900 tabular-nums', small ? 'text-sm leading-7' : 'text-lg')}>{value}</dd>
    </div>
  )
}

/** Title, status and the raffle's figures. */
export function RaffleSummary({ state, connection }: { state: PublicState; connection: FeedStatus }) {
  const { raffle, counts } = state
  const status = PUBLIC_STATUS[raffle.status]
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm font-bold tracking-widest text-brand-800">{raffle.code}</p>
        <ConnectionBadge status={connection} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl">{raffle.title}</h1>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {raffle.description && <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line text-slate-600">{raffle.description}</p>}
      {/* On a phone the type takes its own row: 'Com Bilhetes' wrapped in a third of the width. */}
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Participantes" value={count(counts.people)} />
        <Figure label="Vencedores" value={count(raffle.winners_count)} />
        <Figure label="Tipo" value={PUBLIC_TYPE[raffle.type]} small className="col-span-2 sm:col-span-1" />
      </dl>
      {raffle.type === 'tickets' && <p className="mt-2 text-xs text-slate-500">{`${count(counts.tickets)} bilhetes`}</p>}
      <FederalNotice state={state} />
      {drawnLines(state).map((line) => (
        <p key={line} className="mt-2 text-sm text-slate-700">
          {line}
        </p>
      ))}
    </Card>
  )
}
