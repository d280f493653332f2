// Reading a raffle's tickets from the chunk store (db/tickets.ts writes them). The whole list is
// kept in memory for the raffle read last, chunk by chunk (db/ticket-cache.ts): a later read fetches
// only the chunks rewritten since (each carries a new stamp) that this tab did not write itself.
import { isUnpacked, readable } from '@/db/chunk-codec'
import type { ChunkEntry, ParticipantRow, SorteioDB, StoredChunkRow, TicketChunkRow, TicketColumns, TicketSummaryRow } from '@/db/schema'
import { cachedTickets as cached, keepTickets } from '@/db/ticket-cache'
import { columnsOf, compareKeys, concatColumns, emptyColumns, firstPeopleOf, inListOrder, pickColumns, ticketAt } from '@/db/ticket-chunks'
import { getChunks, readSummary, ticketTables } from '@/db/tickets'

async function readChunks(database: SorteioDB, summary: TicketSummaryRow, known: Map<string, TicketChunkRow | StoredChunkRow>): Promise<Map<string, TicketChunkRow>> {
  const stale = summary.chunks.filter((c) => known.get(c.id)?.stamp !== c.stamp).map((c) => c.id)
  const fresh = stale.length ? await getChunks(database, stale) : []
  const chunks = new Map<string, TicketChunkRow>()
  for (const c of summary.chunks) {
    const row = known.get(c.id)
    if (row && row.stamp === c.stamp) chunks.set(c.id, readable(row))
  }
  for (const row of fresh) if (row) chunks.set(row.id, row)
  return chunks
}

/** Whether each chunk's last ticket comes before the next chunk's first (each is in list order). */
function chunksInOrder(summary: TicketSummaryRow): boolean {
  const c = summary.chunks
  for (let i = 1; i < c.length; i++) if (compareKeys(c[i - 1]!.lastAt, c[i - 1]!.lastId, c[i]!.firstAt, c[i]!.firstId) > 0) return false
  return true
}

/**
 * Every ticket of a raffle in list order (created_at, then id: the spec's order), column by column.
 * The answer is shared with later callers: read it, never change it. In its own read transaction
 * unless called inside one that covers ticketTables.
 */
export async function readTicketColumns(raffleId: string, database: SorteioDB): Promise<TicketColumns> {
  return database.transaction('r', ticketTables(database), async () => columnsFor(database, raffleId, await readSummary(database, raffleId)))
}

/** readTicketColumns with the summary read already, inside its transaction. */
async function columnsFor(database: SorteioDB, raffleId: string, summary: TicketSummaryRow | undefined): Promise<TicketColumns> {
  if (!summary || summary.tickets === 0) return emptyColumns()
  const before = cached(database, raffleId)
  if (before && before.stamp === summary.stamp) return before.columns
  const chunks = await readChunks(database, summary, before?.chunks ?? new Map())
  const parts = summary.chunks.map((c) => chunks.get(c.id)).filter((row): row is TicketChunkRow => row !== undefined)
  const joined = concatColumns(parts.map(columnsOf))
  // Chunks that follow one another (the usual case) join in list order: no pass over every ticket.
  const columns = chunksInOrder(summary) ? joined : inListOrder(joined)
  keepTickets({ database, raffleId, stamp: summary.stamp, chunks, columns, positions: null })
  return columns
}

/**
 * The change marker of a raffle's tickets, for useLiveQuery: one small read that Dexie re-runs
 * whenever the raffle's tickets change, with a new stamp each time (even when the count stays).
 */
export async function ticketsVersion(raffleId: string, database: SorteioDB): Promise<{ stamp: string; tickets: number; people: number }> {
  const summary = await readSummary(database, raffleId)
  return { stamp: summary?.stamp ?? '', tickets: summary?.tickets ?? 0, people: summary?.people ?? 0 }
}

/** Tickets by id (undefined for an id the raffle does not hold), e.g. the winners' names. */
export async function ticketsById(raffleId: string, ids: readonly string[], database: SorteioDB): Promise<(ParticipantRow | undefined)[]> {
  if (ids.length === 0) return []
  const columns = await readTicketColumns(raffleId, database)
  const c = cached(database, raffleId)
  let positions = c?.columns === columns ? c.positions : null
  if (!positions) {
    positions = new Map(columns.ids.map((id, i) => [id, i]))
    if (c?.columns === columns) c.positions = positions
  }
  return ids.map((id) => {
    const i = positions.get(id)
    return i === undefined ? undefined : ticketAt(raffleId, columns, i)
  })
}

/** The first people of a raffle's list, with all their tickets, and the raffle's totals. */
export interface ListPreview {
  /** Every ticket of the first `people` people, in list order. */
  tickets: TicketColumns
  totalTickets: number
  totalPeople: number
}

/**
 * The first page of the list without reading every chunk: the totals from the summary, the first
 * people from the first chunks, and all of those people's tickets from the chunks the summary
 * names for them (a person's tickets may sit in more than one). Chunks this tab holds in memory
 * (it read or wrote them) are not read again; when the whole list is in memory already, its first
 * people are the answer.
 */
export async function listPreview(raffleId: string, people: number, database: SorteioDB): Promise<ListPreview> {
  // Every chunk the summary names in memory (a new device's, just written): the summary is the one
  // read, and no transaction is waited for: right after a snapshot's write, a read transaction is
  // slow to complete.
  const summary = await readSummary(database, raffleId)
  const known = cached(database, raffleId)
  if (summary && known && summary.chunks.every((c) => known.chunks.get(c.id)?.stamp === c.stamp)) {
    return previewOf(database, summary, people, known.stamp === summary.stamp ? known.columns : null, known.chunks)
  }
  return database.transaction('r', ticketTables(database), async () => {
    const summary = await readSummary(database, raffleId)
    const known = cached(database, raffleId)
    return previewOf(database, summary, people, known && known.stamp === summary?.stamp ? known.columns : null, known?.chunks ?? new Map())
  })
}

/** listPreview from the summary read, the whole list when in memory for it, and the chunks held. */
async function previewOf(
  database: SorteioDB,
  summary: TicketSummaryRow | undefined,
  people: number,
  whole: TicketColumns | null,
  held: Map<string, TicketChunkRow | StoredChunkRow>,
): Promise<ListPreview> {
  if (!summary || summary.tickets === 0) return { tickets: emptyColumns(), totalTickets: 0, totalPeople: 0 }
  const totals = { totalTickets: summary.tickets, totalPeople: summary.people }
  // Only the first people: grouping every ticket for a first page is the list's costliest step.
  if (whole) return { tickets: firstPeopleOf(whole, people), ...totals }
  const inMemory = (e: ChunkEntry) => {
    const row = held.get(e.id)
    return row && row.stamp === e.stamp ? row : undefined
  }
  const chunksOf = async (entries: readonly ChunkEntry[]): Promise<TicketChunkRow[]> => {
    const missing = entries.filter((e) => !inMemory(e)).map((e) => e.id)
    const read = missing.length ? await getChunks(database, missing) : []
    const byId = new Map(read.filter((row): row is TicketChunkRow => row !== undefined).map((row) => [row.id, row]))
    return entries.flatMap((e) => {
      const row = inMemory(e)
      if (!row) return byId.get(e.id) ?? []
      // Unpacked once: the whole list's read takes it from here (same id and stamp).
      const plain = readable(row)
      if (plain !== row) held.set(e.id, plain)
      return plain
    })
  }
  // Chunks that overlap in list order (a pulled add older than the list's end) may hold a ticket
  // before the first chunk's people: the whole list, in order. Rare, and exact.
  if (!chunksInOrder(summary)) {
    const all = await chunksOf(summary.chunks)
    return { tickets: firstPeopleOf(inListOrder(concatColumns(all.length ? all.map(columnsOf) : [emptyColumns()])), people), ...totals }
  }

  const first = new Set<string>()
  const rows = new Map<string, TicketChunkRow>()
  for (const entry of summary.chunks) {
    if (first.size >= people) break
    const [row] = await chunksOf([entry])
    if (!row) continue
    rows.set(row.id, row)
    for (const g of row.groups) {
      if (first.size >= people) break
      first.add(g)
    }
  }
  const parts: TicketColumns[] = []
  // Every chunk read already (a raffle of one chunk): the whole list, complete at once.
  if (rows.size === summary.chunks.length) {
    for (const entry of summary.chunks) parts.push(columnsOf(rows.get(entry.id)!))
    return { tickets: inListOrder(concatColumns(parts)), ...totals }
  }
  // The first people's other tickets: in the chunks the people row names for them or, when every
  // chunk is in memory, in those whose people include them (a packed chunk lists each once).
  const rest = summary.chunks.filter((c) => !rows.has(c.id))
  let entries: ChunkEntry[]
  if (rest.every((c) => inMemory(c))) {
    entries = rest.filter((c) => {
      const row = inMemory(c)!
      return (isUnpacked(row) ? row.groups : row.people.groups).some((g) => first.has(g))
    })
  } else {
    const byPerson = await database.ticketPeople.get(summary.raffleId)
    const wanted = new Set<string>()
    byPerson?.groups.forEach((g, i) => {
      if (first.has(g)) for (const id of byPerson.chunks[i]!.split(',')) if (!rows.has(id)) wanted.add(id)
    })
    entries = rest.filter((c) => wanted.has(c.id))
  }
  for (const row of await chunksOf(entries)) rows.set(row.id, row)
  for (const row of rows.values()) {
    const at: number[] = []
    for (let i = 0; i < row.groups.length; i++) if (first.has(row.groups[i]!)) at.push(i)
    parts.push(pickColumns(row, at))
  }
  return { tickets: inListOrder(concatColumns(parts.length ? parts : [emptyColumns()])), ...totals }
}
