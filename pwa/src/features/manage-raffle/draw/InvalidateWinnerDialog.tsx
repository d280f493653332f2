import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { TextAreaField } from '@/components/ui/TextAreaField'

/** The server refuses longer reasons (docs/sync-protocol.md, winner.invalidate). */
export const REASON_MAX_LENGTH = 500

interface InvalidateWinnerDialogProps {
  winner: { name: string; position: number }
  /** While the invalidation runs: the confirm button spins and nothing closes the dialog. */
  busy: boolean
  /** Gets the reason as typed; the caller trims it. */
  onConfirm: (reason: string) => void
  onCancel: () => void
}

/**
 * Asks before invalidating a winner, with an optional reason. Mount it only while open (and keyed
 * by the winner), so every opening starts with an empty reason.
 */
export function InvalidateWinnerDialog({ winner, busy, onConfirm, onCancel }: InvalidateWinnerDialogProps) {
  const [reason, setReason] = useState('')
  return (
    <ConfirmDialog open title="Invalidar Vencedor" confirmLabel="Confirmar Invalidação" destructive busy={busy} onConfirm={() => onConfirm(reason)} onCancel={onCancel}>
      <p>
        <strong className="font-semibold wrap-anywhere text-slate-900">{winner.name}</strong> ({winner.position}º Lugar) será marcado como vencedor inválido, e um novo sorteio será
        permitido para esta posição. O histórico é mantido.
      </p>
      <TextAreaField
        label="Motivo (opcional)"
        hint="Visível apenas para você, organizador: a verificação pública mostra só que o vencedor foi invalidado e quando."
        className="mt-4"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={REASON_MAX_LENGTH}
        disabled={busy}
        data-autofocus
      />
    </ConfirmDialog>
  )
}
