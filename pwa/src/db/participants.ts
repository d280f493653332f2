// Participant reads and writes. A person is a group of one or more tickets; the tickets themselves
// live in the chunk store (db/tickets.ts).
import { enqueue } from '@/db/outbox'
import { newId } from '@/db/ids'
import { getRaffle, writeTx } from '@/db/raffles'
import { db as appDb, type ParticipantRow, type RaffleRow, type SorteioDB } from '@/db/schema'
import { ticketAt } from '@/db/ticket-chunks'
import { readTicketColumns } from '@/db/ticket-reads'
import { putTicketBatches, readPeople, readSummary, removeGroupTickets, countPeople as storedPeople, countTickets as storedTickets } from '@/db/tickets'
import { checkFederalAdd } from '@/protocol/federal-settings'
import { checkEmail, checkName, checkPhone, checkTicketNumber, LIMITS, RuleError } from '@/protocol/rules'
import { numberTickets } from '@/protocol/ticket-numbers'
import type { TicketWire } from '@/protocol/wire'

export interface NewPerson {
  name: string
  email?: string | null
  /** As typed; stored in E.164 by the phone rule. */
  phone?: string | null
  /** Kept only for ticket raffles. */
  ticketNumber?: string | null
  /** Tickets for this person; in ticket raffles those without a number get the next free ones. */
  quantity?: number
}

/**
 * New tickets column by column (the i-th ticket is names[i], emails[i], ...), as a file import reads
 * them. Tickets of one person share a group id; without groups, each ticket is a person of its own.
 * Ids are made here when not given.
 */
export interface NewTicketColumns {
  names: readonly string[]
  emails?: readonly (string | null)[]
  /** Phones as read (an import's phone column), through the phone rule (participantPhone). */
  phones?: readonly (string | null)[]
  numbers?: readonly (string | null)[]
  /** Tickets whose number the device chose (an import's numbering), not the file: provisional. */
  chosen?: readonly number[]
  groups?: readonly string[]
  ids?: readonly string[]
}

/** The phone on a ticket only when there is one: ops of people without stay as they were. */
function withPhone(ticket: TicketWire, phone: string | null | undefined): TicketWire {
  if (phone) ticket.phone = phone
  return ticket
}

function ticketsOf(person: NewPerson, isTickets: boolean): TicketWire[] {
  const name = checkName(person.name)
  const email = checkEmail(person.email)
  const phone = checkPhone(person.phone)
  const quantity = person.quantity ?? 1
  if (!Number.isInteger(quantity) || quantity < 1) throw new RuleError('invalid_payload', 'quantity')
  if (quantity > LIMITS.maxTicketsPerPerson) throw new RuleError('too_many_tickets_per_person', 'quantity')
  const groupId = newId()
  if (quantity === 1) {
    const number = isTickets ? checkTicketNumber(person.ticketNumber) : null
    return [withPhone({ id: groupId, name, email, ticket_number: number, group_id: groupId }, phone)]
  }
  return Array.from({ length: quantity }, (_, i) => withPhone({ id: i === 0 ? groupId : newId(), name, email, ticket_number: null, group_id: groupId }, phone))
}

/** A rule that answers a value the same as the last one it checked without checking it again. */
function repeating<I, O>(rule: (value: I) => O): (value: I) => O {
  let last: { value: I; out: O } | null = null
  return (value) => {
    if (last !== null && last.value === value) return last.out
    const out = rule(value)
    last = { value, out }
    return out
  }
}

/** The ticket numbers a raffle holds (the one read the ticket-number rule needs). */
export async function ticketNumbersOf(raffleId: string, database: SorteioDB = appDb): Promise<Set<string>> {
  const numbers = new Set<string>()
  for (const n of (await readTicketColumns(raffleId, database)).numbers) if (n !== null) numbers.add(n)
  return numbers
}

/** The raffle, while participants may still change (the server's rules). */
async function pendingRaffle(userId: string, raffleId: string, database: SorteioDB): Promise<RaffleRow> {
  const raffle = await getRaffle(userId, raffleId, database)
  if (!raffle) throw new RuleError('raffle_not_found')
  if (raffle.status !== 'pending') throw new RuleError('draw_started')
  return raffle
}

/**
 * Checks the raffle's limits, numbers the tickets of a ticket raffle (unique numbers, the next free
 * one for a ticket without) and writes them and their ops (at most 5,000 each). Inside writeTx.
 * Returns the tickets as written.
 */
async function writeTickets(userId: string, raffleId: string, given: TicketWire[], database: SorteioDB): Promise<TicketWire[]> {
  const raffle = await pendingRaffle(userId, raffleId, database)
  let tickets = given
  if (raffle.type === 'tickets') {
    const held = await ticketNumbersOf(raffleId, database)
    tickets = numberTickets(given, held)
    // A Loteria Federal raffle refuses a number its rule cannot read now, as the server would.
    checkFederalAdd(
      { type: raffle.type, draw_method: raffle.drawMethod, federal: raffle.federal ?? null },
      held,
      tickets.map((t) => t.ticket_number ?? null),
    )
  }
  const [summary, people] = await Promise.all([readSummary(database, raffleId), readPeople(database, raffleId)])
  const perPerson = new Map<string, number>()
  for (const t of tickets) perPerson.set(t.group_id, (perPerson.get(t.group_id) ?? people.get(t.group_id)?.tickets ?? 0) + 1)
  let newPeople = 0
  for (const [group, count] of perPerson) {
    if (count > LIMITS.maxTicketsPerPerson) throw new RuleError('too_many_tickets_per_person')
    if (!people.has(group)) newPeople++
  }
  if ((summary?.tickets ?? 0) + tickets.length > LIMITS.maxTickets) throw new RuleError('too_many_tickets')
  if (people.size + newPeople > LIMITS.maxPeople) throw new RuleError('too_many_people')
  const at = Date.now()
  const batches = []
  for (let start = 0; start < tickets.length; start += LIMITS.maxBatch) batches.push({ tickets: tickets.slice(start, start + LIMITS.maxBatch), at })
  // One write of the chunks for all batches, then one op per batch, in the same transaction.
  await putTicketBatches(database, raffle, batches)
  for (const batch of batches) await enqueue(database, userId, raffleId, 'participants.add', { tickets: batch.tickets })
  return tickets
}

/**
 * Adds people (with their tickets) in one transaction, queued as ops of at most 5,000 tickets.
 * Returns how many tickets were added.
 */
export async function addPeople(userId: string, raffleId: string, people: NewPerson[], database: SorteioDB = appDb): Promise<number> {
  return writeTx(database, async () => {
    const raffle = await pendingRaffle(userId, raffleId, database)
    const tickets = people.flatMap((p) => ticketsOf(p, raffle.type === 'tickets'))
    return (await writeTickets(userId, raffleId, tickets, database)).length
  })
}

/**
 * Gives a person already listed one more ticket, in their group, with the next free number (ticket
 * raffles). Returns the new ticket's number.
 */
export async function addTicket(userId: string, raffleId: string, groupId: string, database: SorteioDB = appDb): Promise<string | null> {
  return writeTx(database, async () => {
    await pendingRaffle(userId, raffleId, database)
    const c = await readTicketColumns(raffleId, database)
    const at = c.groups.indexOf(groupId)
    if (at < 0) throw new RuleError('group_not_found')
    const ticket = withPhone({ id: newId(), name: c.names[at]!, email: c.emails[at] ?? null, ticket_number: null, group_id: groupId }, c.phones?.[at])
    const [added] = await writeTickets(userId, raffleId, [ticket], database)
    return added!.ticket_number ?? null
  })
}

/**
 * Adds tickets given column by column (a file import) in one transaction: chunks of at most 5,000
 * and their ops commit together, or nothing does. Every field is checked as in addPeople; ticket
 * numbers are kept only for ticket raffles. Returns how many tickets were added.
 */
export async function addTickets(userId: string, raffleId: string, columns: NewTicketColumns, database: SorteioDB = appDb): Promise<number> {
  return writeTx(database, async () => {
    const raffle = await pendingRaffle(userId, raffleId, database)
    const numbered = raffle.type === 'tickets'
    const chosen = new Set(numbered ? columns.chosen : [])
    // A person's tickets come together and repeat their name, e-mail and phone (a ticket-sale
    // export: 10 rows a buyer): the rules are pure, so a value the same as the ticket before takes
    // its answer (100,000 name and e-mail checks were about a second of the save).
    const name = repeating(checkName)
    const email = repeating(checkEmail)
    const phone = repeating(checkPhone)
    const tickets: TicketWire[] = columns.names.map((raw, i) => {
      const id = columns.ids?.[i] ?? newId()
      const ticket: TicketWire = withPhone(
        {
          id,
          name: name(raw),
          email: email(columns.emails?.[i]),
          ticket_number: numbered ? checkTicketNumber(columns.numbers?.[i]) : null,
          group_id: columns.groups?.[i] ?? id,
        },
        phone(columns.phones?.[i]),
      )
      if (chosen.has(i) && ticket.ticket_number != null) ticket.provisional = true
      return ticket
    })
    return (await writeTickets(userId, raffleId, tickets, database)).length
  })
}

/** Removes a person and all their tickets; only while the raffle is pending. */
export async function removeGroup(userId: string, raffleId: string, groupId: string, database: SorteioDB = appDb): Promise<void> {
  const began = performance.now()
  await writeTx(database, async () => {
    await pendingRaffle(userId, raffleId, database)
    // The chunks are rewritten here, in the transaction that queues the op (applyOp does the same).
    // Nobody removed: the server would refuse it, and the refusal costs a rebuild of the whole
    // raffle; throwing undoes the transaction, though it wrote nothing.
    if ((await removeGroupTickets(database, raffleId, groupId)) === 0) throw new RuleError('group_not_found')
    await enqueue(database, userId, raffleId, 'participants.remove_group', { group_id: groupId })
  })
  performance.measure('sorteio:remove-group', { start: began })
}

/** Every ticket of a raffle, in list order (created_at, then id). */
export async function listTickets(raffleId: string, database: SorteioDB = appDb): Promise<ParticipantRow[]> {
  const c = await readTicketColumns(raffleId, database)
  return c.ids.map((_, i) => ticketAt(raffleId, c, i))
}

export function countTickets(raffleId: string, database: SorteioDB = appDb): Promise<number> {
  return storedTickets(raffleId, database)
}

/** Distinct people (groups), from the raffle's summary. */
export function countPeople(raffleId: string, database: SorteioDB = appDb): Promise<number> {
  return storedPeople(raffleId, database)
}
