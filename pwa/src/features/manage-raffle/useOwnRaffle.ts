import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { useOnline } from '@/sync/online'
import { useSync } from '@/sync/sync-context'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { findOwnRaffle } from '@/db/queries'
import type { RaffleRow } from '@/db/schema'

export const NOT_FOUND_MESSAGE = 'Sorteio não encontrado ou você não tem permissão'

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

/** Said while offline for a raffle this device has not pulled: it waits for the connection. */
export const NOT_HERE_YET = 'Este sorteio ainda não está neste aparelho'

/** Pause between asks when the server could not be reached (a retry, never a decision). */
const RETRY_MS = 5000

/**
 * A raffle missing from this device is decided from facts, never by a timer a slow device could
 * lose: online, the sync engine runs a whole push and pull that began after the raffle was seen
 * missing (which brings it if this account holds it); only if it is still missing after that round
 * does the screen give the spec's error and go back to the dashboard. A round that fails (server
 * unreachable) is asked again. Offline nothing is decided: 'offline' asks the screen to say the
 * raffle is not on this device yet, and the check runs once the connection is back. While the
 * engine is being made (the first renders after a load) it waits for it; outside a sync provider
 * (screens rendered alone) nothing could bring the raffle: missing at once.
 */
export function useLeaveWhenMissing(missing: boolean, userId: string, raffleId: string): 'checking' | 'offline' {
  const navigate = useNavigate()
  const sync = useSync()
  const engine = sync?.engine ?? null
  const provided = sync !== null
  const online = useOnline()
  useEffect(() => {
    if (!missing) return
    let stopped = false
    let retry: ReturnType<typeof setTimeout> | undefined
    const leave = () => {
      toast.error(NOT_FOUND_MESSAGE)
      navigate('/dashboard', { replace: true })
    }
    const check = async () => {
      const synced = await engine!.syncNow()
      if (stopped) return
      if (!synced) {
        retry = setTimeout(() => void check(), RETRY_MS)
        return
      }
      // Still missing after a whole round: this account does not hold it (or it was deleted).
      if (!(await findOwnRaffle(userId, raffleId)) && !stopped) leave()
    }
    if (!provided) leave()
    else if (engine && online) void check()
    return () => {
      stopped = true
      clearTimeout(retry)
    }
  }, [missing, online, provided, engine, userId, raffleId, navigate])
  return online ? 'checking' : 'offline'
}
