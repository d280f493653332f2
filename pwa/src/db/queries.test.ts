import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addPeople, listTickets, removeGroup } from '@/db/participants'
import { findOwnRaffle, listPreview, ticketsInListOrder, ticketsVersion } from '@/db/queries'
import { createRaffle } from '@/db/raffles'
import { SorteioDB } from '@/db/schema'

const user = 'user-1'
const databases: SorteioDB[] = []

function freshDb() {
  const database = new SorteioDB(`test-${crypto.randomUUID()}`)
  databases.push(database)
  return database
}

afterEach(async () => {
  await Promise.all(databases.splice(0).map((database) => database.delete()))
})

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id)

describe('findOwnRaffle', () => {
  it("answers null, not undefined, for a missing raffle and for another account's", async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, database)
    expect(await findOwnRaffle(user, raffle.id, database)).toMatchObject({ id: raffle.id })
    expect(await findOwnRaffle('someone-else', raffle.id, database)).toBeNull()
    expect(await findOwnRaffle(user, 'missing', database)).toBeNull()
  })
})

describe('ticketsVersion', () => {
  it("moves on every change of the raffle's tickets, even when the count stays the same", async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, database)
    const seen: Array<{ tickets: number }> = []
    const subscription = liveQuery(() => ticketsVersion(raffle.id, database)).subscribe((value) => seen.push(value))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
    try {
      await settle()
      await addPeople(user, raffle.id, [{ name: 'Ana' }], database)
      await settle()
      const [ana] = await listTickets(raffle.id, database)
      // One person out, another in, in the same number: the marker must still move.
      await database.transaction('rw', database.participants, async () => {
        await database.participants.delete(ana!.id)
        await database.participants.put({ ...ana!, id: 'novo', groupId: 'novo', name: 'Bruno' })
      })
      await settle()
      expect(seen.map((v) => v.tickets)).toEqual([0, 1, 1])
      expect(seen[1]).not.toBe(seen[2])
    } finally {
      subscription.unsubscribe()
    }
  })
})

describe('ticketsInListOrder', () => {
  it('follows adds and removes with a key read, in created order, like a full read', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    const other = await createRaffle(user, { title: 'Outra', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    await addPeople(user, raffle.id, [{ name: 'Ana', quantity: 3 }, { name: 'Bruno' }, { name: 'Carla', quantity: 4 }], database)
    await addPeople(user, other.id, [{ name: 'Zé' }], database)

    const first = await ticketsInListOrder(raffle.id, database)
    expect(ids(first)).toEqual(ids(await listTickets(raffle.id, database)))
    expect(first).toHaveLength(8)

    const bulkGet = vi.spyOn(database.participants, 'bulkGet')
    await addPeople(user, raffle.id, [{ name: 'Diego', ticketNumber: '900' }], database)
    const [ana] = first
    await removeGroup(user, raffle.id, ana!.groupId, database)
    const next = await ticketsInListOrder(raffle.id, database)
    expect(ids(next)).toEqual(ids(await listTickets(raffle.id, database)))
    expect(next.map((t) => t.name)).toEqual(['Bruno', 'Carla', 'Carla', 'Carla', 'Carla', 'Diego'])
    // Only the new ticket was fetched by id.
    expect(bulkGet).toHaveBeenCalledTimes(1)
    expect(bulkGet.mock.calls[0]![0]).toHaveLength(1)

    // Another raffle is read in full, and then the first one again too.
    expect((await ticketsInListOrder(other.id, database)).map((t) => t.name)).toEqual(['Zé'])
    expect(ids(await ticketsInListOrder(raffle.id, database))).toEqual(ids(next))
  })

  it('reads in full again when most rows are new (an import)', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, database)
    await addPeople(user, raffle.id, [{ name: 'Ana' }], database)
    await ticketsInListOrder(raffle.id, database)
    const bulkGet = vi.spyOn(database.participants, 'bulkGet')
    await addPeople(user, raffle.id, Array.from({ length: 50 }, (_, i) => ({ name: `Pessoa ${i}` })), database)
    const rows = await ticketsInListOrder(raffle.id, database)
    expect(rows).toHaveLength(51)
    expect(ids(rows)).toEqual(ids(await listTickets(raffle.id, database)))
    expect(bulkGet).not.toHaveBeenCalled()
  })
})

describe('listPreview', () => {
  it('answers the first people with all their tickets, in list order, and the totals', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    const people = Array.from({ length: 30 }, (_, i) => ({ name: `Pessoa ${i}`, quantity: 3 }))
    await addPeople(user, raffle.id, people, database)
    // A later ticket of the first person: their count must include it although it comes last.
    const [first] = await listTickets(raffle.id, database)
    await database.participants.put({ ...first!, id: 'tardio', ticketNumber: '999', createdAt: first!.createdAt + 1000 })

    const preview = await listPreview(raffle.id, 2, database)
    expect(preview).toMatchObject({ totalTickets: 91, totalPeople: 30 })
    const all = await listTickets(raffle.id, database)
    const firstTwo = new Set([...new Set(all.map((t) => t.groupId))].slice(0, 2))
    expect(ids(preview.tickets)).toEqual(ids(all.filter((t) => firstTwo.has(t.groupId))))
    expect(preview.tickets.filter((t) => t.groupId === first!.groupId)).toHaveLength(4)
  })
})
