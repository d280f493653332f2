// The ops the server refused ('Não enviados'). Nothing refused is dropped from the device: each one
// moves here from the outbox, in the same transaction, with its data and its reason, and stays until
// the person adds it again, copies its names or discards it.
import { addPeople } from '@/db/participants'
import { writeTx } from '@/db/raffles'
import { db as appDb, type OutboxRow, type RefusedPerson, type RefusedRow, type SorteioDB } from '@/db/schema'
import type { TicketWire } from '@/protocol/wire'

/** The people of a participants.add payload, in order, each with the numbers the op gave them. */
export function peopleOfAdd(payload: unknown): RefusedPerson[] {
  const tickets = ((payload ?? {}) as { tickets?: TicketWire[] }).tickets ?? []
  const people = new Map<string, RefusedPerson>()
  for (const t of tickets) {
    let person = people.get(t.group_id)
    if (!person) {
      person = { name: t.name, email: t.email ?? null, numbers: [] }
      people.set(t.group_id, person)
    }
    if (t.ticket_number) person.numbers.push(t.ticket_number)
  }
  return [...people.values()]
}

/** Moves a refused op out of the outbox into the refused ops. Inside the sync transaction. */
export async function keepRefused(database: SorteioDB, op: OutboxRow, reason: string, message: string, at: number): Promise<void> {
  const raffle = await database.raffles.get(op.raffleId)
  await database.refused.add({
    userId: op.userId,
    raffleId: op.raffleId,
    raffleTitle: raffle?.title ?? '',
    opId: op.opId,
    type: op.type,
    payload: op.payload,
    createdAt: op.createdAt,
    reason,
    message,
    people: op.type === 'participants.add' ? peopleOfAdd(op.payload) : [],
    refusedAt: at,
  })
}

/** The account's refused ops, oldest first. */
export function refusedOfAccount(userId: string, database: SorteioDB = appDb): Promise<RefusedRow[]> {
  return database.refused.where('userId').equals(userId).sortBy('seq')
}

/** The account's refused ops on one raffle, oldest first. */
export function refusedOfRaffle(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<RefusedRow[]> {
  return database.refused.where('[userId+raffleId]').equals([userId, raffleId]).sortBy('seq')
}

/** How many refused ops of the account wait to be settled (counted on the index). */
export function refusedCount(database: SorteioDB, userId: string): Promise<number> {
  return database.refused.where('userId').equals(userId).count()
}

export async function discardRefused(seq: number, database: SorteioDB = appDb): Promise<void> {
  await database.refused.delete(seq)
}

/**
 * Queues a refused add again, into `raffleId` (its own raffle, or another when that one is gone),
 * and settles it, in one transaction. Numbers are left to this device, which gives the next free
 * ones: a number was often the reason. Returns how many tickets were queued.
 */
export async function addAgain(userId: string, seq: number, raffleId: string, database: SorteioDB = appDb): Promise<number> {
  return writeTx(database, async () => {
    const row = await database.refused.get(seq)
    if (!row || row.userId !== userId || row.type !== 'participants.add') return 0
    const people = row.people.map((p) => ({ name: p.name, email: p.email, quantity: Math.max(1, p.numbers.length) }))
    const added = await addPeople(userId, raffleId, people, database)
    await database.refused.delete(seq)
    return added
  })
}
