import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { accountApi } from '@/lib/account-api'

const FIELDS = ['current', 'password'] as const

/** 'Alterar senha': the current password is required, and the server ends every other session. */
export function PasswordForm({ change = accountApi.changePassword }: { change?: typeof accountApi.changePassword }) {
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      await change(current, password)
      setCurrent('')
      setPassword('')
      toast.success('Senha alterada', { description: 'As sessões nos outros dispositivos foram encerradas.' })
    },
    (error, field) => {
      if (!field) toast.error('Erro ao alterar a senha', { description: errorText(error) })
    },
  )

  return (
    // noValidate: the server's words under the field, in Portuguese, not the browser's in its own language.
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      <TextField label="Senha atual" type="password" name="current-password" autoComplete="current-password" required {...field('current', current, setCurrent)} />
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
      <Button type="submit" loading={busy}>
        {busy ? 'Alterando...' : 'Alterar senha'}
      </Button>
    </form>
  )
}
