import { lazy, Suspense, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { LogOutIcon, PlusIcon } from '@/components/ui/icons'
import { Logo } from '@/components/ui/Logo'
import { PageContainer } from '@/components/ui/PageContainer'
import { errorText } from '@/components/ui/error-text'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { usePainted } from '@/components/ui/usePainted'
import { useSession } from '@/sync/session-context'
import { CardsSkeleton } from '@/features/dashboard/CardsSkeleton'
import { ConfirmEmailBanner } from '@/features/dashboard/ConfirmEmailBanner'

// The list brings Dexie (about 100 KB): the header and heading paint first, and the list's code is
// asked for once they have.
const RaffleList = lazy(() => import('@/features/dashboard/RaffleList'))

/** 'Meus Sorteios': the organiser's raffles, read from this device (sync keeps them current). */
export default function DashboardPage() {
  usePageTitle('Meus Sorteios')
  const { state, signOut } = useSession()
  const [signingOut, setSigningOut] = useState(false)
  const user = state.status === 'signedIn' ? state.user : null
  const painted = usePainted()

  async function onSignOut() {
    setSigningOut(true)
    try {
      // The route guard then moves this screen to the landing page.
      await signOut()
    } catch (error) {
      // Without the server the cookie stays valid, so claiming to have signed out would be false.
      toast.error('Erro ao sair', { description: errorText(error) })
      setSigningOut(false)
    }
  }

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo />
          <div className="flex items-center gap-1">
            <ButtonLink to="/conta" variant="ghost" size="sm">
              Minha conta
            </ButtonLink>
            <Button variant="ghost" size="sm" onClick={onSignOut} loading={signingOut}>
              {!signingOut && <LogOutIcon className="size-4" />}
              Sair
            </Button>
          </div>
        </div>
      </header>
      <PageContainer width="wide">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Meus Sorteios</h1>
            <p className="mt-1 truncate text-sm text-slate-600">{user?.email}</p>
          </div>
          <ButtonLink to="/criar-sorteio">
            <PlusIcon className="size-4" />
            Novo Sorteio
          </ButtonLink>
        </div>
        {user && <ConfirmEmailBanner initiallyUnproven={user.email_verified === false} />}
        {user && painted ? (
          <Suspense fallback={<CardsSkeleton />}>
            <RaffleList key={user.id} userId={user.id} />
          </Suspense>
        ) : (
          <CardsSkeleton />
        )}
      </PageContainer>
    </>
  )
}
