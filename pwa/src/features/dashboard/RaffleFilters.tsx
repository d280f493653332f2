import { useId } from 'react'
import { SearchBox } from '@/components/ui/SearchBox'
import type { StatusFilter } from '@/features/dashboard/filter'
import { STATUS } from '@/features/dashboard/status'

interface RaffleFiltersProps {
  term: string
  onTerm: (term: string) => void
  status: StatusFilter
  onStatus: (status: StatusFilter) => void
}

/** Search by title or code and a status filter; on a phone the search takes the whole row. */
export function RaffleFilters({ term, onTerm, status, onStatus }: RaffleFiltersProps) {
  const selectId = useId()
  return (
    <div role="search" aria-label="Filtrar sorteios" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <SearchBox value={term} onChange={onTerm} onClear={() => onTerm('')} placeholder="Buscar por título ou código..." label="Buscar sorteios" />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id={selectId}
          value={status}
          onChange={(event) => onStatus(event.target.value as StatusFilter)}
          className="h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 sm:flex-none"
        >
          <option value="all">Todos</option>
          <option value="pending">{STATUS.pending.label}</option>
          <option value="in_progress">{STATUS.in_progress.label}</option>
          <option value="completed">{STATUS.completed.label}</option>
        </select>
      </div>
    </div>
  )
}
