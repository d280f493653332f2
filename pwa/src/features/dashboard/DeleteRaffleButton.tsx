import { RECORD_KEPT_TEXT } from '@/components/ui/record-kept'
import { useState } from 'react'
import { toast } from 'sonner'
import { TrashIcon } from '@/components/ui/action-icons'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { errorText } from '@/components/ui/error-text'
import { deleteRaffle } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'

interface DeleteRaffleButtonProps {
  userId: string
  raffle: RaffleRow
}

/** The card's delete icon; asks first, since a raffle and its participants cannot be brought back. */
export function DeleteRaffleButton({ userId, raffle }: DeleteRaffleButtonProps) {
  const [open, setOpen] = useState(false)
  const [deleting, setDeleting] = useState(false)

  async function onConfirm() {
    setDeleting(true)
    try {
      await deleteRaffle(userId, raffle.id)
      toast.success('Sorteio excluído!')
      // The live query drops the card (and this dialog with it).
    } catch (error) {
      toast.error('Erro ao excluir', { description: errorText(error) })
      setDeleting(false)
      setOpen(false)
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Excluir sorteio ${raffle.title}`}
        title="Excluir sorteio"
        className="flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-200 text-slate-500 hover:border-red-200 hover:bg-red-50 hover:text-red-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
      >
        <TrashIcon className="size-5" />
      </button>
      <ConfirmDialog open={open} title="Excluir sorteio?" confirmLabel="Excluir" destructive busy={deleting} onConfirm={onConfirm} onCancel={() => setOpen(false)}>
        <p>
          O sorteio <strong className="font-semibold wrap-anywhere text-slate-900">{raffle.title}</strong> e todos os seus participantes serão excluídos. Esta ação não pode ser
          desfeita.
        </p>
        <p className="mt-2">{RECORD_KEPT_TEXT}</p>
      </ConfirmDialog>
    </>
  )
}
