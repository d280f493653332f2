import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { RECORD_KEPT_TEXT } from '@/components/ui/record-kept'
import { TextField } from '@/components/ui/TextField'
import { errorText } from '@/components/ui/error-text'
import { forgetAccount } from '@/db/forget'
import { accountApi } from '@/lib/account-api'

interface DeleteAccountProps {
  userId: string
  email: string
  /** Called once the server deleted the account and this device forgot it. */
  onDeleted: () => void
  remove?: typeof accountApi.deleteAccount
  forget?: (userId: string) => Promise<void>
}

/** 'Excluir conta': the e-mail typed again confirms it; then this device's copy goes too. */
export function DeleteAccount({ userId, email, onDeleted, remove = accountApi.deleteAccount, forget = forgetAccount }: DeleteAccountProps) {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()

  async function onConfirm() {
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setError('Digite o e-mail da conta para confirmar.')
      return
    }
    setBusy(true)
    try {
      await remove(typed.trim())
    } catch (e) {
      setError(errorText(e))
      setBusy(false)
      return
    }
    try {
      await forget(userId)
    } catch {
      // The account is gone on the server: its leftover ops can never be pushed (nobody can sign in
      // as it), so a local failure only leaves stale rows behind.
    }
    toast.success('Conta excluída', { description: 'Sua conta e seus sorteios foram removidos.' })
    onDeleted()
  }

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Excluir conta
      </Button>
      <ConfirmDialog
        open={open}
        title="Excluir conta?"
        confirmLabel="Excluir conta"
        destructive
        busy={busy}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          setOpen(false)
          setTyped('')
          setError(undefined)
        }}
      >
        <p>A conta, as sessões e todos os seus sorteios, com participantes, serão removidos. Esta ação não pode ser desfeita.</p>
        <p className="mt-2">{RECORD_KEPT_TEXT}</p>
        <TextField
          className="mt-3"
          label={`Digite ${email} para confirmar`}
          type="email"
          autoComplete="off"
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value)
            setError(undefined)
          }}
        />
      </ConfirmDialog>
    </>
  )
}
