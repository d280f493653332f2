import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Spinner } from '@/components/ui/Spinner'
import { errorText } from '@/components/ui/error-text'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { emailApi, LINK_ERROR_MESSAGES, tokenFromHash } from '@/lib/email-api'
import { useOnline } from '@/sync/online'
import { useSession } from '@/sync/session-context'
import { AuthShell } from '@/features/auth/AuthShell'
import { OfflineNote } from '@/features/auth/OfflineNote'

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string }

/**
 * The page a confirmation link opens (/confirmar-email, or /confirmar-novo-email for a new
 * address): it uses the link at once and says how it went.
 */
export default function ConfirmEmailPage() {
  const newAddress = useLocation().pathname.startsWith('/confirmar-novo-email')
  const title = newAddress ? 'Confirmar novo e-mail' : 'Confirmar e-mail'
  usePageTitle(title)
  const online = useOnline()
  const { state: session, refresh } = useSession()
  const [token] = useState(() => tokenFromHash(window.location.hash))
  const [state, setState] = useState<State>(() => (token ? { status: 'working' } : { status: 'failed', message: LINK_ERROR_MESSAGES.link_invalid }))

  useEffect(() => {
    if (!online || !token) return
    let live = true
    const use = newAddress ? emailApi.confirmNew : emailApi.confirm
    use(token).then(
      () => {
        if (!live) return
        setState({ status: 'done' })
        void refresh()
      },
      (error: unknown) => live && setState({ status: 'failed', message: errorText(error) }),
    )
    return () => {
      live = false
    }
  }, [online, token, newAddress, refresh])

  const next = session.status === 'signedIn' ? '/dashboard' : '/auth'
  return (
    <AuthShell title={title}>
      {!online ? (
        <OfflineNote />
      ) : state.status === 'working' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> Confirmando...
        </p>
      ) : (
        <div className="space-y-4">
          <p role={state.status === 'done' ? 'status' : 'alert'} className="text-sm text-slate-800">
            {state.status === 'done' ? (newAddress ? 'E-mail alterado! A conta agora usa o novo endereço.' : 'E-mail confirmado! Obrigado.') : state.message}
          </p>
          <ButtonLink to={next} className="w-full">
            {session.status === 'signedIn' ? 'Ir para Meus Sorteios' : 'Entrar'}
          </ButtonLink>
        </div>
      )}
    </AuthShell>
  )
}
