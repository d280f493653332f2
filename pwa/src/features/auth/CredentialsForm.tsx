import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { ApiError } from '@/lib/api'
import type { Credentials } from '@/lib/auth-api'

const FIELDS = ['email', 'password'] as const

interface CredentialsFormProps {
  mode: 'signin' | 'signup'
  submitLabel: string
  submittingLabel: string
  /** Title of the error toast; its description is the server's message. */
  errorTitle: string
  action: (credentials: Credentials) => Promise<unknown>
  onSuccess?: () => void
}

/** E-mail and password, shared by both tabs of /auth. */
export function CredentialsForm(props: CredentialsFormProps) {
  const { mode, submitLabel, submittingLabel, errorTitle, action, onSuccess } = props
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const passwordInput = useRef<HTMLInputElement>(null)
  const signUp = mode === 'signup'
  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      await action({ email: email.trim(), password })
      onSuccess?.()
    },
    (error) => {
      // A refused sign-in's message is the server's: how long to wait and the way out
      // ('Muitas tentativas. Tente de novo em 1 minuto ou use Esqueci minha senha.').
      toast.error(errorTitle, { description: errorText(error) })
      // The server refused the sign-in: the e-mail stays, the password is typed again from empty
      // (editing a hidden wrong one is guesswork). A lost connection keeps both.
      if (!signUp && error instanceof ApiError) {
        setPassword('')
        passwordInput.current?.focus()
      }
    },
  )

  return (
    // noValidate: the server's words under the field, in Portuguese, not the browser's in its own language.
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete={signUp ? 'email' : 'username'}
        inputMode="email"
        placeholder="voce@exemplo.com"
        required
        {...field('email', email, setEmail)}
      />
      <TextField
        ref={passwordInput}
        label="Senha"
        type="password"
        name="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        required
        minLength={signUp ? 6 : undefined}
        hint={signUp ? 'Mínimo de 6 caracteres.' : undefined}
        {...field('password', password, setPassword)}
      />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? submittingLabel : submitLabel}
      </Button>
    </form>
  )
}
