import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { UsersIcon } from '@/components/ui/icons'

export function PublicRaffleCard() {
  return (
    <Card className="flex flex-col">
      <div className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <UsersIcon className="size-6" />
      </div>
      <h2 className="mt-4 text-xl font-bold text-slate-900">Sorteio Público</h2>
      <p className="mt-2 flex-1 text-slate-600">
        Sorteie agora, sem precisar de conta: adicione os nomes e descubra o vencedor na hora. Ou consulte um sorteio pelo código para acompanhar o resultado.
      </p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2">
        <ButtonLink to="/sorteio-publico" size="lg">
          Sortear Agora
        </ButtonLink>
        <ButtonLink to="/sorteio" variant="outline" size="lg">
          Consultar Sorteio
        </ButtonLink>
      </div>
    </Card>
  )
}
