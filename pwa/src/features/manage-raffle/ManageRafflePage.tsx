import { useParams } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { PageContainer } from '@/components/ui/PageContainer'

/** Placeholder until participants, settings and the draw are managed here. */
export default function ManageRafflePage() {
  const { id = '' } = useParams()
  return (
    <PageContainer>
      <BackLink to="/dashboard">Voltar para Meus Sorteios</BackLink>
      <Card className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900">Gerenciar Sorteio</h1>
        <p className="mt-1 text-xs break-all text-slate-500">ID: {id}</p>
        <p className="mt-3 text-slate-600">
          Em breve: aqui você vai gerenciar os participantes, as configurações e o sorteio, e copiar o link público
          para compartilhar.
        </p>
      </Card>
    </PageContainer>
  )
}
