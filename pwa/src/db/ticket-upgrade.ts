// Dexie version 5: the per-ticket rows of versions 1 to 4 become chunks and summaries; version 7
// packs the chunks. Both run inside Dexie's upgrade transaction, before any screen or the sync
// engine can read; the outbox is not touched, so every pending op is still pushed as it was queued.
import type { Transaction } from 'dexie'
import { isUnpacked, packChunk } from '@/db/chunk-codec'
import { newId } from '@/db/ids'
import type { ParticipantRow, StoredChunkRow, TicketChunkRow, TicketPeopleRow, TicketSummaryRow } from '@/db/schema'
import { CHUNK_SIZE, compareKeys, countIn, emptyColumns, emptyTally, sliceColumns, storedTally } from '@/db/ticket-chunks'

/** One raffle's tickets (any order) as chunks in list order, and its summary. */
export function chunksOf(raffleId: string, rows: ParticipantRow[]): { chunks: TicketChunkRow[]; summary: TicketSummaryRow; people: TicketPeopleRow } {
  rows.sort((a, b) => compareKeys(a.createdAt, a.id, b.createdAt, b.id))
  const all = emptyColumns()
  for (const r of rows) {
    all.ids.push(r.id)
    all.groups.push(r.groupId)
    all.names.push(r.name)
    all.emails.push(r.email ?? null)
    all.phones.push(r.phone ?? null)
    all.numbers.push(r.ticketNumber ?? null)
    all.createdAt.push(r.createdAt)
  }
  const tally = emptyTally(raffleId)
  const chunks: TicketChunkRow[] = []
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const chunk = { id: newId(), raffleId, stamp: newId(), ...sliceColumns(all, start, Math.min(start + CHUNK_SIZE, rows.length)) }
    countIn(tally, chunk)
    chunks.push(chunk)
  }
  return { chunks, ...storedTally(tally, newId()) }
}

export async function chunkLegacyTickets(tx: Transaction): Promise<void> {
  const rows = (await tx.table('participants').toArray()) as ParticipantRow[]
  const byRaffle = new Map<string, ParticipantRow[]>()
  for (const row of rows) {
    const list = byRaffle.get(row.raffleId)
    if (list) list.push(row)
    else byRaffle.set(row.raffleId, [row])
  }
  for (const [raffleId, tickets] of byRaffle) {
    const { chunks, summary, people } = chunksOf(raffleId, tickets)
    await tx.table('ticketChunks').bulkPut(chunks.map(packChunk))
    await tx.table('ticketSummaries').put(summary)
    await tx.table('ticketPeople').put(people)
  }
}

/**
 * Packs the chunk rows of versions 5 and 6, 20 at a time. Not with Dexie's modify: it clones each
 * row, and its clone made plain objects of the typed arrays.
 */
export async function packChunkRows(tx: Transaction): Promise<void> {
  const table = tx.table<StoredChunkRow | TicketChunkRow, string>('ticketChunks')
  const keys = await table.toCollection().primaryKeys()
  for (let start = 0; start < keys.length; start += 20) {
    const rows = await table.bulkGet(keys.slice(start, start + 20))
    const unpacked = rows.filter((row): row is TicketChunkRow => row !== undefined && isUnpacked(row))
    if (unpacked.length) await table.bulkPut(unpacked.map(packChunk))
  }
}
