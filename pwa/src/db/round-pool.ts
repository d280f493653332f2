// The pool a round draws from, read from the ticket store (docs/draw-algorithm.md §1 and §6).
// Opening a round works on the columns the store keeps (usually the copy the manage screen already
// holds): the pool is a list of positions into them, in canonical order, and no object is made per
// ticket. Checking a result reads tickets as objects (readPoolInputs), as the verifier does.
import type { DrawKind, DrawPoolRow, SorteioDB, TicketColumns } from '@/db/schema'
import { readTicketColumns } from '@/db/ticket-reads'
import { countTickets } from '@/db/tickets'
import type { DrawTicket } from '@/protocol/draw'
import { firstDrawPool, redrawPool } from '@/protocol/draw-pool'
import { canonicalOrder, groupNumbersOf } from '@/protocol/pool-digest'

/** The tickets a round draws from, and the winners it must leave out, as stored now. */
export interface PoolInputs {
  tickets: DrawTicket[]
  winnerTickets: string[]
}

/**
 * The tickets no later round may draw: every winner's and every alternate's (sorteio-v2: drawn
 * already, and the next may still be called to a place, docs/draw-algorithm.md §6), of the rounds
 * `counts` keeps (all of them unless told).
 */
async function drawnTickets(raffleId: string, database: SorteioDB, counts: (drawId: string) => boolean = () => true): Promise<string[]> {
  const [winners, rounds] = await Promise.all([database.winners.where('raffleId').equals(raffleId).toArray(), database.draws.where('raffleId').equals(raffleId).toArray()])
  const alternates = rounds.filter((d) => counts(d.id)).flatMap((d) => d.alternates ?? [])
  return [...winners.filter((w) => counts(w.drawId)).map((w) => w.ticketId), ...alternates]
}

/** Every ticket, and the tickets drawn by the rounds `counts` keeps (all of them unless told). */
export async function readPoolInputs(raffleId: string, database: SorteioDB, counts: (drawId: string) => boolean = () => true): Promise<PoolInputs> {
  const [c, winnerTickets] = await Promise.all([readTicketColumns(raffleId, database), drawnTickets(raffleId, database, counts)])
  const tickets: DrawTicket[] = new Array(c.ids.length)
  for (let i = 0; i < c.ids.length; i++) tickets[i] = { id: c.ids[i]!, group_id: c.groups[i]!, ticket_number: c.numbers[i] ?? null, name: c.names[i]! }
  return { tickets, winnerTickets }
}

/** The pool of a round: every ticket, or for a redraw every ticket no round has drawn yet. */
export function poolOf(kind: DrawKind, allowDuplicates: boolean, inputs: PoolInputs): DrawTicket[] {
  return kind === 'draw' ? firstDrawPool(inputs.tickets) : redrawPool(inputs.tickets, inputs.winnerTickets, allowDuplicates)
}

/**
 * The same pool as poolOf, as positions into the raffle's ticket columns in canonical order: for a
 * redraw, without every winner's ticket and, unless one person may win twice, their other tickets.
 */
export function poolOrder(kind: DrawKind, allowDuplicates: boolean, c: TicketColumns, winnerTickets: readonly string[]): number[] {
  if (kind === 'draw' || winnerTickets.length === 0) return canonicalOrder(c.ids)
  const out = new Set(winnerTickets)
  const groupOut = new Set<string>()
  if (!allowDuplicates) for (let i = 0; i < c.ids.length; i++) if (out.has(c.ids[i]!)) groupOut.add(c.groups[i]!)
  return canonicalOrder(c.ids, (i) => !out.has(c.ids[i]!) && !groupOut.has(c.groups[i]!))
}

/** A round's pool as the device opens it. */
export interface RoundPool {
  /** Every ticket of the raffle (shared with the store's cache: read, never change). */
  columns: TicketColumns
  /** The pool's tickets: positions in `columns`, in canonical order. */
  order: number[]
  /** What the pool depends on, to compare with poolFingerprint at the write. */
  fingerprint: string
}

const fingerprint = (tickets: number, winnerTickets: readonly string[]) => `${tickets}|${[...winnerTickets].sort().join(',')}`

/** Reads a round's pool; inside a transaction covering the ticket tables, rounds and winners. */
export async function readRoundPool(raffleId: string, kind: DrawKind, allowDuplicates: boolean, database: SorteioDB): Promise<RoundPool> {
  const [columns, winnerTickets] = await Promise.all([readTicketColumns(raffleId, database), drawnTickets(raffleId, database)])
  return { columns, order: poolOrder(kind, allowDuplicates, columns, winnerTickets), fingerprint: fingerprint(columns.ids.length, winnerTickets) }
}

/**
 * What a pool depends on, cheap to read again: how many tickets there are, and the winners'
 * tickets. Tickets are only ever added or removed, each change moving the count, so a change
 * between the read and the write shows here (and the server checks the digest anyway).
 */
export async function poolFingerprint(raffleId: string, database: SorteioDB): Promise<string> {
  const [count, drawn] = await Promise.all([countTickets(raffleId, database), drawnTickets(raffleId, database)])
  return fingerprint(count, drawn)
}

export const ID_LENGTH = 36

/** A hex digit's value by character code; -1 for anything else (upper case too: ids are lower-case). */
const NIBBLE = new Int8Array(128).fill(-1)
for (let d = 0; d < 16; d++) NIBBLE['0123456789abcdef'.charCodeAt(d)] = d
/** For each of an id's 36 characters: -1 where a dash goes, 0 for a digit. */
const LAYOUT = new Int8Array(ID_LENGTH)
for (const at of [8, 13, 18, 23]) LAYOUT[at] = -1
const HEX = '0123456789abcdef'

/**
 * The ids at `order` as 16 bytes each; null when one is not a lower-case UUID (8-4-4-4-12 hex), which
 * could not be given back exactly. Half the string's size, and bytes IndexedDB stores in a copy,
 * where a string of every id was slow to put and as slow again to commit in Chromium.
 */
export function packIds(ids: readonly string[], order: ArrayLike<number>): Uint8Array | null {
  const out = new Uint8Array(order.length * 16)
  let at = 0
  for (let k = 0; k < order.length; k++) {
    const id = ids[order[k]!]!
    if (id.length !== ID_LENGTH) return null
    let high = -1
    for (let i = 0; i < ID_LENGTH; i++) {
      const c = id.charCodeAt(i)
      if (LAYOUT[i] === -1) {
        if (c !== 45) return null
        continue
      }
      const v = c < 128 ? NIBBLE[c]! : -1
      if (v < 0) return null
      if (high < 0) high = v
      else {
        out[at++] = (high << 4) | v
        high = -1
      }
    }
  }
  return out
}

/** The k-th id of packIds' bytes, as it was. */
export function unpackId(bytes: Uint8Array, k: number): string {
  let id = ''
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) id += '-'
    const b = bytes[k * 16 + i]!
    id += HEX[b >> 4]! + HEX[b & 15]!
  }
  return id
}

/** The pool, as the device keeps it for its own offline draw; null when its ids cannot be packed. */
export function keptPool(drawId: string, raffleId: string, pool: RoundPool): DrawPoolRow | null {
  const idBytes = packIds(pool.columns.ids, pool.order)
  return idBytes && { drawId, raffleId, idBytes, groups: groupNumbersOf(pool.columns.groups, pool.order) }
}

/** The ticket ids at these positions of a kept pool; null when the row does not fit the round. */
export function keptIds(kept: DrawPoolRow, poolSize: number, positions: readonly number[]): string[] | null {
  if (kept.groups.length !== poolSize) return null
  if (kept.idBytes?.length === 16 * poolSize) return positions.map((k) => unpackId(kept.idBytes!, k))
  if (kept.ids?.length === ID_LENGTH * poolSize) return positions.map((k) => kept.ids!.slice(k * ID_LENGTH, (k + 1) * ID_LENGTH))
  return null
}
