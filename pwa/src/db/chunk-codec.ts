// A chunk of tickets as IndexedDB keeps it (db/schema.ts StoredChunkRow) and as the store's code
// reads it (TicketChunkRow, one array per column). Stored, each person's group, name and e-mail are
// written once and the times as a typed array: a chunk of 5,000 tickets of 500 people is about
// 11,500 values for IndexedDB to copy instead of 30,000, which halves the time of a put
// (docs/bench/2026-11-26.md). Pure functions: db/tickets.ts does the I/O.
import type { StoredChunkRow, TicketChunkRow } from '@/db/schema'

/** Null when no ticket has a number (a simple raffle): nothing to copy per ticket. */
export function packNumbers(numbers: readonly (string | null)[]): (string | null)[] | null {
  for (const n of numbers) if (n !== null) return numbers as (string | null)[]
  return null
}

/** The row to put. The row given is not changed. */
export function packChunk(row: TicketChunkRow): StoredChunkRow {
  const n = row.ids.length
  const { groups: groupOf, names: nameOf, emails: emailOf, createdAt: times } = row
  // Rows kept in memory before phones existed have no column: none.
  const phoneOf = row.phones ?? []
  const groups: string[] = []
  const names: string[] = []
  const emails: (string | null)[] = []
  const phones: (string | null)[] = []
  let phoned = false
  const person = n < 65_536 ? new Uint16Array(n) : new Uint32Array(n)
  // The entry last made for each group. A person's tickets carry one name and e-mail; a ticket
  // whose differ gets an entry of its own, so nothing stored is changed by packing.
  const latest = new Map<string, number>()
  let k = -1
  for (let i = 0; i < n; i++) {
    const group = groupOf[i]!
    const name = nameOf[i]!
    const email = emailOf[i] ?? null
    const phone = phoneOf[i] ?? null
    // A person's tickets mostly follow one another: most tickets match the entry before.
    if (k < 0 || groups[k] !== group || names[k] !== name || emails[k] !== email || phones[k] !== phone) {
      const seen = latest.get(group)
      if (seen !== undefined && names[seen] === name && emails[seen] === email && phones[seen] === phone) {
        k = seen
      } else {
        k = groups.length
        groups.push(group)
        names.push(name)
        emails.push(email)
        phones.push(phone)
        phoned ||= phone !== null
        latest.set(group, k)
      }
    }
    person[i] = k
  }
  // A loop: new Float64Array(array) took ten times as long in V8.
  const createdAt = new Float64Array(n)
  for (let i = 0; i < n; i++) createdAt[i] = times[i]!
  // Phones only when someone has one: most raffles have none, and older rows never had the column.
  const people: StoredChunkRow['people'] = phoned ? { groups, names, emails, phones } : { groups, names, emails }
  return { id: row.id, raffleId: row.raffleId, stamp: row.stamp, ids: row.ids, people, person, numbers: packNumbers(row.numbers), createdAt }
}

/**
 * Whether a row is in plain arrays: a chunk row of Dexie versions 5 and 6 (version 7's upgrade packs
 * those), or one this tab keeps in memory (db/ticket-cache.ts holds either kind).
 */
export function isUnpacked(row: StoredChunkRow | TicketChunkRow): row is TicketChunkRow {
  return !('person' in row)
}

/** The row in plain arrays, unpacking it only when it is packed. */
export function readable(row: StoredChunkRow | TicketChunkRow): TicketChunkRow {
  return isUnpacked(row) ? row : unpackChunk(row)
}

/** The row as the store's code reads it, in plain arrays. */
export function unpackChunk(row: StoredChunkRow): TicketChunkRow {
  const { person, createdAt: times } = row
  const { groups: byPerson, names: nameOf, emails: emailOf, phones: phoneOf } = row.people
  const n = times.length
  const groups: string[] = []
  const names: string[] = []
  const emails: (string | null)[] = []
  const phones: (string | null)[] | undefined = phoneOf ? [] : undefined
  const createdAt: number[] = []
  for (let i = 0; i < n; i++) {
    const k = person[i]!
    groups.push(byPerson[k]!)
    names.push(nameOf[k]!)
    emails.push(emailOf[k] ?? null)
    phones?.push(phoneOf![k] ?? null)
    createdAt.push(times[i]!)
  }
  const numbers = row.numbers ?? new Array<null>(n).fill(null)
  const out: TicketChunkRow = { id: row.id, raffleId: row.raffleId, stamp: row.stamp, ids: row.ids, groups, names, emails, numbers, createdAt }
  if (phones) out.phones = phones
  return out
}
