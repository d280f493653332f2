import { ButtonLink } from '@/components/ui/ButtonLink'
import { Logo } from '@/components/ui/Logo'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { useSession } from '@/sync/session-context'
import { FeatureBlurbs } from '@/features/landing/FeatureBlurbs'
import { PrivateRaffleCard } from '@/features/landing/PrivateRaffleCard'
import { PublicRaffleCard } from '@/features/landing/PublicRaffleCard'

/** The only screen in the first download, so it stays light (no lazy imports of its own). */
export function LandingPage() {
  usePageTitle('Sorteios online simples e justos')
  const signedIn = useSession().state.status === 'signedIn'
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 via-white to-slate-50">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-4 sm:px-6">
        <Logo />
        {/* Someone signed in goes back to their raffles, not to a sign-in they do not need. */}
        <ButtonLink to={signedIn ? '/dashboard' : '/auth'} variant="outline" size="sm">
          {signedIn ? 'Meus Sorteios' : 'Entrar'}
        </ButtonLink>
      </header>

      <main className="mx-auto w-full max-w-5xl px-4 pb-[max(3rem,env(safe-area-inset-bottom))] sm:px-6">
        <section className="py-8 text-center sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Sorteios online <span className="text-brand-700">simples e justos</span>
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
            Faça um sorteio rápido em segundos ou organize sorteios completos, com participantes, bilhetes e resultado ao vivo para todo mundo acompanhar.
          </p>
        </section>

        <div className="grid gap-4 sm:gap-6 md:grid-cols-2">
          <PublicRaffleCard />
          <PrivateRaffleCard />
        </div>

        <FeatureBlurbs />
      </main>
    </div>
  )
}
