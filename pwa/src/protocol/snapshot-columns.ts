// A snapshot's tickets in the columns format (docs/sync-protocol.md, "Snapshot formats") read into
// one array per field, the shape the ticket chunks store: no object per ticket on the way. Tested
// with the server against sync/testdata/snapshot/columns.json.
import type { TicketColumnsWire } from '@/protocol/wire'

/** Tickets column by column: the i-th ticket is ids[i], groups[i], names[i], ... (db/schema's TicketColumns). */
export interface TicketFields {
  ids: string[]
  groups: string[]
  names: string[]
  emails: (string | null)[]
  /**
   * Phones in E.164 (null when none). Optional: columns made before phones existed, and many made in
   * code, have none, which reads as nobody having one.
   */
  phones?: (string | null)[]
  numbers: (string | null)[]
  createdAt: number[]
}

export class SnapshotColumnsError extends Error {}

const isArray = Array.isArray

/**
 * The tickets of a columns snapshot, in its order. Throws SnapshotColumnsError when the columns do
 * not fit together (lengths, a person that is not an entry), so nothing half-read is stored.
 */
export function ticketsFromColumns(c: TicketColumnsWire): TicketFields {
  checkColumns(c)
  const p = c.people
  const n = c.ids.length
  // Pushed one by one: an array made with new Array(n) has holes, which IndexedDB stores slot by slot.
  const out: TicketFields = { ids: c.ids, groups: [], names: [], emails: [], numbers: c.numbers ?? [], createdAt: [] }
  // Only when the server sent phones (someone has one).
  const phones = p.phones
  const phonesOut: (string | null)[] | undefined = phones ? [] : undefined
  if (phonesOut) out.phones = phonesOut
  const people = p.group_ids.length
  let at = 0
  for (let i = 0; i < n; i++) {
    const k = c.person[i]!
    checkPerson(k, people, i)
    if (!ticketFits(c, i)) ticketError(i)
    at += c.created_at[i]!
    if (!Number.isFinite(at)) ticketError(i)
    out.groups.push(p.group_ids[k]!)
    out.names.push(p.names[k]!)
    out.emails.push(p.emails[k] ?? null)
    phonesOut?.push(phones![k] ?? null)
    out.createdAt.push(at)
    if (c.numbers === null) out.numbers.push(null)
  }
  return out
}

/**
 * Throws SnapshotColumnsError unless every column is an array of the right length and every
 * people entry holds text (an e-mail may be null). Each ticket is checked where it is read
 * (ticketFits, checkPerson): a loop of its own would read 100,000 tickets once more.
 */
export function checkColumns(c: TicketColumnsWire): void {
  const p = c?.people
  const n = isArray(c?.ids) ? c.ids.length : -1
  if (n < 0 || !isArray(c.person) || c.person.length !== n || !isArray(c.created_at) || c.created_at.length !== n) {
    throw new SnapshotColumnsError('ticket columns of different lengths')
  }
  if (c.numbers !== null && (!isArray(c.numbers) || c.numbers.length !== n)) throw new SnapshotColumnsError('ticket numbers of another length')
  if (!p || !isArray(p.group_ids) || !isArray(p.names) || !isArray(p.emails) || p.names.length !== p.group_ids.length || p.emails.length !== p.group_ids.length) {
    throw new SnapshotColumnsError('people columns of different lengths')
  }
  if (p.phones !== undefined && (!isArray(p.phones) || p.phones.length !== p.group_ids.length || p.phones.some((x) => x !== null && typeof x !== 'string'))) {
    throw new SnapshotColumnsError('people phones of another length')
  }
  for (let k = 0; k < p.group_ids.length; k++) {
    const email = p.emails[k]
    if (typeof p.group_ids[k] !== 'string' || typeof p.names[k] !== 'string' || (email !== null && typeof email !== 'string')) {
      throw new SnapshotColumnsError(`person ${k}: not text`)
    }
  }
}

/** Whether ticket i's id is text, its time difference a number and its ticket number text or null. */
export function ticketFits(c: TicketColumnsWire, i: number): boolean {
  const number = c.numbers === null ? null : c.numbers[i]
  return typeof c.ids[i] === 'string' && typeof c.created_at[i] === 'number' && (number === null || typeof number === 'string')
}

/** Ticket i does not fit (ticketFits), or its time is past any number. */
export function ticketError(i: number): never {
  throw new SnapshotColumnsError(`ticket ${i}: not an id, a time and a ticket number`)
}

/** Throws SnapshotColumnsError unless `k` is an entry of `people` entries (ticket i's person). */
export function checkPerson(k: number, people: number, i: number): void {
  if (!Number.isInteger(k) || k < 0 || k >= people) throw new SnapshotColumnsError(`ticket ${i}: person ${k} is not an entry`)
}
