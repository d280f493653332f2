import { Card } from '@/components/ui/Card'
import { InfoIcon } from '@/components/ui/action-icons'
import { Skeleton } from '@/components/ui/Skeleton'
import type { RaffleRow } from '@/db/schema'
import type { GroupIndex } from '@/features/manage-raffle/participants-logic'
import { formatCount } from '@/features/manage-raffle/participants-text'

function Total({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-xl bg-brand-50 px-3 py-4 text-center">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-800 tabular-nums">
        {value === undefined ? <Skeleton className="mx-auto h-7 w-12" /> : formatCount(value)}
      </dd>
    </div>
  )
}

/** What is still missing before this raffle can be drawn (spec §5, draw requirements). */
function shortfall(raffle: RaffleRow, index: GroupIndex): string | null {
  const need = raffle.winnersCount
  if (index.tickets < need) {
    return `Você precisa de pelo menos ${need} bilhete(s) para realizar o sorteio. Atualmente há ${index.tickets}.`
  }
  if (!raffle.allowDuplicateWins && index.people < need) {
    return `Para sortear ${need} vencedor(es) sem repetir pessoas, são necessários pelo menos ${need} participante(s) diferentes. Atualmente há ${index.people}.`
  }
  return null
}

/** The draw itself arrives in a later version; for now the totals and what is still needed. */
export function DrawTab({ raffle, index }: { raffle: RaffleRow; index: GroupIndex | undefined }) {
  const missing = index ? shortfall(raffle, index) : null
  return (
    <Card className="space-y-5">
      <h2 className="font-semibold text-slate-900">Sorteio</h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Total label="Participantes" value={index?.people} />
        <Total label="Bilhetes" value={index?.tickets} />
        <Total label="Vencedores" value={raffle.winnersCount} />
      </dl>
      {missing && raffle.status === 'pending' && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{missing}</p>
      )}
      <p className="flex gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600">
        <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          Em breve: aqui você vai iniciar o sorteio, com a contagem regressiva para o público, e ver a lista de
          vencedores.
        </span>
      </p>
    </Card>
  )
}
