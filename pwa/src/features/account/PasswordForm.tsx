import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { ApiError } from '@/lib/api'
import { accountApi } from '@/lib/account-api'

type Field = 'current' | 'password'

/** 'Alterar senha': the current password is required, and the server ends every other session. */
export function PasswordForm({ change = accountApi.changePassword }: { change?: typeof accountApi.changePassword }) {
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setErrors({})
    try {
      await change(current, password)
      setCurrent('')
      setPassword('')
      toast.success('Senha alterada', { description: 'As sessões nos outros dispositivos foram encerradas.' })
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'current' || error.field === 'password')) {
        setErrors({ [error.field]: error.message })
      } else {
        toast.error('Erro ao alterar a senha', { description: errorText(error) })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy || undefined}>
      <TextField
        label="Senha atual"
        type="password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <TextField
        label="Nova senha"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={6}
        hint="Mínimo de 6 caracteres."
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" loading={busy}>
        {busy ? 'Alterando...' : 'Alterar senha'}
      </Button>
    </form>
  )
}
