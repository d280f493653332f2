import { Fragment, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { TicketIcon } from '@/components/ui/icons'
import { SearchBox } from '@/components/ui/SearchBox'
import { Skeleton } from '@/components/ui/Skeleton'
import { useDebouncedSearch } from '@/components/ui/useDebouncedSearch'
import type { PublicPerson } from '@/protocol/public-state'
import { count, FULL_LIST_LIMIT } from '@/features/public-raffle/public-text'
import { usePublicParticipants } from '@/features/public-raffle/usePublicParticipants'

// A person's tickets shown inline; the rest are summed up (someone may hold 1,000).
const TICKETS_SHOWN = 12
// Rows the loading list shows: enough to fill a screen.
const SKELETON_ROWS = 12

/** A person's ticket numbers, those the search matched first (ticket 042 of 1,000 is then shown). */
function numbersShown(person: PublicPerson, term: string): { numbers: string[]; matched: Set<string> } {
  const all = person.tickets.filter((t): t is string => t !== null)
  const key = term.toLowerCase()
  const matched = new Set(key ? all.filter((n) => n.toLowerCase().includes(key)) : [])
  return { numbers: matched.size ? [...matched, ...all.filter((n) => !matched.has(n))] : all, matched }
}

function PersonItem({ person, term }: { person: PublicPerson; term: string }) {
  const { numbers, matched } = numbersShown(person, term)
  const rest = numbers.length - TICKETS_SHOWN
  return (
    <li className="py-2.5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p dir="auto" className="font-medium wrap-anywhere text-slate-900">
            {person.name}
          </p>
          {person.email && <p className="text-sm break-all text-slate-500">{person.email}</p>}
        </div>
        {person.tickets.length > 1 && <Badge tone="brand">{`${count(person.tickets.length)} bilhetes`}</Badge>}
      </div>
      {numbers.length > 0 && (
        <p className="mt-1 flex items-start gap-1 font-mono text-xs wrap-anywhere text-slate-600">
          <TicketIcon className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">Bilhetes:</span>
          <span>
            {numbers.slice(0, TICKETS_SHOWN).map((n, i) => (
              <Fragment key={n}>
                {i > 0 && ', '}
                {matched.has(n) ? <mark className="rounded bg-amber-100 px-0.5 font-semibold text-slate-900">{n}</mark> : n}
              </Fragment>
            ))}
            {rest > 0 && ` e mais ${count(rest)}`}
          </span>
        </p>
      )}
    </li>
  )
}

interface PublicParticipantsProps {
  code: string
  people: number
  tickets: number
}

/**
 * The Participants tab: searched and paged on the server. A big raffle's whole list only on request;
 * its search works before that (its answers are a page at a time).
 */
export function PublicParticipants({ code, people, tickets }: PublicParticipantsProps) {
  const [showBig, setShowBig] = useState(false)
  const search = useDebouncedSearch()
  const term = search.term.trim()
  const hidden = tickets > FULL_LIST_LIMIT && !showBig && !term
  const list = usePublicParticipants(code, term, !hidden)

  return (
    <div className="space-y-3">
      {/* First and always in place: the box keeps focus as the list below comes and goes. */}
      <SearchBox value={search.text} onChange={search.change} onClear={search.clear} placeholder="Buscar por nome ou bilhete..." />
      {hidden ? (
        <div className="space-y-3 rounded-xl bg-amber-50 px-4 py-4 text-amber-900">
          <p className="font-semibold">{`Este sorteio tem ${count(people)} participantes e ${count(tickets)} bilhetes.`}</p>
          <p className="text-sm">A lista completa está oculta porque pode deixar a página lenta. Deseja mostrá-la mesmo assim?</p>
          <Button variant="outline" onClick={() => setShowBig(true)}>
            Mostrar lista completa
          </Button>
        </div>
      ) : (
        <ParticipantsPage list={list} term={term} people={people} />
      )}
    </div>
  )
}

function ParticipantsPage({ list, term, people }: { list: ReturnType<typeof usePublicParticipants>; term: string; people: number }) {
  const remaining = list.total === null ? 0 : list.total - list.people.length
  // The list is as of when it was fetched; new people arrive live in the counts only, so 10,000
  // viewers do not all fetch the list again whenever someone joins.
  const stale = !term && list.total !== null && list.total !== people
  return (
    <>
      {stale && (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-900">
          A lista de participantes mudou.
          <Button size="sm" variant="outline" onClick={list.reload}>
            Atualizar lista
          </Button>
        </p>
      )}
      {list.error && (
        <p role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {list.error}
          <Button size="sm" variant="outline" onClick={list.people.length > 0 ? list.loadMore : list.reload}>
            Tentar novamente
          </Button>
        </p>
      )}
      {list.total === null && !list.error ? (
        // As tall as the first rows it stands for (up to a screenful), so what is below it (the
        // self-check) does not jump down when they arrive.
        <div className="space-y-2" aria-label="Carregando participantes">
          <Skeleton className="h-5 w-32" />
          {Array.from({ length: Math.max(1, Math.min(people, SKELETON_ROWS)) }, (_, i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : list.total === 0 ? (
        <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          {term ? `Nenhum participante encontrado para "${term}"` : 'Nenhum participante cadastrado ainda.'}
        </p>
      ) : (
        list.total !== null && (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {term || remaining > 0 ? `Mostrando ${count(list.people.length)} de ${count(list.total)}` : `${count(list.total)} participantes`}
            </p>
            <ul aria-label="Participantes" className="divide-y divide-slate-100">
              {list.people.map((person, i) => (
                <PersonItem key={i} person={person} term={term} />
              ))}
            </ul>
            {remaining > 0 && (
              <Button variant="outline" className="w-full" onClick={list.loadMore} loading={list.loading}>
                {`Carregar mais (${count(remaining)} restantes)`}
              </Button>
            )}
          </>
        )
      )}
    </>
  )
}
