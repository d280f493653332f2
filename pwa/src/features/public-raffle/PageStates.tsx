import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { SearchIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { Spinner } from '@/components/ui/Spinner'
import { NOT_FOUND_HINT, NOT_FOUND_TITLE, STILL_LISTENING, WAITING_HINT, waitingText } from '@/features/public-raffle/public-text'

/**
 * 'Sorteio não encontrado': a deleted raffle, or (`listening`) a code no raffle has yet, most often
 * mistyped; then the page still listens for it, and a raffle synced later replaces this screen.
 */
export function RaffleNotFound({ code, listening = false }: { code: string; listening?: boolean }) {
  return (
    <PageContainer>
      <Card className="mt-4 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{NOT_FOUND_TITLE}</h1>
        <p className="mt-2 text-slate-600">{NOT_FOUND_HINT}</p>
        <p className="mt-3 font-mono text-lg font-bold tracking-[0.2em] break-all text-slate-500">{code}</p>
        {listening && (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {STILL_LISTENING}
          </p>
        )}
        <ButtonLink to="/sorteio" className="mt-5">
          <SearchIcon className="size-4" />
          Consultar outro código
        </ButtonLink>
      </Card>
    </PageContainer>
  )
}

/**
 * The big screen on a code no raffle has yet: it waits for it (the socket brings it), since a TV is
 * set up before the organiser syncs. The page says 'Sorteio não encontrado' instead (`RaffleNotFound`).
 */
export function RaffleWaiting({ code }: { code: string }) {
  return (
    <div className="fixed inset-0 z-30 flex flex-col items-center justify-center bg-slate-950 p-[4vw] text-center text-white">
      <div role="status">
        <Spinner className="mx-auto size-[8vh]" />
        <h1 className="mt-4 text-[min(6vh,8vw)] font-bold wrap-anywhere">{waitingText(code)}</h1>
        <p className="mt-2 text-[2.6vh] text-white/70">{WAITING_HINT}</p>
      </div>
    </div>
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
