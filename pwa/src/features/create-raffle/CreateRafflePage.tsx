import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { PageContainer } from '@/components/ui/PageContainer'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { useSession } from '@/sync/session-context'
import { CreateRaffleForm } from '@/features/create-raffle/CreateRaffleForm'

/** /criar-sorteio. The route guard sends visitors without a session to /auth before this renders. */
export default function CreateRafflePage() {
  usePageTitle('Criar Novo Sorteio')
  const { state } = useSession()
  return (
    <PageContainer>
      <BackLink to="/dashboard">Voltar para Meus Sorteios</BackLink>
      <Card className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900">Criar Novo Sorteio</h1>
        <p className="mt-1 text-sm text-slate-600">Você poderá adicionar os participantes logo em seguida.</p>
        <div className="mt-6">{state.status === 'signedIn' && <CreateRaffleForm userId={state.user.id} />}</div>
      </Card>
    </PageContainer>
  )
}
