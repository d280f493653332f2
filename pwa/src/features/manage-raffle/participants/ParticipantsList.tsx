import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/Button'
import type { ProvisionalNumbers } from '@/db/outbox'
import { Skeleton } from '@/components/ui/Skeleton'
import { ParticipantGroupItem } from '@/features/manage-raffle/participants/ParticipantGroupItem'
import { filterGroups, pageOf, type GroupIndex, type ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'
import { emptyText, loadMoreLabel, summaryText } from '@/features/manage-raffle/participants/participants-text'
import { SearchBox } from '@/components/ui/SearchBox'
import { useDebouncedSearch } from '@/components/ui/useDebouncedSearch'
import { useRefocusAfterRemoval } from '@/features/manage-raffle/participants/useRefocusAfterRemoval'

interface ParticipantsListProps {
  /** Undefined while the tickets load. */
  index: GroupIndex | undefined
  isTicketRaffle: boolean
  /** Removal is allowed only while the raffle is pending (spec: canDelete). */
  canDelete: boolean
  /** Resolves true when the person was removed. */
  onRemove: (group: ParticipantGroup) => Promise<boolean>
  /** Set while a person may be given another ticket (ticket raffles, pending). */
  onAddTicket?: ((group: ParticipantGroup) => Promise<void>) | undefined
  /** Each group's numbers chosen by this device and not yet sent ('provisório'). */
  provisional?: ProvisionalNumbers | undefined
}

function ListSkeleton() {
  return (
    <div role="status" className="mt-4 space-y-3">
      <span className="sr-only">Carregando participantes...</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2 rounded-xl border border-slate-100 p-3">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  )
}

/**
 * Search, summary, the people of the current page and 'Carregar mais'. The filter runs over the
 * index in memory (useMemo on index + term), so a keystroke never touches IndexedDB.
 */
export function ParticipantsList({ index, isTicketRaffle, canDelete, onRemove, onAddTicket, provisional }: ParticipantsListProps) {
  const search = useDebouncedSearch()
  // Pages are counted per search term: a new term starts again at the first page.
  const [paging, setPaging] = useState({ term: '', pages: 1 })
  const pages = paging.term === search.term ? paging.pages : 1

  const searching = search.term.trim() !== ''
  // A preview holds only the first people: it can show the first page, not search or page on.
  const ready = index !== undefined && (index.complete || !searching)
  const matches = useMemo(() => (index && ready ? filterGroups(index, search.term) : []), [index, ready, search.term])
  const matched = index && !index.complete ? index.people : matches.length
  const { visible, remaining } = pageOf(matches, pages, matched)
  const showTickets = isTicketRaffle || (index !== undefined && index.tickets > index.people)
  const shownIds = useMemo(() => visible.map((group) => group.id), [visible])
  const { listRef, sectionRef, remove } = useRefocusAfterRemoval(shownIds, onRemove)

  return (
    <section ref={sectionRef} aria-labelledby="participants-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="participants-heading" className="font-semibold text-slate-900">
          Participantes
        </h2>
        {index && ready && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {summaryText({ people: index.people, tickets: index.tickets, matched, shown: visible.length, searching, showTickets })}
          </p>
        )}
      </div>

      <div className="mt-3">
        <SearchBox value={search.text} onChange={search.change} onClear={search.clear} />
      </div>

      {!ready ? (
        <ListSkeleton />
      ) : visible.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm wrap-anywhere text-slate-500">
          {emptyText(searching ? search.term : '')}
        </p>
      ) : (
        <ul ref={listRef} aria-labelledby="participants-heading" className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {visible.map((group) => (
            <ParticipantGroupItem
              key={group.id}
              group={group}
              showTickets={showTickets}
              canDelete={canDelete}
              onRemove={remove}
              onAddTicket={onAddTicket}
              provisional={provisional?.get(group.id)}
            />
          ))}
        </ul>
      )}

      {remaining > 0 && (
        // Disabled on a preview: the next page is not in memory until the whole index is read.
        <Button variant="outline" className="mt-4 w-full" disabled={!index?.complete} onClick={() => setPaging({ term: search.term, pages: pages + 1 })}>
          {loadMoreLabel(remaining)}
        </Button>
      )}
    </section>
  )
}
