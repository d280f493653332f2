import { useState } from 'react'
import { TrashIcon } from '@/components/ui/action-icons'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Spinner } from '@/components/ui/Spinner'
import type { ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'
import { removalSentence, removeTitle } from '@/features/manage-raffle/participants/participants-text'

interface RemoveGroupButtonProps {
  group: ParticipantGroup
  /** Whether tickets are spoken of (as on the row's badge). */
  showTickets: boolean
  onRemove: (group: ParticipantGroup) => Promise<unknown>
}

/**
 * The row's trash button. It asks first, naming the person and their tickets: one tap next to a
 * long list removed someone at once, and the removal is queued for the server straight away, so an
 * undo would have to chase it. A dialog is the safe choice offline as well.
 */
export function RemoveGroupButton({ group, showTickets, onRemove }: RemoveGroupButtonProps) {
  const [open, setOpen] = useState(false)
  const [removing, setRemoving] = useState(false)
  const withTickets = showTickets || group.ticketCount > 1
  const title = removeTitle(group.name, group.ticketCount, withTickets)

  async function onConfirm() {
    setRemoving(true)
    try {
      await onRemove(group)
    } finally {
      // On success the row leaves the list with this dialog; on failure it stays, to try again.
      setRemoving(false)
      setOpen(false)
    }
  }

  return (
    <>
      <button
        type="button"
        data-remove
        onClick={() => setOpen(true)}
        disabled={removing}
        title={title}
        aria-label={title}
        className="flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-3 focus-visible:outline-brand-800 disabled:opacity-55"
      >
        {removing ? <Spinner className="size-4" /> : <TrashIcon className="size-4" />}
      </button>
      <ConfirmDialog open={open} title="Remover participante?" confirmLabel="Remover" destructive busy={removing} onConfirm={onConfirm} onCancel={() => setOpen(false)}>
        <p>
          <strong className="font-semibold wrap-anywhere text-slate-900">{group.name}</strong>
          {withTickets ? removalSentence(group.ticketCount, group.ticketNumbers, group.range) : ' sairá do sorteio.'}
        </p>
      </ConfirmDialog>
    </>
  )
}
