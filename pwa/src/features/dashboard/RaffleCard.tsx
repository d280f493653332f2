import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/Badge'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import type { RaffleResult } from '@/db/draw-queries'
import type { RaffleRow } from '@/db/schema'
import { DeleteRaffleButton } from '@/features/dashboard/DeleteRaffleButton'
import { STATUS, TYPE_LABEL } from '@/features/dashboard/status'
import { formatDate, formatDateTime } from '@/lib/dates'

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium wrap-anywhere text-slate-800">{children}</dd>
    </div>
  )
}

/** A finished raffle's result: when it was drawn and its 1st place (or how many won). */
function Result({ raffle, result }: { raffle: RaffleRow; result: RaffleResult | undefined }) {
  if (raffle.status !== 'completed') return null
  const winner =
    result?.first != null
      ? raffle.winnersCount > 1
        ? `1º lugar: ${result.first} · ${result.winners} vencedores`
        : `Vencedor: ${result.first}`
      : result
        ? `${result.winners} ${result.winners === 1 ? 'vencedor' : 'vencedores'}`
        : null
  return (
    <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {raffle.drawnAt !== null && <p>Sorteado em {formatDateTime(raffle.drawnAt)}</p>}
      {winner && <p className="font-semibold wrap-anywhere">{winner}</p>}
    </div>
  )
}

export function RaffleCard({ userId, raffle, result }: { userId: string; raffle: RaffleRow; result?: RaffleResult | undefined }) {
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
        <p className={raffle.description ? 'line-clamp-2 text-sm wrap-anywhere text-slate-600' : 'text-sm text-slate-500 italic'}>{raffle.description || 'Sem descrição'}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-2 rounded-xl bg-slate-50 px-3 py-2.5">
          <Detail label="Código">
            <span className="font-mono tracking-wider text-brand-800">{raffle.code}</span>
          </Detail>
          <Detail label="Tipo">{TYPE_LABEL[raffle.type]}</Detail>
          <Detail label="Vencedores">{raffle.winnersCount}</Detail>
        </dl>
        <Result raffle={raffle} result={result} />
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
