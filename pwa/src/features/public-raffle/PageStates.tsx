import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { SearchIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { NOT_FOUND_HINT, NOT_FOUND_TITLE } from '@/features/public-raffle/public-text'

export function RaffleNotFound({ code }: { code: string }) {
  return (
    <PageContainer>
      <Card className="mt-4 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND_TITLE}</h1>
        <p className="mt-2 text-slate-600">{NOT_FOUND_HINT}</p>
        <p className="mt-3 font-mono text-lg font-bold tracking-[0.2em] break-all text-slate-500">{code}</p>
        <ButtonLink to="/sorteio" className="mt-5">
          <SearchIcon className="size-4" />
          Consultar outro código
        </ButtonLink>
      </Card>
    </PageContainer>
  )
}

export function RaffleLoadFailed({ message, offline, onRetry }: { message: string; offline: boolean; onRetry(): void }) {
  return (
    <PageContainer>
      <Card className="mt-4 text-center" role="alert">
        <h1 className="text-xl font-bold text-slate-900">{offline ? 'Sem conexão' : 'Não foi possível abrir o sorteio'}</h1>
        <p className="mt-2 text-slate-600">
          {offline ? 'Este sorteio é acompanhado pela internet. Verifique a sua conexão e tente novamente.' : message}
        </p>
        <Button className="mt-5" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Card>
    </PageContainer>
  )
}

/** No network: what is shown may be out of date until it comes back. */
export function OfflineNotice() {
  return (
    <p role="status" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
      Sem conexão com a internet. As informações podem estar desatualizadas; a página volta a se atualizar sozinha quando a
      conexão voltar.
    </p>
  )
}
