import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { errorText } from '@/components/ui/error-text'
import { abandonableAt, abandonRound } from '@/db/draws'
import type { DrawRow } from '@/db/schema'
import { ABANDON_CONFIRM_TEXT, ABANDON_STUCK_TEXT } from '@/features/manage-raffle/draw/draw-text'
import { useServerNow } from '@/features/manage-raffle/draw/useDraw'

interface AbandonRoundProps {
  userId: string
  raffleId: string
  round: DrawRow
  /** This device holds the round's seed (it will reveal it): nothing to abandon from here. */
  own: boolean
}

/**
 * 'Abandonar rodada' for an open round this device cannot reveal (another device's, or this one's
 * after its seed was lost), once the countdown and the grace after it are over on the server's clock.
 */
export function AbandonRound({ userId, raffleId, round, own }: AbandonRoundProps) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = round.state === 'open'
  const now = useServerNow(open && !own)
  if (!open || own || now === undefined || now < abandonableAt(round)) return null

  async function onConfirm() {
    setBusy(true)
    try {
      await abandonRound(userId, raffleId, round.id)
      toast.success('Rodada abandonada', { description: 'Um novo sorteio já pode ser iniciado.' })
      setAsking(false)
    } catch (error) {
      toast.error('Não foi possível abandonar a rodada', { description: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-2 text-center">
      <p className="text-sm text-slate-600">{ABANDON_STUCK_TEXT}</p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        Abandonar rodada
      </Button>
      <ConfirmDialog open={asking} title="Abandonar rodada" confirmLabel="Abandonar rodada" destructive busy={busy} onConfirm={onConfirm} onCancel={() => setAsking(false)}>
        <p>{ABANDON_CONFIRM_TEXT}</p>
      </ConfirmDialog>
    </div>
  )
}
