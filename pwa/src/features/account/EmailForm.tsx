import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { emailApi } from '@/lib/email-api'

const FIELDS = ['current', 'email'] as const

/**
 * 'Alterar e-mail': the current password, then a link to the new address; the account moves only
 * when it is followed, and the old address gets a notice.
 */
export function EmailForm({ change = emailApi.change }: { change?: typeof emailApi.change }) {
  const [current, setCurrent] = useState('')
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const { busy, onSubmit, field } = useFormSubmit(
    FIELDS,
    async () => {
      await change(current, email.trim())
      setSentTo(email.trim())
      setCurrent('')
      setEmail('')
    },
    (error, field) => {
      if (!field) toast.error('Erro ao alterar o e-mail', { description: errorText(error) })
    },
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy || undefined}>
      {sentTo && (
        <p role="status" className="text-sm text-slate-700">
          Enviamos um link para {sentTo}. O e-mail da conta muda quando você abrir o link.
        </p>
      )}
      <TextField label="Novo e-mail" type="email" name="new-email" autoComplete="email" inputMode="email" required {...field('email', email, setEmail)} />
      <TextField
        label="Sua senha"
        hint="A senha atual da conta, para confirmar que é você."
        type="password"
        name="email-current-password"
        autoComplete="current-password"
        required
        {...field('current', current, setCurrent)}
      />
      <Button type="submit" loading={busy}>
        {busy ? 'Enviando...' : 'Enviar link'}
      </Button>
    </form>
  )
}
