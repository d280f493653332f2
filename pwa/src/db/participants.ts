// Participant reads and writes. A person is a group of one or more tickets.
import { applyOp } from '@/db/apply'
import { newId } from '@/db/ids'
import { enqueue } from '@/db/outbox'
import { getRaffle, writeTx } from '@/db/raffles'
import { db as appDb, type ParticipantRow, type SorteioDB } from '@/db/schema'
import { checkEmail, checkName, checkTicketNumber, LIMITS, RuleError } from '@/protocol/rules'
import type { TicketWire } from '@/protocol/wire'

export interface NewPerson {
  name: string
  email?: string | null
  /** Kept only for ticket raffles. */
  ticketNumber?: string | null
  /** Tickets for this person; more than one are numbered 001, 002, ... */
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
  return Array.from({ length: quantity }, (_, i) => ({
    id: i === 0 ? groupId : newId(),
    name,
    email,
    ticket_number: isTickets ? String(i + 1).padStart(3, '0') : null,
    group_id: groupId,
  }))
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
    const now = Date.now()
    for (let start = 0; start < tickets.length; start += LIMITS.maxBatch) {
      const payload = { tickets: tickets.slice(start, start + LIMITS.maxBatch) }
      await applyOp(database, userId, raffleId, 'participants.add', payload, now)
      await enqueue(database, userId, raffleId, 'participants.add', payload)
    }
    return tickets.length
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
