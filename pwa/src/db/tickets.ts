// The ticket store: every read and write of a raffle's tickets goes through here (chunks of up to
// 5,000 tickets, column by column, plus one summary per raffle; db/schema.ts says why). Writes run
// inside the caller's writeTx, so chunks, summary and the op's outbox entry commit together.
import { packChunk, unpackChunk } from '@/db/chunk-codec'
import { newId } from '@/db/ids'
import { offerChunks } from '@/db/ticket-cache'
import type { PersonEntry, RaffleRow, SorteioDB, TicketChunkRow, TicketColumns, TicketSummaryRow } from '@/db/schema'
import {
  CHUNK_SIZE,
  compareKeys,
  concatColumns,
  countIn,
  countOut,
  emptyColumns,
  emptyTally,
  entryOf,
  highestOfChunks,
  inListOrder,
  insertEntry,
  peopleOf,
  pickColumns,
  sliceColumns,
  storedTally,
  tallyOf,
  type TicketTally,
} from '@/db/ticket-chunks'
import { snapshotRows } from '@/db/snapshot-chunks'
import { ticketsFromColumns } from '@/protocol/snapshot-columns'
import type { TicketColumnsWire, TicketWire } from '@/protocol/wire'

/** The tickets of one participants.add, and the time its tickets take when they carry none. */
export interface TicketBatch {
  tickets: readonly TicketWire[]
  at: number
}

/** The tables a ticket read or write touches, for transaction scopes. */
export const ticketTables = (d: SorteioDB) => [d.ticketChunks, d.ticketSummaries, d.ticketPeople]

/** The raffle's small summary (counts, chunks); undefined when it has never had tickets. */
export async function readSummary(database: SorteioDB, raffleId: string): Promise<TicketSummaryRow | undefined> {
  return database.ticketSummaries.get(raffleId)
}

/** Each person of the raffle: ticket count and chunks. */
export async function readPeople(database: SorteioDB, raffleId: string): Promise<Map<string, PersonEntry>> {
  return peopleOf(await database.ticketPeople.get(raffleId))
}

/** Chunks by id, as the store's code reads them (undefined where none is stored). */
export async function getChunks(database: SorteioDB, ids: string[]): Promise<(TicketChunkRow | undefined)[]> {
  return (await database.ticketChunks.bulkGet(ids)).map((row) => row && unpackChunk(row))
}

async function putChunks(database: SorteioDB, rows: TicketChunkRow[]): Promise<void> {
  await database.ticketChunks.bulkPut(rows.map(packChunk))
}

/** The chunks one write reads and changes, and the summary kept in step with them. */
class ChunkWriter {
  private readonly rows = new Map<string, TicketChunkRow | null>()
  private readonly changed = new Set<string>()

  constructor(
    private readonly database: SorteioDB,
    readonly raffleId: string,
    readonly summary: TicketTally,
  ) {}

  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.rows.has(id))
    if (missing.length === 0) return
    const got = await getChunks(this.database, missing)
    missing.forEach((id, i) => this.rows.set(id, got[i] ?? null))
  }

  get(id: string): TicketChunkRow | null {
    return this.rows.get(id) ?? null
  }

  /** Replaces a chunk's tickets (none: the chunk goes). */
  rewrite(row: TicketChunkRow, tickets: TicketColumns | null): void {
    countOut(this.summary, row)
    const next = tickets && tickets.ids.length > 0 ? { id: row.id, raffleId: row.raffleId, stamp: newId(), ...tickets } : null
    if (next) countIn(this.summary, next)
    this.rows.set(row.id, next)
    this.changed.add(row.id)
  }

  create(tickets: TicketColumns): void {
    const row: TicketChunkRow = { id: newId(), raffleId: this.raffleId, stamp: newId(), ...tickets }
    countIn(this.summary, row)
    this.rows.set(row.id, row)
    this.changed.add(row.id)
  }

  /** Drops the tickets of these chunks that `keep` refuses. */
  filter(chunkIds: Iterable<string>, keep: (row: TicketChunkRow, i: number) => boolean): number {
    let dropped = 0
    for (const id of new Set(chunkIds)) {
      const row = this.get(id)
      if (!row) continue
      const kept: number[] = []
      for (let i = 0; i < row.ids.length; i++) if (keep(row, i)) kept.push(i)
      if (kept.length === row.ids.length) continue
      dropped += row.ids.length - kept.length
      this.rewrite(row, kept.length ? pickColumns(row, kept) : null)
    }
    return dropped
  }

  /** Reads the stored last chunk, which append may fill up. Before the appends. */
  async loadTail(): Promise<void> {
    const tail = this.summary.chunks.at(-1)
    if (tail && tail.size < CHUNK_SIZE) await this.load([tail.id])
  }

  /**
   * Adds tickets already in list order: into the last chunk while it has room, then new chunks.
   * Synchronous (loadTail reads first): a pull of hundreds of adds awaited once each, with no
   * request between the awaits, outran Dexie's count of awaits and lost the transaction
   * (PrematureCommitError).
   */
  append(tickets: TicketColumns): void {
    const n = tickets.ids.length
    if (n === 0) return
    let start = 0
    const tail = this.summary.chunks.at(-1)
    if (tail && tail.size < CHUNK_SIZE && compareKeys(tail.lastAt, tail.lastId, tickets.createdAt[0]!, tickets.ids[0]!) <= 0) {
      const row = this.get(tail.id)
      if (row) {
        start = Math.min(CHUNK_SIZE - row.ids.length, n)
        this.rewrite(row, concatColumns([row, sliceColumns(tickets, 0, start)]))
      }
    }
    for (; start < n; start += CHUNK_SIZE) this.create(sliceColumns(tickets, start, Math.min(start + CHUNK_SIZE, n)))
  }

  async flush(): Promise<void> {
    const put: TicketChunkRow[] = []
    const gone: string[] = []
    for (const id of this.changed) {
      const row = this.rows.get(id)
      if (row) put.push(row)
      else gone.push(id)
    }
    if (gone.length) await this.database.ticketChunks.bulkDelete(gone)
    if (put.length) await putChunks(this.database, put)
    offerChunks(this.database, this.raffleId, put)
    const { summary, people } = storedTally(this.summary, newId())
    await this.database.ticketSummaries.put(summary)
    await this.database.ticketPeople.put(people)
  }
}

async function writerFor(database: SorteioDB, raffleId: string): Promise<ChunkWriter> {
  const [summary, people] = await Promise.all([readSummary(database, raffleId), database.ticketPeople.get(raffleId)])
  return new ChunkWriter(database, raffleId, tallyOf(raffleId, summary, people))
}

/**
 * A batch's tickets as columns in list order; ticket numbers only for ticket raffles (the spec).
 * The order is found first, on the ids and times alone, and each column written once in it: a
 * pulled op's tickets come person by person, not in id order, so 100,000 of them are sorted.
 */
function batchColumns(raffle: RaffleRow, batch: TicketBatch, keep: ((t: TicketWire, i: number) => boolean) | null): TicketColumns {
  const tickets = batch.tickets
  const order: number[] = []
  const ids: string[] = []
  const times: number[] = []
  let sorted = true
  for (let i = 0; i < tickets.length; i++) {
    const t = tickets[i]!
    if (keep && !keep(t, i)) continue
    const k = order.length
    order.push(i)
    ids.push(t.id)
    times.push(t.created_at ?? batch.at)
    if (sorted && k > 0 && compareKeys(times[k - 1]!, ids[k - 1]!, times[k]!, ids[k]!) > 0) sorted = false
  }
  // Positions into ids/times, then into the batch.
  const rank = Array.from({ length: order.length }, (_, k) => k)
  if (!sorted) rank.sort((a, b) => compareKeys(times[a]!, ids[a]!, times[b]!, ids[b]!))
  // Pushed, not assigned into new Array(n): IndexedDB stores an array with holes slot by slot.
  const c = emptyColumns()
  const numbered = raffle.type === 'tickets'
  for (const k of rank) {
    const t = tickets[order[k]!]!
    c.ids.push(ids[k]!)
    c.groups.push(t.group_id)
    c.names.push(t.name)
    c.emails.push(t.email ?? null)
    c.phones.push(t.phone ?? null)
    c.numbers.push(numbered ? (t.ticket_number ?? null) : null)
    c.createdAt.push(times[k]!)
  }
  return c
}

/**
 * The people of these batches, once each (a person's tickets come together, so runs are skipped
 * without a lookup), and whether one's tickets come apart (in two batches, or two runs of one).
 */
function peopleOfBatches(batches: readonly TicketBatch[]): { groups: Set<string>; spread: boolean } {
  const groups = new Set<string>()
  let spread = false
  for (const b of batches) {
    let previous: string | null = null
    for (const t of b.tickets) {
      if (t.group_id === previous) continue
      previous = t.group_id
      if (groups.has(previous)) spread = true
      else groups.add(previous)
    }
  }
  return { groups, spread }
}

/**
 * Adds batches of tickets (each one participants.add, in order) to a raffle. Inside writeTx.
 *
 * Ops are applied again after every pull (the pending ones, on top of the server's state), so a
 * ticket id already stored is replaced, not repeated, and the last copy wins, as a put by id did.
 * A ticket never changes person, so its stored copy is found through its person's chunks, and a
 * ticket repeated among the batches belongs to a person whose tickets come apart. A pull of
 * 100,000 new tickets thus costs one lookup per person, not several per ticket.
 */
export async function putTicketBatches(database: SorteioDB, raffle: RaffleRow, batches: readonly TicketBatch[]): Promise<void> {
  const w = await writerFor(database, raffle.id)
  const { groups, spread } = peopleOfBatches(batches)
  let lastAt: Map<string, number> | null = null
  if (spread) {
    lastAt = new Map()
    let seen = 0
    for (const b of batches) for (const t of b.tickets) lastAt.set(t.id, seen++)
  }
  const known = new Set<string>()
  if (w.summary.people.size > 0) for (const g of groups) for (const id of w.summary.people.get(g)?.chunks ?? []) known.add(id)
  if (known.size > 0) {
    const incoming = lastAt ?? new Set(batches.flatMap((b) => b.tickets.map((t) => t.id)))
    await w.load(known)
    w.filter(known, (row, i) => !incoming.has(row.ids[i]!))
  }
  await w.loadTail()
  let index = 0
  for (const b of batches) {
    // Within the batches, a repeated id keeps its last copy.
    const base = index
    index += b.tickets.length
    w.append(batchColumns(raffle, b, lastAt ? (t, i) => lastAt.get(t.id) === base + i : null))
  }
  await w.flush()
}

/**
 * Stores a raffle's tickets from its columns snapshot into a raffle that holds none (replaceRaffle
 * clears it first). Inside writeTx. Throws SnapshotColumnsError, storing nothing, when the columns
 * do not fit together. Ticket numbers only for ticket raffles (the spec).
 *
 * Tickets in list order, as the protocol sends them, are packed into chunks straight from the
 * columns (db/snapshot-chunks.ts), sooner than through the general writer, which tickets out of
 * order go through (docs/bench/2026-11-26.md).
 */
export async function putSnapshotColumns(database: SorteioDB, raffle: RaffleRow, wire: TicketColumnsWire): Promise<void> {
  const rows = snapshotRows(raffle.id, raffle.type === 'tickets', wire, newId)
  if (!rows) return putTicketColumns(database, raffle, ticketsFromColumns(wire))
  // No read to check the raffle is empty: replaceRaffle has just cleared it, in this transaction.
  // Asked for together: one wait for the three answers instead of three in a row.
  await Promise.all([rows.chunks.length ? database.ticketChunks.bulkPut(rows.chunks) : null, database.ticketSummaries.put(rows.summary), database.ticketPeople.put(rows.people)])
  offerChunks(database, raffle.id, rows.chunks)
}

/** Stores tickets, given column by column in any order, into a raffle that holds none. Inside writeTx. */
async function putTicketColumns(database: SorteioDB, raffle: RaffleRow, tickets: TicketColumns): Promise<void> {
  const w = await writerFor(database, raffle.id)
  if (w.summary.tickets > 0) throw new Error('putTicketColumns: the raffle already holds tickets')
  let columns = inListOrder(tickets)
  if (raffle.type !== 'tickets' && columns.numbers.some((n) => n !== null)) {
    const numbers: null[] = []
    for (let i = 0; i < columns.ids.length; i++) numbers.push(null)
    columns = { ...columns, numbers }
  }
  await w.loadTail()
  w.append(columns)
  await w.flush()
}

/**
 * Removes a person's tickets; answers how many there were. Inside writeTx.
 *
 * Writes the person's chunks (keeping their ids), the summary and the people row without that
 * person: every other person's entry stays as stored, so the 10,000-entry row is filtered, not
 * parsed and rebuilt (the removal budget is 100 ms). Should the row and the chunks disagree, the
 * general writer recounts everything instead.
 */
export async function removeGroupTickets(database: SorteioDB, raffleId: string, groupId: string): Promise<number> {
  const [summary, people] = await Promise.all([readSummary(database, raffleId), database.ticketPeople.get(raffleId)])
  const person = people ? people.groups.indexOf(groupId) : -1
  if (!summary || !people || person < 0) return 0
  const rows = await getChunks(database, people.chunks[person]!.split(','))
  let chunks = summary.chunks
  let removed = 0
  const put: TicketChunkRow[] = []
  const gone: string[] = []
  for (const row of rows) {
    if (!row) continue
    const kept: number[] = []
    for (let i = 0; i < row.groups.length; i++) if (row.groups[i] !== groupId) kept.push(i)
    if (kept.length === row.ids.length) continue
    removed += row.ids.length - kept.length
    chunks = chunks.filter((c) => c.id !== row.id)
    if (kept.length === 0) {
      gone.push(row.id)
      continue
    }
    const next: TicketChunkRow = { id: row.id, raffleId, stamp: newId(), ...pickColumns(row, kept) }
    insertEntry(chunks, entryOf(next))
    put.push(next)
  }
  if (removed !== people.counts[person]) return removeGroupRecounting(database, raffleId, groupId)
  if (gone.length) await database.ticketChunks.bulkDelete(gone)
  if (put.length) await putChunks(database, put)
  offerChunks(database, raffleId, put)
  const others = (_: unknown, i: number) => i !== person
  await database.ticketPeople.put({ raffleId, groups: people.groups.filter(others), counts: people.counts.filter(others), chunks: people.chunks.filter(others) })
  await database.ticketSummaries.put({ raffleId, stamp: newId(), tickets: summary.tickets - removed, people: summary.people - 1, chunks, highest: highestOfChunks(chunks) })
  return removed
}

/** removeGroupTickets with the summary and people row counted again from every chunk of the raffle. */
async function removeGroupRecounting(database: SorteioDB, raffleId: string, groupId: string): Promise<number> {
  const tally = emptyTally(raffleId)
  let removed = 0
  const put: TicketChunkRow[] = []
  const gone: string[] = []
  for (const row of (await database.ticketChunks.where('raffleId').equals(raffleId).toArray()).map(unpackChunk)) {
    const kept: number[] = []
    for (let i = 0; i < row.groups.length; i++) if (row.groups[i] !== groupId) kept.push(i)
    removed += row.ids.length - kept.length
    if (kept.length === row.ids.length) {
      countIn(tally, row)
    } else if (kept.length === 0) {
      gone.push(row.id)
    } else {
      const next: TicketChunkRow = { id: row.id, raffleId, stamp: newId(), ...pickColumns(row, kept) }
      countIn(tally, next)
      put.push(next)
    }
  }
  if (gone.length) await database.ticketChunks.bulkDelete(gone)
  if (put.length) await putChunks(database, put)
  offerChunks(database, raffleId, put)
  const { summary, people } = storedTally(tally, newId())
  await database.ticketSummaries.put(summary)
  await database.ticketPeople.put(people)
  return removed
}

/** Drops every ticket of a raffle and its summary. Inside writeTx. */
export async function deleteRaffleTickets(database: SorteioDB, raffleId: string): Promise<void> {
  await database.ticketChunks.where('raffleId').equals(raffleId).delete()
  await database.ticketSummaries.delete(raffleId)
  await database.ticketPeople.delete(raffleId)
}

export async function countTickets(raffleId: string, database: SorteioDB): Promise<number> {
  return (await readSummary(database, raffleId))?.tickets ?? 0
}

export async function countPeople(raffleId: string, database: SorteioDB): Promise<number> {
  return (await readSummary(database, raffleId))?.people ?? 0
}

/** How many tickets a person holds (0: no such person in the raffle). */
export async function countPersonTickets(raffleId: string, groupId: string, database: SorteioDB): Promise<number> {
  return (await readPeople(database, raffleId)).get(groupId)?.tickets ?? 0
}

/** The raffle's highest all-digit ticket number ('010' > '9'); null when there is none. */
export async function highestTicketNumber(raffleId: string, database: SorteioDB): Promise<string | null> {
  return (await readSummary(database, raffleId))?.highest ?? null
}
