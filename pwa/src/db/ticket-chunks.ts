// Tickets column by column, and the per-raffle summary kept beside the chunks (db/schema.ts
// TicketChunkRow, TicketSummaryRow). Pure functions: src/db/tickets.ts does the reading and writing.
import type { ChunkEntry, ParticipantRow, PersonEntry, TicketChunkRow, TicketColumns, TicketPeopleRow, TicketSummaryRow } from '@/db/schema'
import { higherNumber, highestNumber } from '@/lib/ticket-numbers'

/** The most tickets a chunk holds: one participants.add op at most. */
export const CHUNK_SIZE = 5000

export function emptyColumns(): TicketColumns & { phones: (string | null)[] } {
  return { ids: [], groups: [], names: [], emails: [], phones: [], numbers: [], createdAt: [] }
}

/** The columns of a chunk row (the same arrays, not copies). */
export function columnsOf(row: TicketColumns): TicketColumns {
  return { ids: row.ids, groups: row.groups, names: row.names, emails: row.emails, phones: row.phones, numbers: row.numbers, createdAt: row.createdAt }
}

/** The phones column, all null when the columns have none. */
export function phonesOf(c: TicketColumns): (string | null)[] {
  return c.phones ?? new Array<string | null>(c.ids.length).fill(null)
}

/** Tickets pushed one by one into columns made by emptyColumns (which have phones). */
function pushTicket(out: TicketColumns, c: TicketColumns, i: number): void {
  out.ids.push(c.ids[i]!)
  out.groups.push(c.groups[i]!)
  out.names.push(c.names[i]!)
  out.emails.push(c.emails[i] ?? null)
  out.phones!.push(c.phones?.[i] ?? null)
  out.numbers.push(c.numbers[i] ?? null)
  out.createdAt.push(c.createdAt[i]!)
}

/** The i-th ticket as one row. */
export function ticketAt(raffleId: string, c: TicketColumns, i: number): ParticipantRow {
  const row: ParticipantRow = {
    id: c.ids[i]!,
    raffleId,
    groupId: c.groups[i]!,
    name: c.names[i]!,
    email: c.emails[i] ?? null,
    ticketNumber: c.numbers[i] ?? null,
    createdAt: c.createdAt[i]!,
  }
  // Only when there is one: rows of people without a phone stay as they were.
  const phone = c.phones?.[i]
  if (phone) row.phone = phone
  return row
}

/** The tickets at the given positions, in that order. */
export function pickColumns(c: TicketColumns, at: ArrayLike<number>): TicketColumns {
  const out = emptyColumns()
  for (let k = 0; k < at.length; k++) pushTicket(out, c, at[k]!)
  return out
}

/**
 * Every ticket of the first `people` people of columns in list order (all of it when it holds no
 * more people): one pass, no grouping.
 */
export function firstPeopleOf(c: TicketColumns, people: number): TicketColumns {
  const first = new Set<string>()
  const at: number[] = []
  const groups = c.groups
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!
    if (!first.has(g)) {
      if (first.size >= people) continue
      first.add(g)
    }
    at.push(i)
  }
  return at.length === groups.length ? c : pickColumns(c, at)
}

export function sliceColumns(c: TicketColumns, start: number, end: number): TicketColumns {
  return {
    ids: c.ids.slice(start, end),
    groups: c.groups.slice(start, end),
    names: c.names.slice(start, end),
    emails: c.emails.slice(start, end),
    phones: phonesOf(c).slice(start, end),
    numbers: c.numbers.slice(start, end),
    createdAt: c.createdAt.slice(start, end),
  }
}

export function concatColumns(parts: readonly TicketColumns[]): TicketColumns {
  if (parts.length === 1) return parts[0]!
  // Array concat copies whole arrays at once; a push per ticket is several times slower at 100,000.
  const join = <T>(pick: (c: TicketColumns) => T[]): T[] => ([] as T[]).concat(...parts.map(pick))
  return {
    ids: join((c) => c.ids),
    groups: join((c) => c.groups),
    names: join((c) => c.names),
    emails: join((c) => c.emails),
    phones: join(phonesOf),
    numbers: join((c) => c.numbers),
    createdAt: join((c) => c.createdAt),
  }
}

/** List order: created_at, then id by code units (as IndexedDB and the server order them). */
export function compareKeys(atA: number, idA: string, atB: number, idB: string): number {
  if (atA !== atB) return atA - atB
  return idA < idB ? -1 : idA > idB ? 1 : 0
}

/** The columns in list order: the same object when they already are (the usual case, one pass). */
export function inListOrder(c: TicketColumns): TicketColumns {
  const n = c.ids.length
  let sorted = true
  for (let i = 1; i < n && sorted; i++) sorted = compareKeys(c.createdAt[i - 1]!, c.ids[i - 1]!, c.createdAt[i]!, c.ids[i]!) <= 0
  if (sorted) return c
  const order = Array.from({ length: n }, (_, i) => i)
  order.sort((a, b) => compareKeys(c.createdAt[a]!, c.ids[a]!, c.createdAt[b]!, c.ids[b]!))
  return pickColumns(c, order)
}

export function entryOf(row: TicketChunkRow): ChunkEntry {
  const last = row.ids.length - 1
  return {
    id: row.id,
    stamp: row.stamp,
    size: row.ids.length,
    firstAt: row.createdAt[0]!,
    firstId: row.ids[0]!,
    lastAt: row.createdAt[last]!,
    lastId: row.ids[last]!,
    highest: highestNumber(row.numbers),
  }
}

/** A raffle's summary in memory, as writes keep it: the stored rows with people in a Map. */
export interface TicketTally {
  raffleId: string
  tickets: number
  chunks: ChunkEntry[]
  people: Map<string, PersonEntry>
  highest: string | null
}

export function emptyTally(raffleId: string): TicketTally {
  return { raffleId, tickets: 0, chunks: [], people: new Map(), highest: null }
}

export function peopleOf(row: TicketPeopleRow | undefined): Map<string, PersonEntry> {
  const people = new Map<string, PersonEntry>()
  if (row) row.groups.forEach((g, i) => people.set(g, { tickets: row.counts[i]!, chunks: row.chunks[i]!.split(',') }))
  return people
}

export function tallyOf(raffleId: string, summary: TicketSummaryRow | undefined, people: TicketPeopleRow | undefined): TicketTally {
  if (!summary) return emptyTally(raffleId)
  return { raffleId, tickets: summary.tickets, chunks: summary.chunks, people: peopleOf(people), highest: summary.highest }
}

/** The rows to store for a tally, with a new stamp. */
export function storedTally(t: TicketTally, stamp: string): { summary: TicketSummaryRow; people: TicketPeopleRow } {
  const people: TicketPeopleRow = { raffleId: t.raffleId, groups: [], counts: [], chunks: [] }
  for (const [g, p] of t.people) {
    people.groups.push(g)
    people.counts.push(p.tickets)
    people.chunks.push(p.chunks.join(','))
  }
  const summary = { raffleId: t.raffleId, stamp, tickets: t.tickets, people: t.people.size, chunks: t.chunks, highest: t.highest }
  return { summary, people }
}

/** Counts a chunk just written (not empty) into the summary. */
export function countIn(summary: TicketTally, row: TicketChunkRow): void {
  summary.tickets += row.ids.length
  // A person's tickets mostly sit together: one lookup per run, not per ticket.
  const groups = row.groups
  for (let i = 0; i < groups.length;) {
    const g = groups[i]!
    let end = i + 1
    while (end < groups.length && groups[end] === g) end++
    let person = summary.people.get(g)
    if (!person) summary.people.set(g, (person = { tickets: 0, chunks: [] }))
    person.tickets += end - i
    if (person.chunks.at(-1) !== row.id && !person.chunks.includes(row.id)) person.chunks.push(row.id)
    i = end
  }
  const entry = entryOf(row)
  insertEntry(summary.chunks, entry)
  summary.highest = higherNumber(summary.highest, entry.highest)
}

/** Puts a chunk's entry among the others, in list order of their first ticket. */
export function insertEntry(chunks: ChunkEntry[], entry: ChunkEntry): void {
  // Most writes append, so search from the end.
  let at = chunks.length
  while (at > 0 && compareKeys(chunks[at - 1]!.firstAt, chunks[at - 1]!.firstId, entry.firstAt, entry.firstId) > 0) at--
  chunks.splice(at, 0, entry)
}

/** The highest all-digit ticket number of these chunks; null when none has one. */
export const highestOfChunks = (chunks: readonly ChunkEntry[]) => chunks.reduce<string | null>((best, c) => higherNumber(best, c.highest), null)

/** Takes a chunk, as it is stored now, out of the summary (before it is rewritten or deleted). */
export function countOut(summary: TicketTally, row: TicketChunkRow): void {
  summary.tickets -= row.ids.length
  const groups = row.groups
  for (let i = 0; i < groups.length;) {
    const g = groups[i]!
    let end = i + 1
    while (end < groups.length && groups[end] === g) end++
    const person = summary.people.get(g)
    if (person) {
      person.tickets -= end - i
      person.chunks = person.chunks.filter((id) => id !== row.id)
      if (person.tickets === 0) summary.people.delete(g)
    }
    i = end
  }
  summary.chunks = summary.chunks.filter((c) => c.id !== row.id)
  summary.highest = highestOfChunks(summary.chunks)
}
