// A columns snapshot (docs/sync-protocol.md) straight into the rows IndexedDB keeps: packed chunks
// (db/chunk-codec.ts), the summary and the people row. The snapshot already names each person
// once, so a chunk's people are that person's entry mapped to one of the chunk's own; no column
// is spread into one value per ticket and packed again, and no Map of people is grown ticket by
// ticket. Pure: db/tickets.ts writes the rows.
import { packNumbers } from '@/db/chunk-codec'
import type { ChunkEntry, StoredChunkRow, TicketPeopleRow, TicketSummaryRow } from '@/db/schema'
import { CHUNK_SIZE } from '@/db/ticket-chunks'
import { higherNumber, highestNumber } from '@/lib/ticket-numbers'
import { checkColumns, checkPerson, ticketError, ticketFits } from '@/protocol/snapshot-columns'
import type { TicketColumnsWire } from '@/protocol/wire'

export interface SnapshotRows {
  chunks: StoredChunkRow[]
  summary: TicketSummaryRow
  people: TicketPeopleRow
}

/**
 * The rows that store a raffle's tickets from its columns snapshot: chunks of CHUNK_SIZE in the
 * snapshot's order, ticket numbers only when `numbered` (a tickets raffle; the spec). Null when the
 * tickets are not in list order: the general writer sorts them, and checks the people this did not
 * reach. Throws SnapshotColumnsError when the columns do not fit together, before anything is
 * stored.
 */
export function snapshotRows(raffleId: string, numbered: boolean, c: TicketColumnsWire, newId: () => string): SnapshotRows | null {
  checkColumns(c)
  const n = c.ids.length
  const entries = c.people.group_ids.length

  // An entry is one (group, name, e-mail): a group whose tickets differ has several. Counts and
  // chunk lists are per group, in the order each group first shows in the list (as writes keep them).
  const groupOf = new Int32Array(entries)
  const groupAt = new Map<string, number>()
  const groups: string[] = []
  c.people.group_ids.forEach((g, k) => {
    let at = groupAt.get(g)
    if (at === undefined) groupAt.set(g, (at = groupAt.size))
    groupOf[k] = at
  })
  const counts = new Int32Array(groupAt.size)
  const chunkLists: string[][] = Array.from({ length: groupAt.size }, () => [])
  const order: number[] = []
  // The chunk (its number + 1) each entry and group was last seen in, the entry's index there and
  // its tickets there. Per ticket, only the entry is looked at; groups are counted per chunk.
  const entryIn = new Int32Array(entries)
  const local = new Int32Array(entries)
  const inChunk = new Int32Array(entries)
  const groupIn = new Int32Array(groupAt.size)
  // Read once here: the loop below runs once per ticket, before the code is warm.
  const { ids, person: personOf, created_at: deltas } = c
  const { group_ids: groupIds, names, emails, phones } = c.people

  const chunks: StoredChunkRow[] = []
  const list: ChunkEntry[] = []
  let highest: string | null = null
  // One pass over the tickets: each person checked, each time summed (created_at holds differences
  // from the ticket before), the list order checked (created_at, then id by code units).
  let at = 0
  for (let start = 0; start < n; start += CHUNK_SIZE) {
    const end = Math.min(start + CHUNK_SIZE, n)
    const mark = chunks.length + 1
    const id = newId()
    const here: number[] = []
    const person = end - start < 65_536 ? new Uint16Array(end - start) : new Uint32Array(end - start)
    const times = new Float64Array(end - start)
    for (let i = start; i < end; i++) {
      const k = personOf[i]!
      if ((k | 0) !== k || k < 0 || k >= entries) checkPerson(k, entries, i)
      if (!ticketFits(c, i)) ticketError(i)
      const before = at
      at += deltas[i]!
      if (!Number.isFinite(at)) ticketError(i)
      if (at < before || (at === before && i > 0 && ids[i - 1]! > ids[i]!)) return null
      times[i - start] = at
      if (entryIn[k] !== mark) {
        entryIn[k] = mark
        local[k] = here.length
        inChunk[k] = 0
        here.push(k)
      }
      person[i - start] = local[k]!
      inChunk[k]!++
    }
    // The chunk's people, each once, in the order they first come; their groups counted.
    const people: StoredChunkRow['people'] = { groups: [], names: [], emails: [] }
    const phoned = phones?.some((x) => x !== null) ?? false
    if (phoned) people.phones = []
    for (const k of here) {
      people.groups.push(groupIds[k]!)
      people.names.push(names[k]!)
      people.emails.push(emails[k] ?? null)
      people.phones?.push(phones?.[k] ?? null)
      const g = groupOf[k]!
      if (counts[g] === 0) order.push(g)
      counts[g] = counts[g]! + inChunk[k]!
      if (groupIn[g] !== mark) {
        groupIn[g] = mark
        chunkLists[g]!.push(id)
      }
    }
    const numbers = numbered && c.numbers ? c.numbers.slice(start, end) : null
    const top = numbers ? highestNumber(numbers) : null
    const stamp = newId()
    chunks.push({ id, raffleId, stamp, ids: ids.slice(start, end), people, person, numbers: numbers && packNumbers(numbers), createdAt: times })
    list.push({ id, stamp, size: end - start, firstAt: times[0]!, firstId: ids[start]!, lastAt: times[end - start - 1]!, lastId: ids[end - 1]!, highest: top })
    highest = higherNumber(highest, top)
  }

  for (const [g, at] of groupAt) groups[at] = g
  const row: TicketPeopleRow = { raffleId, groups: [], counts: [], chunks: [] }
  for (const g of order) {
    row.groups.push(groups[g]!)
    row.counts.push(counts[g]!)
    row.chunks.push(chunkLists[g]!.join(','))
  }
  const summary: TicketSummaryRow = { raffleId, stamp: newId(), tickets: n, people: order.length, chunks: list, highest }
  return { chunks, summary, people: row }
}
