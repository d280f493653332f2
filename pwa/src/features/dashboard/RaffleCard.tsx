import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/Badge'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import type { RaffleRow } from '@/db/schema'
import { DeleteRaffleButton } from '@/features/dashboard/DeleteRaffleButton'
import { STATUS, TYPE_LABEL } from '@/features/dashboard/status'
import { formatDate } from '@/lib/dates'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium wrap-anywhere text-slate-800">{children}</dd>
    </div>
  )
}

export function RaffleCard({ userId, raffle }: { userId: string; raffle: RaffleRow }) {
  const status = STATUS[raffle.status]
  return (
    <li>
      <Card className="flex h-full flex-col gap-4">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg leading-snug font-semibold wrap-anywhere text-slate-900">{raffle.title}</h2>
          <Badge tone={status.tone} className="mt-0.5 shrink-0">
            {status.label}
          </Badge>
        </div>
        <p className={raffle.description ? 'line-clamp-2 text-sm wrap-anywhere text-slate-600' : 'text-sm text-slate-500 italic'}>
          {raffle.description || 'Sem descrição'}
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-3 py-2.5">
          <Detail label="Código">
            <span className="font-mono tracking-wider text-brand-800">{raffle.code}</span>
          </Detail>
          <Detail label="Tipo">{TYPE_LABEL[raffle.type]}</Detail>
          <Detail label="Vencedores">{raffle.winnersCount}</Detail>
        </dl>
        <p className="text-xs text-slate-500">Criado em {formatDate(raffle.createdAt)}</p>
        <div className="mt-auto flex items-center gap-2">
          <ButtonLink to={`/gerenciar/${raffle.id}`} variant="secondary" className="flex-1" aria-label={`Gerenciar ${raffle.title}`}>
            Gerenciar
          </ButtonLink>
          <DeleteRaffleButton userId={userId} raffle={raffle} />
        </div>
      </Card>
    </li>
  )
}
