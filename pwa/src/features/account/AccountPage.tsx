import { RECORD_KEPT_TEXT } from '@/components/ui/record-kept'
import { useCallback, useEffect, useState } from 'react'
import { toast } from 'sonner'
import { BackLink } from '@/components/ui/BackLink'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { PageContainer } from '@/components/ui/PageContainer'
import { Skeleton } from '@/components/ui/Skeleton'
import { errorText } from '@/components/ui/error-text'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { accountApi, type Account } from '@/lib/account-api'
import { useSession } from '@/sync/session-context'
import { DeleteAccount } from '@/features/account/DeleteAccount'
import { EmailForm } from '@/features/account/EmailForm'
import { PasswordForm } from '@/features/account/PasswordForm'
import { ProviderEmailForm } from '@/features/account/ProviderEmailForm'
import { exportFileName, saveFile } from '@/features/account/download'

function providerLabel(issuer: string): string {
  try {
    return new URL(issuer).host
  } catch {
    return issuer
  }
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  )
}

/** 'Minha conta': e-mail, sign-in methods, password, devices, data (LGPD) and deletion. */
export default function AccountPage() {
  usePageTitle('Minha conta')
  const { refresh } = useSession()
  const [account, setAccount] = useState<Account | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [confirmSignOut, setConfirmSignOut] = useState(false)
  const [busy, setBusy] = useState<'signout' | 'export' | null>(null)

  const load = useCallback(() => {
    accountApi.account().then(setAccount, (error: unknown) => setLoadError(errorText(error)))
  }, [])
  useEffect(load, [load])
  const retry = () => {
    setLoadError(null)
    load()
  }

  async function signOutEverywhere() {
    setBusy('signout')
    try {
      await accountApi.signOutEverywhere()
      toast.success('Sessões encerradas', { description: 'Você saiu de todos os dispositivos.' })
      await refresh() // the session is gone: the route guard moves on to /auth
    } catch (error) {
      toast.error('Erro ao sair dos dispositivos', { description: errorText(error) })
      setBusy(null)
      setConfirmSignOut(false)
    }
  }

  async function download() {
    setBusy('export')
    try {
      const data = await accountApi.exportData()
      saveFile(exportFileName(new Date()), JSON.stringify(data, null, 2))
    } catch (error) {
      toast.error('Erro ao baixar os dados', { description: errorText(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <PageContainer>
      <BackLink to="/dashboard">Voltar para Meus Sorteios</BackLink>
      <h1 className="mt-4 mb-6 text-2xl font-bold text-slate-900">Minha conta</h1>
      {loadError ? (
        <Card role="alert">
          <p className="text-sm text-slate-700">{loadError}</p>
          <Button className="mt-3" variant="outline" onClick={retry}>
            Tentar novamente
          </Button>
        </Card>
      ) : !account ? (
        <div className="space-y-4" aria-busy="true" aria-label="Carregando">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : (
        <div className="space-y-4">
          <Section title="Conta">
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-slate-500">E-mail</dt>
                <dd className="font-medium break-all text-slate-900">{account.email}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Formas de entrada</dt>
                <dd>
                  <ul className="mt-1 space-y-1 text-slate-900">
                    {account.has_password && <li>E-mail e senha</li>}
                    {account.identities.map((id) => (
                      <li key={id.issuer + id.email} className="break-all">
                        Provedor de identidade ({providerLabel(id.issuer)}){id.email && ` · ${id.email}`}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </dl>
          </Section>
          {(account.has_password || account.identities.length > 0) && <Section title="Alterar e-mail">{account.has_password ? <EmailForm /> : <ProviderEmailForm />}</Section>}
          {account.has_password && (
            <Section title="Alterar senha">
              <PasswordForm />
            </Section>
          )}
          <Section title="Dispositivos">
            <p className="mb-3 text-sm text-slate-600">Encerra a sessão em todos os aparelhos, inclusive neste.</p>
            <Button variant="outline" onClick={() => setConfirmSignOut(true)}>
              Sair de todos os dispositivos
            </Button>
          </Section>
          <Section title="Seus dados">
            <p className="mb-3 text-sm text-slate-600">Um arquivo JSON com a conta, os sorteios, participantes, rodadas, ganhadores e as datas das sessões.</p>
            <Button variant="outline" onClick={() => void download()} loading={busy === 'export'}>
              {busy === 'export' ? 'Preparando...' : 'Baixar meus dados'}
            </Button>
          </Section>
          <Section title="Excluir conta">
            <p className="mb-3 text-sm text-slate-600">
              Remove a conta, as sessões e todos os sorteios. As páginas públicas deles passam a dizer 'Sorteio não encontrado'. {RECORD_KEPT_TEXT}
            </p>
            <DeleteAccount userId={account.id} email={account.email} onDeleted={() => void refresh()} />
          </Section>
        </div>
      )}
      <ConfirmDialog
        open={confirmSignOut}
        title="Sair de todos os dispositivos?"
        confirmLabel="Sair de todos"
        busy={busy === 'signout'}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirmSignOut(false)}
      >
        <p>Você precisará entrar de novo em cada aparelho, inclusive neste.</p>
      </ConfirmDialog>
    </PageContainer>
  )
}
