import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { emailApi, FORGOT_ANSWER } from '@/lib/email-api'
import { useOnline } from '@/sync/online'
import { AuthShell } from '@/features/auth/AuthShell'
import { OfflineNote } from '@/features/auth/OfflineNote'

const FIELDS = ['email'] as const

/** 'Esqueci minha senha': the same answer whether or not an account has the address. */
export default function ForgotPasswordPage() {
  usePageTitle('Esqueci minha senha')
  const online = useOnline()
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      setFailure(null)
      await emailApi.forgot(email.trim())
      setSent(true)
    },
    (error, field) => {
      if (!field) setFailure(errorText(error))
    },
  )

  return (
    <AuthShell title="Esqueci minha senha" intro="Informe o e-mail da conta: enviamos um link para criar uma nova senha.">
      {sent ? (
        <p role="status" className="text-sm text-slate-700">
          {FORGOT_ANSWER} O link vale por 30 minutos.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
          {!online && <OfflineNote />}
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            placeholder="voce@exemplo.com"
            required
            {...field('email', email, setEmail)}
          />
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!online}>
            {busy ? 'Enviando...' : 'Enviar link'}
          </Button>
        </form>
      )}
    </AuthShell>
  )
}
