// The dashboard's search and status filter: only shown once an organiser holds more raffles than
// fit on a phone's screen or two; below that a filter is one more thing to read.
import type { RaffleRow, RaffleStatus } from '@/db/schema'

/** More raffles than this and the dashboard offers the search and the status filter. */
export const FILTER_FROM = 6

export type StatusFilter = RaffleStatus | 'all'

/** Lower case, without accents or surrounding spaces: 'São João' is found by 'sao joao'. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
}

/** The raffles whose title or code holds `term` and whose status is `status`, in the given order. */
export function filterRaffles(raffles: readonly RaffleRow[], term: string, status: StatusFilter): RaffleRow[] {
  const needle = fold(term)
  return raffles.filter((r) => (status === 'all' || r.status === status) && (needle === '' || fold(r.title).includes(needle) || r.code.toLowerCase().includes(needle)))
}
