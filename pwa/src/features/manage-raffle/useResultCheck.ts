import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { checkRoundResult, RESULT_MISMATCH_TEXT } from '@/db/draw-check'
import type { DrawView } from '@/features/manage-raffle/draw/useDraw'

/**
 * Checks, while the raffle's screen is open, each result the server sent for a round whose
 * commitments this device saw at the start (it reads the pool, so only here). A mismatch stays on
 * screen as a toast until dismissed, and in the draw tab.
 */
export function useResultCheck(view: DrawView | undefined): void {
  const checking = useRef(new Set<string>())

  useEffect(() => {
    if (!view) return
    for (const round of view.rounds) {
      if (round.resultCheck !== 'pending' || checking.current.has(round.id)) continue
      checking.current.add(round.id)
      checkRoundResult(round.id)
        .then((outcome) => {
          if (outcome === 'mismatch') toast.warning(RESULT_MISMATCH_TEXT, { duration: Infinity })
        })
        .catch((error: unknown) => console.error('Falha ao conferir o resultado do sorteio:', error))
        .finally(() => checking.current.delete(round.id))
    }
  }, [view])
}
