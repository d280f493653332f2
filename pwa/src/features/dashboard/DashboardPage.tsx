import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { LogOutIcon, PlusIcon, TicketIcon } from '@/components/ui/icons'
import { Logo } from '@/components/ui/Logo'
import { PageContainer } from '@/components/ui/PageContainer'
import { useSession } from '@/app/session/session-context'
import { errorMessage } from '@/lib/api'

/** 'Meus Sorteios'. The list of raffles arrives with local storage and sync; for now, the empty state. */
export default function DashboardPage() {
  const { state, signOut } = useSession()
  const [signingOut, setSigningOut] = useState(false)
  const email = state.status === 'signedIn' ? state.user.email : ''

  async function onSignOut() {
    setSigningOut(true)
    try {
      // The route guard then moves this screen to the landing page.
      await signOut()
    } catch (error) {
      // Without the server the cookie stays valid, so claiming to have signed out would be false.
      toast.error('Erro ao sair', { description: errorMessage(error) })
      setSigningOut(false)
    }
  }

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <Button variant="ghost" size="sm" onClick={onSignOut} loading={signingOut}>
            {!signingOut && <LogOutIcon className="size-4" />}
            Sair
          </Button>
        </div>
      </header>
      <PageContainer width="wide">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Meus Sorteios</h1>
            <p className="mt-1 truncate text-sm text-slate-600">{email}</p>
          </div>
          <ButtonLink to="/criar-sorteio">
            <PlusIcon className="size-4" />
            Novo Sorteio
          </ButtonLink>
        </div>

        <Card className="mt-8 flex flex-col items-center px-6 py-12 text-center">
          <div className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <TicketIcon className="size-7" />
          </div>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">Nenhum sorteio ainda</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            Crie seu primeiro sorteio, adicione os participantes e compartilhe o código com o público.
          </p>
          <ButtonLink to="/criar-sorteio" className="mt-6">
            Criar Primeiro Sorteio
          </ButtonLink>
        </Card>
      </PageContainer>
    </>
  )
}
