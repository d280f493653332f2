import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { PageContainer } from '@/components/ui/PageContainer'

/** Placeholder until the raffle form arrives with local storage and sync. */
export default function CreateRafflePage() {
  return (
    <PageContainer>
      <BackLink to="/dashboard">Voltar para Meus Sorteios</BackLink>
      <Card className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900">Criar Novo Sorteio</h1>
        <p className="mt-2 text-slate-600">
          Em breve: aqui você vai dar um título ao sorteio, escolher entre sorteio simples ou com bilhetes, definir
          o número de vencedores e a contagem regressiva.
        </p>
      </Card>
    </PageContainer>
  )
}
