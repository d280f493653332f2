// A columns snapshot (docs/sync-protocol.md) straight into the rows IndexedDB keeps: packed chunks
// (db/chunk-codec.ts), the summary and the people row. The snapshot already names each person
// once, so a chunk's people are that person's entry mapped to one of the chunk's own; no column
// is spread into one value per ticket and packed again, and no Map of people is grown ticket by
// ticket. Pure: db/tickets.ts writes the rows.
import { packNumbers } from '@/db/chunk-codec'
import type { ChunkEntry, StoredChunkRow, TicketPeopleRow, TicketSummaryRow } from '@/db/schema'
import { CHUNK_SIZE, highestOf } from '@/db/ticket-chunks'
import { higherNumber } from '@/lib/ticket-numbers'
import { checkColumns, checkPerson } from '@/protocol/snapshot-columns'
import type { TicketColumnsWire } from '@/protocol/wire'

export interface SnapshotRows {
  chunks: StoredChunkRow[]
  summary: TicketSummaryRow
  people: TicketPeopleRow
}

/** Each ticket's time: created_at holds differences from the ticket before. */
function timesOf(c: TicketColumnsWire): Float64Array {
  const times = new Float64Array(c.created_at.length)
  let at = 0
  for (let i = 0; i < times.length; i++) times[i] = at += c.created_at[i]!
  return times
}

/** Whether the tickets are in list order (created_at, then id by code units), as the protocol says. */
function inListOrder(times: Float64Array, ids: readonly string[]): boolean {
  for (let i = 1; i < times.length; i++) {
    const a = times[i - 1]!
    const b = times[i]!
    if (a > b || (a === b && ids[i - 1]! > ids[i]!)) return false
  }
  return true
}

/**
 * The rows that store a raffle's tickets from its columns snapshot: chunks of CHUNK_SIZE in the
 * snapshot's order, ticket numbers only when `numbered` (a tickets raffle; the spec). Null when the
 * tickets are not in list order: the general writer sorts them. Throws SnapshotColumnsError when
 * the columns do not fit together, before anything is stored.
 */
export function snapshotRows(raffleId: string, numbered: boolean, c: TicketColumnsWire, newId: () => string): SnapshotRows | null {
  checkColumns(c)
  const n = c.ids.length
  const entries = c.people.group_ids.length
  for (let i = 0; i < n; i++) checkPerson(c.person[i]!, entries, i)
  const times = timesOf(c)
  if (!inListOrder(times, c.ids)) return null

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
  // The chunk (its number + 1) each entry and group was last seen in, and the entry's index there.
  const entryIn = new Int32Array(entries)
  const local = new Int32Array(entries)
  const groupIn = new Int32Array(groupAt.size)

  const chunks: StoredChunkRow[] = []
  const list: ChunkEntry[] = []
  let highest: string | null = null
  for (let start = 0; start < n; start += CHUNK_SIZE) {
    const end = Math.min(start + CHUNK_SIZE, n)
    const mark = chunks.length + 1
    const id = newId()
    const people = { groups: [] as string[], names: [] as string[], emails: [] as (string | null)[] }
    const person = end - start < 65_536 ? new Uint16Array(end - start) : new Uint32Array(end - start)
    for (let i = start; i < end; i++) {
      const k = c.person[i]!
      if (entryIn[k] !== mark) {
        entryIn[k] = mark
        local[k] = people.groups.length
        people.groups.push(c.people.group_ids[k]!)
        people.names.push(c.people.names[k]!)
        people.emails.push(c.people.emails[k] ?? null)
      }
      person[i - start] = local[k]!
      const g = groupOf[k]!
      if (counts[g] === 0) order.push(g)
      counts[g] = counts[g]! + 1
      if (groupIn[g] !== mark) {
        groupIn[g] = mark
        chunkLists[g]!.push(id)
      }
    }
    const numbers = numbered && c.numbers ? c.numbers.slice(start, end) : null
    const top = numbers ? highestOf(numbers) : null
    const stamp = newId()
    chunks.push({ id, raffleId, stamp, ids: c.ids.slice(start, end), people, person, numbers: numbers && packNumbers(numbers), createdAt: times.slice(start, end) })
    list.push({ id, stamp, size: end - start, firstAt: times[start]!, firstId: c.ids[start]!, lastAt: times[end - 1]!, lastId: c.ids[end - 1]!, highest: top })
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
