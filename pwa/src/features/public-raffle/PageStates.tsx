import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { SearchIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { Spinner } from '@/components/ui/Spinner'
import { cn } from '@/lib/cn'
import { NOT_FOUND_HINT, NOT_FOUND_TITLE, WAITING_HINT, waitingText } from '@/features/public-raffle/public-text'

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

/** A code no raffle has yet: the page waits for it (the socket brings it) rather than giving up. */
export function RaffleWaiting({ code, big = false }: { code: string; big?: boolean }) {
  const body = (
    <div role="status">
      <Spinner className={cn('mx-auto', big ? 'size-[8vh]' : 'size-8 text-brand-700')} />
      <h1 className={cn('mt-4 font-bold wrap-anywhere', big ? 'text-[min(6vh,8vw)]' : 'text-2xl text-slate-900')}>{waitingText(code)}</h1>
      <p className={cn('mt-2', big ? 'text-[2.6vh] text-white/70' : 'text-slate-600')}>{WAITING_HINT}</p>
    </div>
  )
  if (big) return <div className="fixed inset-0 z-30 flex flex-col items-center justify-center bg-slate-950 p-[4vw] text-center text-white">{body}</div>
  return (
    <PageContainer>
      <Card className="mt-4 text-center">
        {body}
        <ButtonLink to="/sorteio" variant="outline" className="mt-5">
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
        <p className="mt-2 text-slate-600">{offline ? 'Este sorteio é acompanhado pela internet. Verifique a sua conexão e tente novamente.' : message}</p>
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
      Sem conexão com a internet. As informações podem estar desatualizadas; a página volta a se atualizar sozinha quando a conexão voltar.
    </p>
  )
}
