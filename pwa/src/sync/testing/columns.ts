// The server's side of the columns snapshot (sync/protocol/snapshot.go ColumnsOf), for the fake
// server: tested against the same vectors as the Go one (protocol/snapshot-columns.test.ts).
import type { TicketColumnsWire, TicketWire } from '@/protocol/wire'

export function columnsOfTickets(tickets: readonly (TicketWire & { created_at: number })[]): TicketColumnsWire {
  const c: TicketColumnsWire = { ids: [], person: [], numbers: [], created_at: [], people: { group_ids: [], names: [], emails: [] } }
  const people = new Map<string, number>()
  const phones: (string | null)[] = []
  let numbered = false
  let last = 0
  for (const t of tickets) {
    const email = t.email ?? null
    const phone = t.phone ?? null
    const key = JSON.stringify([t.group_id, t.name, email, phone])
    let p = people.get(key)
    if (p === undefined) {
      p = c.people.group_ids.length
      people.set(key, p)
      c.people.group_ids.push(t.group_id)
      c.people.names.push(t.name)
      c.people.emails.push(email)
      phones.push(phone)
    }
    c.ids.push(t.id)
    c.person.push(p)
    c.numbers!.push(t.ticket_number ?? null)
    numbered ||= (t.ticket_number ?? null) !== null
    c.created_at.push(t.created_at - last)
    last = t.created_at
  }
  if (!numbered) c.numbers = null
  // As the server: phones only when someone has one.
  if (phones.some((x) => x !== null)) c.people.phones = phones
  return c
}
