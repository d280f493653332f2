import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { accountApi, changeErrorMessage } from '@/lib/account-api'
import { emailApi } from '@/lib/email-api'

const FIELDS = ['email'] as const

/** The address typed before leaving for the provider, to fill the field again if it refuses. */
const PENDING_KEY = 'sorteio.provider-email'

function takePending(keep: boolean): string {
  try {
    const value = sessionStorage.getItem(PENDING_KEY) ?? ''
    sessionStorage.removeItem(PENDING_KEY)
    return keep ? value : ''
  } catch {
    return '' // storage blocked: the field starts empty
  }
}

export const PROVIDER_SENT_TEXT = 'Enviamos um link para o novo e-mail. O e-mail da conta muda quando você abrir o link.'

interface Props {
  changeByProvider?: typeof emailApi.changeByProvider
  loadConfig?: typeof accountApi.config
  /** Leaves the app for the provider's login page (a full navigation). */
  go?: (url: string) => void
}

/**
 * 'Alterar e-mail' for an account without a password: the owner proves it is them by signing in at
 * the provider again, then the same link to the new address as with a password. The server sends
 * the browser back here with ?email=enviado or ?erro=CODE.
 */
export function ProviderEmailForm({ changeByProvider = emailApi.changeByProvider, loadConfig = accountApi.config, go = (url) => window.location.assign(url) }: Props) {
  const [params, setParams] = useSearchParams()
  const [outcome] = useState(() => ({ sent: params.get('email') === 'enviado', error: changeErrorMessage(params.get('erro')) }))
  const [name, setName] = useState('provedor de identidade')
  // Back from a refusal: the address typed before the trip, so nothing typed is lost.
  const [email, setEmail] = useState(() => takePending(params.has('erro')))

  useEffect(() => {
    // Shown once: a reload of the page should not say it again.
    if (params.has('email') || params.has('erro')) setParams({}, { replace: true })
  }, [params, setParams])
  useEffect(() => {
    let live = true
    loadConfig()
      .then((config) => live && config.oidc && setName(config.oidc.name))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [loadConfig])

  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      const { url } = await changeByProvider(email.trim())
      try {
        sessionStorage.setItem(PENDING_KEY, email.trim())
      } catch {
        // storage blocked: after a refusal the field starts empty
      }
      go(url)
    },
    (error, field) => {
      if (!field) toast.error('Erro ao alterar o e-mail', { description: errorText(error) })
    },
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      {outcome.sent && (
        <p role="status" className="text-sm text-slate-700">
          {PROVIDER_SENT_TEXT}
        </p>
      )}
      {outcome.error && (
        <p role="alert" className="text-sm text-red-700">
          {outcome.error}
        </p>
      )}
      <p className="text-sm text-slate-600">Esta conta entra pelo {name}. Para confirmar que é você, entre de novo nele; depois enviamos um link para o novo e-mail.</p>
      <TextField label="Novo e-mail" type="email" name="new-email" autoComplete="email" inputMode="email" required {...field('email', email, setEmail)} />
      {/* A provider's name can be long: the label wraps instead of leaving the card on a phone. */}
      <Button type="submit" loading={busy} className="h-auto min-h-11 max-w-full py-2 text-center whitespace-normal">
        {busy ? 'Abrindo o provedor...' : `Confirmar com ${name}`}
      </Button>
    </form>
  )
}
