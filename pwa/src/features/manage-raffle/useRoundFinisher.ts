import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { countdownEnd, finishRound } from '@/db/draws'
import { winnersDrawnText } from '@/features/manage-raffle/draw-text'
import { useOnline, useServerOffset, type DrawView } from '@/features/manage-raffle/useDraw'

/** A getter of the latest online state, for work that outlives the render it started in. */
export function useOnlineGetter(): () => boolean {
  const online = useOnline()
  const ref = useRef(online)
  useEffect(() => {
    ref.current = online
  }, [online])
  return useCallback(() => ref.current, [])
}

/**
 * Reveals the rounds this device opened once their countdown is over, for as long as the manage
 * screen is open, whichever tab shows. A round whose countdown ran out while the app was closed is
 * revealed as soon as the screen opens again. Rounds opened elsewhere are left to their device; the
 * pull brings their result.
 */
export function useRoundFinisher(userId: string, view: DrawView | undefined): void {
  const offset = useServerOffset()
  const isOnline = useOnlineGetter()
  // A round that failed to finish is not retried on every change of the screen's data: the
  // organiser sees the error once, and reopening the screen tries again.
  const failed = useRef(new Set<string>())

  useEffect(() => {
    if (!view) return
    const timers: Array<ReturnType<typeof setTimeout>> = []
    for (const round of view.rounds) {
      if (round.state !== 'open' || !view.ownRounds.has(round.id) || failed.current.has(round.id)) continue
      const due = Math.max(0, countdownEnd(round) - (Date.now() + offset))
      timers.push(
        setTimeout(() => {
          finishRound(userId, round.id, { isOnline }).catch((error: unknown) => {
            failed.current.add(round.id)
            toast.error('Não foi possível concluir o sorteio', { description: errorText(error) })
          })
        }, due),
      )
    }
    return () => timers.forEach(clearTimeout)
  }, [view, offset, userId, isOnline])
}

/**
 * 'Sorteio realizado!' when a first draw this device opened completes while the screen is open
 * (a draw already complete when the screen opened was announced then, or on another device).
 */
export function useOwnDrawCompletedToast(view: DrawView | undefined): void {
  const known = useRef<Set<string> | null>(null)

  useEffect(() => {
    if (!view) return
    const completed = view.rounds.filter((r) => r.kind === 'draw' && r.state === 'completed')
    if (known.current === null) {
      known.current = new Set(completed.map((r) => r.id))
      return
    }
    for (const round of completed) {
      if (known.current.has(round.id)) continue
      known.current.add(round.id)
      if (view.ownRounds.has(round.id)) toast.success('Sorteio realizado!', { description: winnersDrawnText(round.winnersCount) })
    }
  }, [view])
}
