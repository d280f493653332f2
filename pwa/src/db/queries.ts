// Read-only queries the organiser screens need beyond raffles.ts and participants.ts. Screens call
// them inside useLiveQuery, so each re-runs only when the tables and index ranges it read change.
import Dexie from 'dexie'
import { getRaffle } from '@/db/raffles'
import { db as appDb, type ParticipantRow, type RaffleRow, type SorteioDB } from '@/db/schema'

/**
 * One raffle of the account, or null when this device does not have it (missing, or another
 * account's). Null rather than undefined because useLiveQuery answers undefined while loading, and
 * the manage screen must tell "still loading" from "not here".
 */
export async function findOwnRaffle(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<RaffleRow | null> {
  return (await getRaffle(userId, raffleId, database)) ?? null
}

/** The fields the participants list uses; e-mail and ticket number are searched, so they come too. */
export type ListTicket = Pick<ParticipantRow, 'id' | 'groupId' | 'name' | 'email' | 'ticketNumber'>

/**
 * The tickets of the raffle read last, by id. A ticket row never changes once written (the
 * protocol adds and removes tickets, it has no update), so a cached row stays right for as long as
 * its id is in the raffle. One raffle only: at most 100,000 rows are kept.
 */
let cache: { database: SorteioDB; raffleId: string; byId: Map<string, ListTicket> } | null = null

function ticketRange(raffleId: string, database: SorteioDB) {
  return database.participants.where('[raffleId+createdAt]').between([raffleId, -Infinity], [raffleId, Infinity])
}

/**
 * The change marker of a raffle's tickets, for useLiveQuery: Dexie re-runs it whenever a ticket of
 * the raffle is added or removed (and, erring on the safe side, on ticket writes of other raffles
 * too), and each run answers a new object, so the screen hears of every change, even one that
 * leaves the count as it was. A count is used
 * because it is the cheapest read that watches the whole range: a live query that reads the rows
 * or their ids also makes Dexie track every one of those 100,000 keys, which costs more than the
 * read itself.
 */
export async function ticketsVersion(raffleId: string, database: SorteioDB = appDb): Promise<{ tickets: number }> {
  return { tickets: await ticketRange(raffleId, database).count() }
}

/**
 * Every ticket of a raffle in the list's order (created_at ascending, the spec's order). Call it
 * outside a live query (when ticketsVersion changes), for the reason given there.
 *
 * Search must look inside e-mails and ticket numbers, which have no index, so the list needs the
 * rows themselves. Reading 100,000 rows costs about a second in Chromium on a small machine. So only
 * the first read takes the rows (one range read on [raffleId+createdAt]); later reads take just the
 * ids from that index (keys only, several times cheaper), fetch the rows of new ids and drop the
 * removed ones. Adding or removing one person in a full raffle then costs one key read.
 */
export async function ticketsInListOrder(raffleId: string, database: SorteioDB = appDb): Promise<ListTicket[]> {
  // One read-only transaction: the ids and the rows fetched for them are one consistent snapshot.
  return database.transaction('r', database.participants, async () => {
    const range = ticketRange(raffleId, database)
    const known = cache && cache.database === database && cache.raffleId === raffleId ? cache.byId : null
    if (!known) return fullRead(raffleId, database, await range.toArray())

    const ids = await range.primaryKeys()
    const missing = ids.filter((id) => !known.has(id))
    // Many new rows (an import into a small raffle): one range read beats fetching them one by one.
    if (missing.length * 4 > ids.length) return fullRead(raffleId, database, await range.toArray())
    if (missing.length > 0) {
      for (const row of await database.participants.bulkGet(missing)) if (row) known.set(row.id, row)
    }
    const byId = new Map<string, ListTicket>()
    const tickets: ListTicket[] = []
    for (const id of ids) {
      const row = known.get(id)
      if (!row) continue
      byId.set(id, row)
      tickets.push(row)
    }
    cache = { database, raffleId, byId }
    return tickets
  })
}

/** The first people of a raffle's list, with all their tickets, and the raffle's totals. */
export interface ListPreview {
  /** Every ticket of the first `people` people, in list order. */
  tickets: ListTicket[]
  totalTickets: number
  totalPeople: number
}

/** How many tickets the first look at the list reads; grows when the first people hold more. */
const PREVIEW_ROWS = 2000

function byListOrder(a: ParticipantRow, b: ParticipantRow): number {
  // The order of [raffleId+createdAt]: createdAt, then the primary key (code units, like IndexedDB).
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * The first page of the list without reading every ticket. Reading all 100,000 rows takes over a
 * second, yet the list opens on its first 100 people, and its order (each person's first ticket by
 * created_at) is fixed by a prefix of [raffleId+createdAt]. So: the totals from index-only reads
 * (count, and the distinct keys of [raffleId+groupId]), the first people from a few thousand rows,
 * and then all of those people's tickets through [raffleId+groupId] (a person's tickets need not
 * sit together in created order), so their counts and ranges are exact. What this cannot tell is
 * which names repeat further down; ticketsInListOrder follows with the whole list.
 */
export async function listPreview(raffleId: string, people: number, database: SorteioDB = appDb): Promise<ListPreview> {
  return database.transaction('r', database.participants, async () => {
    const range = ticketRange(raffleId, database)
    const groupRange = database.participants.where('[raffleId+groupId]').between([raffleId, Dexie.minKey], [raffleId, Dexie.maxKey])
    const [totalTickets, groupKeys] = await Promise.all([range.count(), groupRange.uniqueKeys()])

    let groupIds: string[] = []
    for (let limit = PREVIEW_ROWS; ; limit *= 4) {
      const rows = await range.limit(limit).toArray()
      groupIds = [...new Set(rows.map((row) => row.groupId))]
      if (groupIds.length >= people || rows.length < limit) break
    }
    groupIds = groupIds.slice(0, people)
    const rows = await database.participants.where('[raffleId+groupId]').anyOf(groupIds.map((id) => [raffleId, id])).toArray()
    return { tickets: rows.sort(byListOrder), totalTickets, totalPeople: groupKeys.length }
  })
}

function fullRead(raffleId: string, database: SorteioDB, rows: ListTicket[]): ListTicket[] {
  cache = { database, raffleId, byId: new Map(rows.map((row) => [row.id, row])) }
  return rows
}
