import { useParams } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { ShieldIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'

/** Placeholder for the live public view of one raffle. */
export default function PublicRafflePage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  return (
    <PageContainer>
      <BackLink to="/sorteio">Consultar outro código</BackLink>
      <Card className="mt-4 text-center">
        <p className="text-sm font-medium text-slate-500">Sorteio</p>
        <h1 className="mt-1 font-mono text-3xl font-bold tracking-[0.2em] break-all text-brand-800">{shown}</h1>
        <p className="mt-4 text-slate-600">
          Em breve: aqui você vai acompanhar este sorteio ao vivo, com a contagem regressiva, os participantes e os
          vencedores.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <ButtonLink to={`/sorteio/${shown}/verificar`} variant="secondary">
            <ShieldIcon className="size-4" />
            Verificar sorteio
          </ButtonLink>
          <ButtonLink to="/" variant="outline">
            Voltar para início
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  )
}
