// After the server renumbered an add (provisional numbers another device gave out meanwhile), the
// device says which numbers changed, once it holds the server's: 'Bilhetes renumerados pelo
// servidor: 001–005 → 051–055' (docs/sync-protocol.md, "Ticket numbers"). The push notes the
// numbers the device chose, with the seq of the change that holds the server's; once a pull or a
// rebuild brings the raffle to that seq, the tickets are read again and the differences told.
import type { OutboxRow, SorteioDB } from '@/db/schema'
import { ticketsById } from '@/db/ticket-reads'

/** One add answered `renumbered`: its seq, and the numbers the device had chosen, by ticket id. */
interface Note {
  seq: number
  chosen: Array<[string, string]>
}

/** A number the device chose and the one the server stored instead. */
export type Renumbering = readonly [from: string, to: string]

const key = (userId: string, raffleId: string) => `renumbered:${userId}:${raffleId}`

async function notes(database: SorteioDB, userId: string, raffleId: string): Promise<Note[]> {
  return ((await database.meta.get(key(userId, raffleId)))?.value as Note[] | undefined) ?? []
}

/** Notes the numbers an add answered `renumbered` had chosen, at the seq of its change. Inside syncTx. */
export async function noteRenumbered(database: SorteioDB, userId: string, op: OutboxRow, seq: number): Promise<void> {
  const tickets = (op.payload as { tickets?: { id: string; ticket_number?: string | null; provisional?: boolean }[] } | null)?.tickets ?? []
  const chosen = tickets.filter((t) => t.provisional && t.ticket_number != null).map((t): [string, string] => [t.id, t.ticket_number!])
  if (chosen.length === 0) return
  const list = await notes(database, userId, op.raffleId)
  list.push({ seq, chosen })
  await database.meta.put({ key: key(userId, op.raffleId), value: list })
}

/**
 * The numbers the server replaced, in op order, of the notes the raffle now holds the changes of
 * (its head at or past their seq); those notes are dropped. Inside syncTx, after the raffle was
 * brought up to date (a page pulled, or rebuilt from a snapshot).
 */
export async function renumberings(database: SorteioDB, userId: string, raffleId: string): Promise<Renumbering[]> {
  const list = await notes(database, userId, raffleId)
  if (list.length === 0) return []
  const head = (await database.syncState.get(raffleId))?.headSeq ?? 0
  const due = list.filter((n) => n.seq <= head)
  if (due.length === 0) return []
  const out: Renumbering[] = []
  if (await database.raffles.get(raffleId)) {
    for (const note of due) {
      const now = await ticketsById(
        raffleId,
        note.chosen.map(([id]) => id),
        database,
      )
      note.chosen.forEach(([, from], i) => {
        const to = now[i]?.ticketNumber
        if (to != null && to !== from) out.push([from, to])
      })
    }
  }
  await database.meta.put({ key: key(userId, raffleId), value: list.filter((n) => n.seq > head) })
  return out
}
