import { useLiveQuery } from 'dexie-react-hooks'
import { errorText } from '@/components/ui/error-text'
import { listRaffles } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'

export type RafflesAnswer = { status: 'loading' } | { status: 'ready'; raffles: RaffleRow[] } | { status: 'error'; message: string }

/**
 * The account's raffles, newest first, live from IndexedDB (sync and other tabs update it too).
 * A failed read (e.g. storage blocked in a private window) is answered, not thrown, so the screen
 * can say so instead of crashing.
 */
export function useRaffles(userId: string): RafflesAnswer {
  const answer = useLiveQuery(async () => {
    try {
      return { raffles: await listRaffles(userId) }
    } catch (error) {
      return { error: errorText(error) }
    }
  }, [userId])
  if (answer === undefined) return { status: 'loading' }
  if ('error' in answer) return { status: 'error', message: answer.error ?? '' }
  return { status: 'ready', raffles: answer.raffles }
}
