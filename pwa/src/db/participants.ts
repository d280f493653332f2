// Participant reads and writes. A person is a group of one or more tickets.
import { applyOp } from '@/db/apply'
import { newId } from '@/db/ids'
import { enqueue } from '@/db/outbox'
import { getRaffle, writeTx } from '@/db/raffles'
import { db as appDb, type ParticipantRow, type RaffleRow, type SorteioDB } from '@/db/schema'
import { checkEmail, checkName, checkTicketNumber, LIMITS, RuleError } from '@/protocol/rules'
import type { TicketWire } from '@/protocol/wire'
import { numberTickets } from '@/protocol/ticket-numbers'

export interface NewPerson {
  name: string
  email?: string | null
  /** Kept only for ticket raffles. */
  ticketNumber?: string | null
  /** Tickets for this person; in ticket raffles those without a number get the next free ones. */
  quantity?: number
}

function ticketsOf(person: NewPerson, isTickets: boolean): TicketWire[] {
  const name = checkName(person.name)
  const email = checkEmail(person.email)
  const quantity = person.quantity ?? 1
  if (!Number.isInteger(quantity) || quantity < 1) throw new RuleError('invalid_payload', 'quantity')
  if (quantity > LIMITS.maxTicketsPerPerson) throw new RuleError('too_many_tickets_per_person', 'quantity')
  const groupId = newId()
  if (quantity === 1) {
    const number = isTickets ? checkTicketNumber(person.ticketNumber) : null
    return [{ id: groupId, name, email, ticket_number: number, group_id: groupId }]
  }
  return Array.from({ length: quantity }, (_, i) => ({ id: i === 0 ? groupId : newId(), name, email, ticket_number: null, group_id: groupId }))
}

/** The ticket numbers a raffle holds (the one read the ticket-number rule needs). */
export async function ticketNumbersOf(raffleId: string, database: SorteioDB = appDb): Promise<Set<string>> {
  const numbers = new Set<string>()
  await database.participants
    .where('[raffleId+createdAt]')
    .between([raffleId, -Infinity], [raffleId, Infinity])
    .each((t) => {
      if (t.ticketNumber !== null) numbers.add(t.ticketNumber)
    })
  return numbers
}

/** Queues tickets as ops of at most 5,000; ticket raffles number them first. Inside writeTx. */
async function queueTickets(database: SorteioDB, userId: string, raffle: RaffleRow, tickets: TicketWire[]): Promise<TicketWire[]> {
  const numbered = raffle.type === 'tickets' ? numberTickets(tickets, await ticketNumbersOf(raffle.id, database)) : tickets
  const now = Date.now()
  for (let start = 0; start < numbered.length; start += LIMITS.maxBatch) {
    const payload = { tickets: numbered.slice(start, start + LIMITS.maxBatch) }
    await applyOp(database, userId, raffle.id, 'participants.add', payload, now)
    await enqueue(database, userId, raffle.id, 'participants.add', payload)
  }
  return numbered
}

/**
 * Adds people (with their tickets) in one transaction, queued as ops of at most 5,000 tickets.
 * Returns how many tickets were added.
 */
export async function addPeople(userId: string, raffleId: string, people: NewPerson[], database: SorteioDB = appDb): Promise<number> {
  return writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    const tickets = people.flatMap((p) => ticketsOf(p, raffle.type === 'tickets'))
    const [haveTickets, havePeople] = await Promise.all([countTickets(raffleId, database), countPeople(raffleId, database)])
    if (haveTickets + tickets.length > LIMITS.maxTickets) throw new RuleError('too_many_tickets')
    if (havePeople + people.length > LIMITS.maxPeople) throw new RuleError('too_many_people')
    return (await queueTickets(database, userId, raffle, tickets)).length
  })
}

/**
 * Gives a person already listed one more ticket, in their group, with the next free number (ticket
 * raffles). Returns the new ticket's number.
 */
export async function addTicket(userId: string, raffleId: string, groupId: string, database: SorteioDB = appDb): Promise<string | null> {
  return writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    const group = database.participants.where('[raffleId+groupId]').equals([raffleId, groupId])
    const [holder, held, haveTickets] = await Promise.all([group.first(), group.count(), countTickets(raffleId, database)])
    if (!holder) throw new RuleError('group_not_found')
    if (held + 1 > LIMITS.maxTicketsPerPerson) throw new RuleError('too_many_tickets_per_person')
    if (haveTickets + 1 > LIMITS.maxTickets) throw new RuleError('too_many_tickets')
    const ticket: TicketWire = { id: newId(), name: holder.name, email: holder.email, ticket_number: null, group_id: groupId }
    const [added] = await queueTickets(database, userId, raffle, [ticket])
    return added!.ticket_number ?? null
  })
}

/** Removes a person and all their tickets; only while the raffle is pending. */
export async function removeGroup(userId: string, raffleId: string, groupId: string, database: SorteioDB = appDb): Promise<void> {
  await writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    // The server would refuse it, and the refusal costs a rebuild of the whole raffle.
    const held = await database.participants.where('[raffleId+groupId]').equals([raffleId, groupId]).count()
    if (held === 0) throw new RuleError('group_not_found')
    const payload = { group_id: groupId }
    await applyOp(database, userId, raffleId, 'participants.remove_group', payload, Date.now())
    await enqueue(database, userId, raffleId, 'participants.remove_group', payload)
  })
}

/** Every ticket of a raffle, oldest first. */
export function listTickets(raffleId: string, database: SorteioDB = appDb): Promise<ParticipantRow[]> {
  return database.participants.where('[raffleId+createdAt]').between([raffleId, -Infinity], [raffleId, Infinity]).toArray()
}

export function countTickets(raffleId: string, database: SorteioDB = appDb): Promise<number> {
  return database.participants.where('[raffleId+createdAt]').between([raffleId, -Infinity], [raffleId, Infinity]).count()
}

/** Distinct people (groups), read from the group index without loading the rows. */
export async function countPeople(raffleId: string, database: SorteioDB = appDb): Promise<number> {
  const keys = await database.participants.where('[raffleId+groupId]').between([raffleId, ''], [raffleId, '\uffff']).uniqueKeys()
  return keys.length
}
