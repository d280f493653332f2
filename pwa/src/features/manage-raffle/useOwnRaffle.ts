import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useOnline } from '@/sync/online'
import { useSync, useSyncStatus } from '@/sync/sync-context'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { findOwnRaffle } from '@/db/queries'
import type { RaffleRow } from '@/db/schema'

export const NOT_FOUND_MESSAGE = 'Sorteio não encontrado ou você não tem permissão'

export type RaffleLookup = { status: 'loading' } | { status: 'found'; raffle: RaffleRow } | { status: 'missing' } | { status: 'error'; message: string }

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

/**
 * A raffle missing from this device is decided from facts, never by a timer a slow device could
 * lose: online, the screen asks the sync engine for a round (push and pull, which brings the raffle
 * if this account holds it) and decides only once a round seen running while the raffle was missing
 * has ended without error: still missing then, the spec's error and back to the dashboard. A failed
 * round decides nothing (the engine retries). Offline nothing is decided: 'offline' asks the screen
 * to say the raffle is not on this device yet. Outside a sync provider (screens rendered alone)
 * nothing could bring the raffle: missing at once.
 */
export function useLeaveWhenMissing(missing: boolean, userId: string, raffleId: string): 'checking' | 'offline' {
  const navigate = useNavigate()
  const sync = useSync()
  const engine = sync?.engine ?? null
  const provided = sync !== null
  const online = useOnline()
  const status = useSyncStatus()
  const syncing = status?.syncing ?? false
  const failed = (status?.error ?? null) !== null
  // A round ran while the raffle was missing (the engine's status is shared by every tab).
  const [roundSeen, setRoundSeen] = useState(false)
  if (missing && syncing && !roundSeen) setRoundSeen(true)

  useEffect(() => {
    if (missing && !provided) {
      toast.error(NOT_FOUND_MESSAGE)
      navigate('/dashboard', { replace: true })
    }
  }, [missing, provided, navigate])
  // A round now, rather than at the engine's next occasion; its answer is read from the status.
  useEffect(() => {
    if (missing && engine && online) void engine.syncNow()
  }, [missing, engine, online])
  useEffect(() => {
    if (!missing || !roundSeen || syncing || failed) return
    let stopped = false
    void findOwnRaffle(userId, raffleId).then((raffle) => {
      // Still missing after a whole round: this account does not hold it (or it was deleted).
      if (!raffle && !stopped) {
        toast.error(NOT_FOUND_MESSAGE)
        navigate('/dashboard', { replace: true })
      }
    })
    return () => {
      stopped = true
    }
  }, [missing, roundSeen, syncing, failed, userId, raffleId, navigate])
  return online ? 'checking' : 'offline'
}
