import { useLiveQuery } from 'dexie-react-hooks'
import { startTransition, useEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { errorText } from '@/components/ui/error-text'
import { listPreview, ticketsInListOrder, ticketsVersion, type ListPreview } from '@/db/queries'
import type { TicketColumns } from '@/db/schema'
import { indexWithoutRemoved } from '@/features/manage-raffle/participants/group-index-update'
import { buildGroupIndexInSlices, PAGE_SIZE, previewIndex, type GroupIndex } from '@/features/manage-raffle/participants/participants-logic'

/** Gives the page back to the browser between slices of grouping (a task of its own). */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const indexOf = (preview: ListPreview) => previewIndex(preview.tickets, { people: preview.totalPeople, tickets: preview.totalTickets })

/**
 * The raffle's people, grouped once per change of its participants.
 *
 * A live query watches a cheap change marker (ticketsVersion: the raffle's ticket summary, one
 * record); each time it moves, the tickets are read (only the chunks rewritten since the last read,
 * see db/ticket-reads.ts) and grouped again, while the previous index stays on screen. The search
 * term plays no part here: searching and paging filter this index in memory (participants-logic.ts).
 * The screen calls this once, above the tabs, so switching tabs does not read the tickets again.
 * Undefined until the first read is done.
 *
 * Before the first whole read of a large raffle, and when the list on screen is empty (a new device's
 * first pull), the first page is shown from a preview (listPreview: the totals from the summary, the
 * first people from the first chunk or from memory), read by the live query with the marker, and
 * the whole index replaces it when ready.
 * Later changes skip the preview: the previous index is still on screen.
 */
export function useGroupIndex(raffleId: string): GroupIndex | undefined {
  // People on screen: none before the first read, or while the raffle had none (a new device
  // before its first pull). Then the first page comes from a preview, the whole index after it.
  const shownPeople = useRef(0)
  // While no one is shown, the first page is read with the change marker itself: the list is on
  // screen one render and one read sooner than from an effect after the marker's render.
  const version = useLiveQuery(async () => {
    const v = await ticketsVersion(raffleId)
    // A failed preview is read again by the effect below, which says so (a live query's error
    // would take the screen down instead).
    const preview = shownPeople.current === 0 && v.tickets > 0 ? await listPreview(raffleId, PAGE_SIZE).catch(() => null) : null
    return { ...v, preview }
  }, [raffleId])
  const preview = useMemo(() => (version?.preview ? indexOf(version.preview) : undefined), [version])
  const [index, setIndex] = useState<GroupIndex | undefined>(undefined)
  const last = useRef<{ raffleId: string; tickets: TicketColumns; index: GroupIndex } | null>(null)

  useEffect(() => {
    if (!version) return
    let current = true
    const fail = (error: unknown) => {
      if (current) toast.error('Não foi possível carregar os participantes', { description: errorText(error) })
    }
    async function load() {
      if (shownPeople.current === 0) {
        const first = preview ?? indexOf(await listPreview(raffleId, PAGE_SIZE))
        // A newer change may have started another read meanwhile; only the latest one is shown.
        if (!current) return
        shownPeople.current = first.people
        setIndex(first)
        if (first.complete) return
      }
      // User timing entries, read by the browser benchmark: reading the list, grouping it.
      const began = performance.now()
      const tickets = await ticketsInListOrder(raffleId)
      const read = performance.now()
      // After a removal the people left keep their entries: no regrouping of every ticket.
      const previous = last.current?.raffleId === raffleId ? last.current : null
      const updated = previous && indexWithoutRemoved(previous.index, previous.tickets, tickets)
      const built = updated || (await buildGroupIndexInSlices(tickets, pause))
      last.current = { raffleId, tickets, index: built }
      performance.measure('sorteio:list-read', { start: began, end: read })
      performance.measure('sorteio:list-index', { start: read })
      if (!current) return
      shownPeople.current = built.people
      // A removal answers a click: the list changes by one row, rendered at once. A whole new list
      // is rendered in a transition instead, in slices that yield to the browser between them.
      if (updated) setIndex(built)
      else startTransition(() => setIndex(built))
    }
    load().catch(fail)
    return () => {
      current = false
    }
  }, [raffleId, version, preview])

  // The first page that came with the marker shows before the effect above has stored it.
  return preview && (index === undefined || index.people === 0) ? preview : index
}
