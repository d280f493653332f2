import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { useSyncStatus } from '@/sync/sync-context'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { findOwnRaffle } from '@/db/queries'
import type { RaffleRow } from '@/db/schema'

export const NOT_FOUND_MESSAGE = 'Sorteio não encontrado ou você não tem permissão'

/**
 * How long a raffle may be absent from this device before the screen gives up on it. Right after
 * signing in on a new device (or opening a shared link to /gerenciar/{id}), the sync engine may
 * not have pulled the raffle yet; it arrives through the same live query a moment later. Deciding
 * "not found" on the first empty answer would bounce the organiser to the dashboard for a raffle
 * that is on its way, so the screen keeps showing "Carregando..." for this long first.
 */
export const NOT_FOUND_GRACE_MS = 1500

export type RaffleLookup =
  | { status: 'loading' }
  | { status: 'found'; raffle: RaffleRow }
  | { status: 'missing' }
  | { status: 'error'; message: string }

/**
 * The raffle, live from IndexedDB. useLiveQuery answers undefined until the first read resolves
 * ('loading'); the query answers null when the raffle is not here ('missing'). Read errors are
 * returned rather than thrown, so the screen can explain instead of crashing.
 */
export function useOwnRaffle(userId: string, raffleId: string): RaffleLookup {
  const answer = useLiveQuery(async () => {
    try {
      return { raffle: await findOwnRaffle(userId, raffleId) }
    } catch (error) {
      return { error: errorText(error) }
    }
  }, [userId, raffleId])
  if (answer === undefined) return { status: 'loading' }
  if ('error' in answer) return { status: 'error', message: answer.error ?? '' }
  return answer.raffle ? { status: 'found', raffle: answer.raffle } : { status: 'missing' }
}

/**
 * After the grace period with no raffle: the spec's error, then back to the dashboard. The clock
 * only runs while the sync engine is not pulling: a raffle of 100,000 tickets arrives with its
 * first page of changes, many seconds into the first sync on a new device.
 */
export function useLeaveWhenMissing(missing: boolean): void {
  const navigate = useNavigate()
  const pulling = useSyncStatus()?.syncing ?? false
  useEffect(() => {
    if (!missing || pulling) return
    const timer = setTimeout(() => {
      toast.error(NOT_FOUND_MESSAGE)
      navigate('/dashboard', { replace: true })
    }, NOT_FOUND_GRACE_MS)
    return () => clearTimeout(timer)
  }, [missing, pulling, navigate])
}
