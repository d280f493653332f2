// The ticket store: every read and write of a raffle's tickets goes through here (chunks of up to
// 5,000 tickets, column by column, plus one summary per raffle; db/schema.ts says why). Writes run
// inside the caller's writeTx, so chunks, summary and the op's outbox entry commit together.
import type { TicketWire } from '@/db/apply'
import { newId } from '@/db/ids'
import type { RaffleRow, SorteioDB, TicketChunkRow, TicketColumns, TicketSummaryRow } from '@/db/schema'
import {
  CHUNK_SIZE,
  compareKeys,
  concatColumns,
  countIn,
  countOut,
  emptyColumns,
  emptySummary,
  inListOrder,
  pickColumns,
  sliceColumns,
} from '@/db/ticket-chunks'

/** The tickets of one participants.add, and the time its tickets take when they carry none. */
export interface TicketBatch {
  tickets: readonly TicketWire[]
  at: number
}

/** The tables a ticket read or write touches, for transaction scopes. */
export const ticketTables = (d: SorteioDB) => [d.ticketChunks, d.ticketSummaries]

export async function readSummary(database: SorteioDB, raffleId: string): Promise<TicketSummaryRow | undefined> {
  return database.ticketSummaries.get(raffleId)
}

/** The chunks one write reads and changes, and the summary kept in step with them. */
class ChunkWriter {
  private readonly rows = new Map<string, TicketChunkRow | null>()
  private readonly changed = new Set<string>()

  constructor(
    private readonly database: SorteioDB,
    readonly raffleId: string,
    readonly summary: TicketSummaryRow,
  ) {}

  async load(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.rows.has(id))
    if (missing.length === 0) return
    const got = await this.database.ticketChunks.bulkGet(missing)
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

  /** Adds tickets already in list order: into the last chunk while it has room, then new chunks. */
  async append(tickets: TicketColumns): Promise<void> {
    const n = tickets.ids.length
    if (n === 0) return
    let start = 0
    const tail = this.summary.chunks.at(-1)
    if (tail && tail.size < CHUNK_SIZE && compareKeys(tail.lastAt, tail.lastId, tickets.createdAt[0]!, tickets.ids[0]!) <= 0) {
      await this.load([tail.id])
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
    if (put.length) await this.database.ticketChunks.bulkPut(put)
    this.summary.stamp = newId()
    await this.database.ticketSummaries.put(this.summary)
  }
}

async function writerFor(database: SorteioDB, raffleId: string): Promise<ChunkWriter> {
  return new ChunkWriter(database, raffleId, (await readSummary(database, raffleId)) ?? emptySummary(raffleId))
}

/** A batch's tickets as columns in list order; ticket numbers only for ticket raffles (the spec). */
function batchColumns(raffle: RaffleRow, batch: TicketBatch, keep: (t: TicketWire) => boolean): TicketColumns {
  const c = emptyColumns()
  const numbered = raffle.type === 'tickets'
  for (const t of batch.tickets) {
    if (!keep(t)) continue
    c.ids.push(t.id)
    c.groups.push(t.group_id)
    c.names.push(t.name)
    c.emails.push(t.email ?? null)
    c.numbers.push(numbered ? (t.ticket_number ?? null) : null)
    c.createdAt.push(t.created_at ?? batch.at)
  }
  return inListOrder(c)
}

/**
 * Adds batches of tickets (each one participants.add, in order) to a raffle. Inside writeTx.
 *
 * Ops are applied again after every pull (the pending ones, on top of the server's state), so a
 * ticket id already stored is replaced, not repeated, and the last copy wins, as a put by id did.
 * A ticket never changes person, so its stored copy is found through its person's chunks.
 */
export async function putTicketBatches(database: SorteioDB, raffle: RaffleRow, batches: readonly TicketBatch[]): Promise<void> {
  const w = await writerFor(database, raffle.id)
  const lastAt = new Map<string, number>()
  let seen = 0
  for (const b of batches) for (const t of b.tickets) lastAt.set(t.id, seen++)
  const known = new Set<string>()
  for (const b of batches) for (const t of b.tickets) for (const id of w.summary.people.get(t.group_id)?.chunks ?? []) known.add(id)
  if (known.size > 0) {
    await w.load(known)
    w.filter(known, (row, i) => !lastAt.has(row.ids[i]!))
  }
  let index = 0
  for (const b of batches) {
    // Within the batches, a repeated id keeps its last copy.
    await w.append(batchColumns(raffle, b, (t) => lastAt.get(t.id) === index++))
  }
  await w.flush()
}

/** Removes a person's tickets; answers how many there were. Inside writeTx. */
export async function removeGroupTickets(database: SorteioDB, raffleId: string, groupId: string): Promise<number> {
  const w = await writerFor(database, raffleId)
  const chunks = w.summary.people.get(groupId)?.chunks ?? []
  if (chunks.length === 0) return 0
  await w.load(chunks)
  const removed = w.filter(chunks, (row, i) => row.groups[i] !== groupId)
  await w.flush()
  return removed
}

/** Drops every ticket of a raffle and its summary. Inside writeTx. */
export async function deleteRaffleTickets(database: SorteioDB, raffleId: string): Promise<void> {
  await database.ticketChunks.where('raffleId').equals(raffleId).delete()
  await database.ticketSummaries.delete(raffleId)
}

export async function countTickets(raffleId: string, database: SorteioDB): Promise<number> {
  return (await readSummary(database, raffleId))?.tickets ?? 0
}

export async function countPeople(raffleId: string, database: SorteioDB): Promise<number> {
  return (await readSummary(database, raffleId))?.people.size ?? 0
}

/** How many tickets a person holds (0: no such person in the raffle). */
export async function countPersonTickets(raffleId: string, groupId: string, database: SorteioDB): Promise<number> {
  return (await readSummary(database, raffleId))?.people.get(groupId)?.tickets ?? 0
}

/** The raffle's highest all-digit ticket number ('010' > '9'); null when there is none. */
export async function highestTicketNumber(raffleId: string, database: SorteioDB): Promise<string | null> {
  return (await readSummary(database, raffleId))?.highest ?? null
}
