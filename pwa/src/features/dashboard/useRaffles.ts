import { useLiveQuery } from 'dexie-react-hooks'
import { errorText } from '@/components/ui/error-text'
import { listRaffles } from '@/db/raffles'
import { db, type RaffleRow } from '@/db/schema'
import { everSynced } from '@/sync/local'

export type RafflesAnswer =
  | { status: 'loading' }
  /** synced: this device has finished a sync for the account, so an empty list is really empty. */
  | { status: 'ready'; raffles: RaffleRow[]; synced: boolean }
  | { status: 'error'; message: string }

/**
 * The account's raffles, newest first, live from IndexedDB (sync and other tabs update it too).
 * A failed read (e.g. storage blocked in a private window) is answered, not thrown, so the screen
 * can say so instead of crashing.
 */
export function useRaffles(userId: string): RafflesAnswer {
  const answer = useLiveQuery(async () => {
    try {
      const [raffles, synced] = await Promise.all([listRaffles(userId), everSynced(db, userId)])
      return { raffles, synced }
    } catch (error) {
      return { error: errorText(error) }
    }
  }, [userId])
  if (answer === undefined) return { status: 'loading' }
  if ('error' in answer) return { status: 'error', message: answer.error ?? '' }
  return { status: 'ready', raffles: answer.raffles, synced: answer.synced }
}
