import { useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { Logo } from '@/components/ui/Logo'
import { PageContainer } from '@/components/ui/PageContainer'
import { Tabs } from '@/components/ui/Tabs'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { useSession } from '@/sync/session-context'
import { oidcErrorMessage } from '@/lib/account-api'
import { CredentialsForm } from '@/features/auth/CredentialsForm'
import { ProviderSignIn } from '@/features/auth/ProviderSignIn'
import { WaitingChanges } from '@/features/auth/WaitingChanges'

type Tab = 'signin' | 'signup'

function initialTab(state: unknown): Tab {
  const tab = (state as { tab?: unknown } | null)?.tab
  return tab === 'signup' ? 'signup' : 'signin'
}

/** Sign in and sign up. Once a session exists the route guard moves on to /dashboard. */
export default function AuthPage() {
  const location = useLocation()
  const { signIn, signUp } = useSession()
  const [tab, setTab] = useState<Tab>(() => initialTab(location.state))
  usePageTitle(tab === 'signup' ? 'Criar Conta' : 'Entrar')
  // The server sends a failed provider sign-in back here as /auth?erro=CODE.
  const [params] = useSearchParams()
  const providerError = oidcErrorMessage(params.get('erro'))

  return (
    <PageContainer className="flex min-h-dvh flex-col">
      <div>
        <BackLink to="/">Voltar para início</BackLink>
      </div>
      <div className="flex flex-1 flex-col justify-center py-6">
        <div className="mb-6 flex flex-col items-center text-center">
          <Logo />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">Acesse sua conta</h1>
          <p className="mt-1 text-sm text-slate-600">Organize sorteios, importe participantes e compartilhe o link.</p>
        </div>
        <WaitingChanges />
        {providerError && (
          <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {providerError}
          </p>
        )}
        <Card>
          <Tabs<Tab>
            label="Entrar ou criar conta"
            value={tab}
            onChange={setTab}
            items={[
              {
                value: 'signin',
                label: 'Entrar',
                content: (
                  <>
                    <CredentialsForm mode="signin" submitLabel="Entrar" submittingLabel="Entrando..." errorTitle="Erro ao fazer login" action={signIn} />
                    <p className="mt-3 text-center text-sm">
                      <Link to="/esqueci-senha" className="font-medium text-brand-800 underline focus-visible:outline-3 focus-visible:outline-brand-800">
                        Esqueci minha senha
                      </Link>
                    </p>
                  </>
                ),
              },
              {
                value: 'signup',
                label: 'Criar Conta',
                content: (
                  <CredentialsForm
                    mode="signup"
                    submitLabel="Criar Conta"
                    submittingLabel="Criando conta..."
                    errorTitle="Erro ao criar conta"
                    action={signUp}
                    // The server signs the new account in at once: 'Você já pode fazer login' would
                    // ask for a sign-in that already happened.
                    onSuccess={() => toast.success('Conta criada!')}
                  />
                ),
              },
            ]}
          />
          <ProviderSignIn />
        </Card>
      </div>
    </PageContainer>
  )
}
