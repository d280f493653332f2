import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { ApiError } from '@/lib/api'
import { emailApi, LINK_ERROR_MESSAGES, tokenFromHash } from '@/lib/email-api'
import { useOnline } from '@/sync/online'
import { useSession } from '@/sync/session-context'
import { AuthShell } from '@/features/auth/AuthShell'
import { OfflineNote } from '@/features/auth/OfflineNote'

const FIELDS = ['password'] as const

/** The page a reset link opens: a new password, every other device signed out, this one signed in. */
export default function ResetPasswordPage() {
  usePageTitle('Criar nova senha')
  const online = useOnline()
  const navigate = useNavigate()
  const { refresh } = useSession()
  const [token] = useState(() => tokenFromHash(window.location.hash))
  const [password, setPassword] = useState('')
  const [linkError, setLinkError] = useState<string | null>(token ? null : LINK_ERROR_MESSAGES.link_invalid)
  const [failure, setFailure] = useState<string | null>(null)
  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      setFailure(null)
      await emailApi.reset(token, password)
      toast.success('Senha alterada', { description: 'Os outros dispositivos saíram da conta.' })
      await refresh()
      navigate('/dashboard', { replace: true })
    },
    (error, field) => {
      if (field) return
      if (error instanceof ApiError && error.code in LINK_ERROR_MESSAGES) setLinkError(error.message)
      else setFailure(errorText(error))
    },
  )

  return (
    <AuthShell title="Criar nova senha" intro="A nova senha vale para todos os dispositivos; os outros saem da conta.">
      {linkError ? (
        <div className="space-y-4">
          <p role="alert" className="text-sm text-red-700">
            {linkError}
          </p>
          <ButtonLink to="/esqueci-senha" className="w-full">
            Pedir um novo link
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
          {!online && <OfflineNote />}
          <TextField
            label="Nova senha"
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            minLength={6}
            hint="Mínimo de 6 caracteres."
            {...field('password', password, setPassword)}
          />
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!online}>
            {busy ? 'Salvando...' : 'Salvar nova senha'}
          </Button>
        </form>
      )}
    </AuthShell>
  )
}
