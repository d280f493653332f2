import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { ticketsInListOrder, ticketsVersion } from '@/db/queries'
import { buildGroupIndex, type GroupIndex } from '@/features/manage-raffle/participants-logic'

/**
 * The raffle's people, grouped once per change of its participants.
 *
 * A live query watches a cheap change marker (ticketsVersion); each time it moves, the tickets are
 * read (incrementally, see ticketsInListOrder) and grouped again, while the previous index stays on
 * screen. The search term plays no part here: searching and paging filter this index in memory
 * (participants-logic.ts). The screen calls this once, above the tabs, so switching tabs does not
 * read the tickets again. Undefined until the first read is done.
 */
export function useGroupIndex(raffleId: string): GroupIndex | undefined {
  const version = useLiveQuery(() => ticketsVersion(raffleId), [raffleId])
  const [index, setIndex] = useState<GroupIndex | undefined>(undefined)

  useEffect(() => {
    if (!version) return
    let current = true
    ticketsInListOrder(raffleId).then(
      (tickets) => {
        // A newer change may have started another read meanwhile; only the latest one is shown.
        if (current) setIndex(buildGroupIndex(tickets))
      },
      (error: unknown) => {
        if (current) toast.error('Não foi possível carregar os participantes', { description: errorText(error) })
      },
    )
    return () => {
      current = false
    }
  }, [raffleId, version])

  return index
}
