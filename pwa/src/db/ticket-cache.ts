// The chunks of one raffle kept in memory: those read last (db/ticket-reads.ts) and those this tab
// just wrote (db/tickets.ts). A read takes a chunk from here when the summary names it with the same
// stamp, so after a pull of 100,000 tickets or the removal of one person the list is put together
// without reading back what was just written. A chunk written by a transaction that was then undone
// carries a stamp no summary names: it is never used, and the next read drops it. A chunk written
// packed (a snapshot's, db/snapshot-chunks.ts) is kept packed until a read needs it in columns.
import type { SorteioDB, StoredChunkRow, TicketChunkRow, TicketColumns } from '@/db/schema'

export interface TicketCache {
  database: SorteioDB
  raffleId: string
  /** The summary stamp `columns` were put together for ('' before any read). */
  stamp: string
  chunks: Map<string, TicketChunkRow | StoredChunkRow>
  columns: TicketColumns
  /** Ticket id to its position in `columns`, made when first asked for. */
  positions: Map<string, number> | null
}

/** One raffle only: at most 100,000 tickets are kept. */
let cache: TicketCache | null = null

export function cachedTickets(database: SorteioDB, raffleId: string): TicketCache | null {
  return cache && cache.database === database && cache.raffleId === raffleId ? cache : null
}

export function keepTickets(next: TicketCache): void {
  cache = next
}

/** Lets go of whatever raffle is held (an account forgotten: its names leave memory too). */
export function dropTickets(): void {
  cache = null
}

/**
 * Chunks a write of this tab put: a later read of the raffle may take them from here. Kept beside
 * the raffle held already, or instead of a raffle nobody has read yet; a write to another raffle
 * (a pull of the account's other raffles) leaves the list on screen in memory.
 */
export function offerChunks(database: SorteioDB, raffleId: string, rows: readonly (TicketChunkRow | StoredChunkRow)[]): void {
  if (rows.length === 0) return
  let c = cachedTickets(database, raffleId)
  if (!c) {
    if (cache && cache.stamp !== '') return
    c = { database, raffleId, stamp: '', chunks: new Map(), columns: { ids: [], groups: [], names: [], emails: [], phones: [], numbers: [], createdAt: [] }, positions: null }
    cache = c
  }
  for (const row of rows) c.chunks.set(row.id, row)
}
