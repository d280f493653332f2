import { useParams } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { RefreshIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { Spinner } from '@/components/ui/Spinner'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { verifyIntro } from '@/protocol/method-text'
import { AuditReport } from '@/features/verify-draw/AuditReport'
import { useAuditRecord } from '@/features/verify-draw/useAuditRecord'

/** /sorteio/{code}/verificar: anyone recomputes a raffle's draws in the browser from its public record. */
export default function VerifyDrawPage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  const { state, retry } = useAuditRecord(shown)
  usePageTitle(`Verificar sorteio ${shown}`)

  return (
    <PageContainer>
      {/* A code with no raffle has no page to go back to (the card below leads to the code entry). */}
      {state.status !== 'notFound' && <BackLink to={`/sorteio/${shown}`}>Voltar ao sorteio</BackLink>}
      <div className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Verificar sorteio</h1>
        <p className="mt-1 text-slate-600">
          <span className="font-mono font-semibold tracking-widest text-brand-800">{shown}</span>
          {state.status === 'ready' && state.record.raffle.title && ` · ${state.record.raffle.title}`}
        </p>
        <p className="mt-3 text-sm text-slate-600">
          {/* The method is known once the record is read: until then, only what the page does. */}
          {state.status === 'ready' && `${verifyIntro(state.record.draws.some((r) => r.federal))} `}
          Esta página refaz a conta no seu navegador, sem depender do servidor para dizer se confere.
        </p>
      </div>

      {state.status === 'loading' && (
        <Card role="status" className="mt-5 flex items-center gap-3 text-slate-600">
          <Spinner className="size-5 text-brand-700" />
          Carregando o registro do sorteio...
        </Card>
      )}
      {state.status === 'notFound' && (
        <Card role="alert" className="mt-5 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Sorteio não encontrado</h2>
          <p className="mt-1 text-slate-600">Verifique o código e tente novamente</p>
          <ButtonLink to="/sorteio" variant="outline" className="mt-4">
            Consultar outro código
          </ButtonLink>
        </Card>
      )}
      {state.status === 'failed' && (
        <Card role="alert" className="mt-5 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Não foi possível carregar o registro do sorteio</h2>
          <p className="mt-1 text-slate-600">{state.message}</p>
          <Button variant="outline" className="mt-4" onClick={retry}>
            <RefreshIcon className="size-4" />
            Tentar novamente
          </Button>
        </Card>
      )}
      {state.status === 'ready' && <AuditReport record={state.record} text={state.text} />}
    </PageContainer>
  )
}
