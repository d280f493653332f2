// Tickets column by column, and the per-raffle summary kept beside the chunks (db/schema.ts
// TicketChunkRow, TicketSummaryRow). Pure functions: src/db/tickets.ts does the reading and writing.
import type { ChunkEntry, ParticipantRow, TicketChunkRow, TicketColumns, TicketSummaryRow } from '@/db/schema'
import { higherNumber, isDigits } from '@/lib/ticket-numbers'

/** The most tickets a chunk holds: one participants.add op at most. */
export const CHUNK_SIZE = 5000


export function emptyColumns(): TicketColumns {
  return { ids: [], groups: [], names: [], emails: [], numbers: [], createdAt: [] }
}

/** The columns of a chunk row (the same arrays, not copies). */
export function columnsOf(row: TicketColumns): TicketColumns {
  return { ids: row.ids, groups: row.groups, names: row.names, emails: row.emails, numbers: row.numbers, createdAt: row.createdAt }
}

function pushTicket(out: TicketColumns, c: TicketColumns, i: number): void {
  out.ids.push(c.ids[i]!)
  out.groups.push(c.groups[i]!)
  out.names.push(c.names[i]!)
  out.emails.push(c.emails[i] ?? null)
  out.numbers.push(c.numbers[i] ?? null)
  out.createdAt.push(c.createdAt[i]!)
}

/** The i-th ticket as one row. */
export function ticketAt(raffleId: string, c: TicketColumns, i: number): ParticipantRow {
  return { id: c.ids[i]!, raffleId, groupId: c.groups[i]!, name: c.names[i]!, email: c.emails[i] ?? null, ticketNumber: c.numbers[i] ?? null, createdAt: c.createdAt[i]! }
}

/** The tickets at the given positions, in that order. */
export function pickColumns(c: TicketColumns, at: ArrayLike<number>): TicketColumns {
  const out = emptyColumns()
  for (let k = 0; k < at.length; k++) pushTicket(out, c, at[k]!)
  return out
}

export function sliceColumns(c: TicketColumns, start: number, end: number): TicketColumns {
  return {
    ids: c.ids.slice(start, end),
    groups: c.groups.slice(start, end),
    names: c.names.slice(start, end),
    emails: c.emails.slice(start, end),
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

/** The highest all-digit ticket number among these; null when there is none. */
export function highestOf(numbers: readonly (string | null)[]): string | null {
  let best: string | null = null
  for (const n of numbers) if (n !== null && isDigits(n)) best = higherNumber(best, n)
  return best
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
    highest: highestOf(row.numbers),
  }
}

export function emptySummary(raffleId: string): TicketSummaryRow {
  return { raffleId, stamp: '', tickets: 0, chunks: [], people: new Map(), highest: null }
}

/** Counts a chunk just written (not empty) into the summary. */
export function countIn(summary: TicketSummaryRow, row: TicketChunkRow): void {
  summary.tickets += row.ids.length
  for (const g of row.groups) {
    let person = summary.people.get(g)
    if (!person) summary.people.set(g, (person = { tickets: 0, chunks: [] }))
    person.tickets++
    if (person.chunks.at(-1) !== row.id && !person.chunks.includes(row.id)) person.chunks.push(row.id)
  }
  const entry = entryOf(row)
  // Chunks in list order of their first ticket; most writes append, so search from the end.
  let at = summary.chunks.length
  while (at > 0 && compareKeys(summary.chunks[at - 1]!.firstAt, summary.chunks[at - 1]!.firstId, entry.firstAt, entry.firstId) > 0) at--
  summary.chunks.splice(at, 0, entry)
  summary.highest = higherNumber(summary.highest, entry.highest)
}

/** Takes a chunk, as it is stored now, out of the summary (before it is rewritten or deleted). */
export function countOut(summary: TicketSummaryRow, row: TicketChunkRow): void {
  summary.tickets -= row.ids.length
  for (const g of row.groups) {
    const person = summary.people.get(g)
    if (!person) continue
    person.tickets--
    if (person.tickets === 0) summary.people.delete(g)
  }
  for (const g of new Set(row.groups)) {
    const person = summary.people.get(g)
    if (person) person.chunks = person.chunks.filter((id) => id !== row.id)
  }
  summary.chunks = summary.chunks.filter((c) => c.id !== row.id)
  summary.highest = summary.chunks.reduce<string | null>((best, c) => higherNumber(best, c.highest), null)
}
