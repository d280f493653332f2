import { useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { ApiError } from '@/lib/api'
import type { Credentials } from '@/lib/auth-api'

type Field = 'email' | 'password'
type FieldErrors = Partial<Record<Field, string>>

interface CredentialsFormProps {
  mode: 'signin' | 'signup'
  submitLabel: string
  submittingLabel: string
  /** Title of the error toast; its description is the server's message. */
  errorTitle: string
  action: (credentials: Credentials) => Promise<unknown>
  onSuccess?: () => void
}

function fieldOf(error: unknown): Field | null {
  if (!(error instanceof ApiError)) return null
  return error.field === 'email' || error.field === 'password' ? error.field : null
}

/** E-mail and password, shared by both tabs of /auth. */
export function CredentialsForm(props: CredentialsFormProps) {
  const { mode, submitLabel, submittingLabel, errorTitle, action, onSuccess } = props
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const passwordInput = useRef<HTMLInputElement>(null)
  const signUp = mode === 'signup'

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    setSubmitting(true)
    setErrors({})
    try {
      await action({ email: email.trim(), password })
      onSuccess?.()
    } catch (error) {
      toast.error(errorTitle, { description: errorText(error) })
      const field = fieldOf(error)
      if (field && error instanceof ApiError) setErrors({ [field]: error.message })
      // The server refused the sign-in: the e-mail stays, the password is typed again from empty
      // (editing a hidden wrong one is guesswork). A lost connection keeps both.
      if (!signUp && error instanceof ApiError) {
        setPassword('')
        passwordInput.current?.focus()
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-busy={submitting || undefined}>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete={signUp ? 'email' : 'username'}
        inputMode="email"
        placeholder="voce@exemplo.com"
        required
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value)
          setErrors((current) => ({ ...current, email: undefined }))
        }}
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
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value)
          setErrors((current) => ({ ...current, password: undefined }))
        }}
      />
      <Button type="submit" size="lg" className="w-full" loading={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  )
}
