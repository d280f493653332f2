// Read-only queries the organiser screens need beyond raffles.ts and participants.ts. Screens call
// them inside useLiveQuery, so each re-runs only when the tables and keys it read change.
import { getRaffle } from '@/db/raffles'
import { db as appDb, type RaffleRow, type SorteioDB } from '@/db/schema'
import type { TicketColumns } from '@/db/schema'
import { listPreview as previewOf, readTicketColumns, ticketsVersion as versionOf, type ListPreview } from '@/db/ticket-reads'

export type { ListPreview }

/**
 * One raffle of the account, or null when this device does not have it (missing, or another
 * account's). Null rather than undefined because useLiveQuery answers undefined while loading, and
 * the manage screen must tell "still loading" from "not here".
 */
export async function findOwnRaffle(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<RaffleRow | null> {
  return (await getRaffle(userId, raffleId, database)) ?? null
}

/**
 * The change marker of a raffle's tickets, for useLiveQuery: the raffle's ticket summary, one small
 * record rewritten (with a new stamp) by every change of its tickets.
 */
export function ticketsVersion(raffleId: string, database: SorteioDB = appDb): Promise<{ stamp: string; tickets: number; people: number }> {
  return versionOf(raffleId, database)
}

/**
 * Every ticket of a raffle in the list's order (created_at ascending, the spec's order), column by
 * column. Call it outside a live query, when ticketsVersion changes: after the first read only the
 * chunks rewritten since are read again (db/ticket-reads.ts).
 */
export function ticketsInListOrder(raffleId: string, database: SorteioDB = appDb): Promise<TicketColumns> {
  return readTicketColumns(raffleId, database)
}

/** The first `people` people of the list with all their tickets, and the raffle's totals. */
export function listPreview(raffleId: string, people: number, database: SorteioDB = appDb): Promise<ListPreview> {
  return previewOf(raffleId, people, database)
}
