import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addPeople, listTickets, removeGroup } from '@/db/participants'
import { findOwnRaffle, listPreview, ticketsInListOrder, ticketsVersion } from '@/db/queries'
import { createRaffle, writeTx } from '@/db/raffles'
import { SorteioDB } from '@/db/schema'
import { cachedTickets, dropTickets } from '@/db/ticket-cache'
import { putTicketBatches } from '@/db/tickets'

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
    const seen: Array<{ stamp: string; tickets: number }> = []
    const subscription = liveQuery(() => ticketsVersion(raffle.id, database)).subscribe((value) => seen.push(value))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
    try {
      await settle()
      await addPeople(user, raffle.id, [{ name: 'Ana' }], database)
      await settle()
      const [ana] = await listTickets(raffle.id, database)
      // One person out, another in, in the same number: the marker must still move.
      await removeGroup(user, raffle.id, ana!.groupId, database)
      await addPeople(user, raffle.id, [{ name: 'Bruno' }], database)
      await settle()
      expect(seen.map((v) => v.tickets).at(-1)).toBe(1)
      expect(new Set(seen.map((v) => v.stamp)).size).toBe(seen.length)
      expect(seen.length).toBeGreaterThanOrEqual(3)
    } finally {
      subscription.unsubscribe()
    }
  })
})

describe('ticketsInListOrder', () => {
  it('follows adds and removes reading only the chunks rewritten, in created order, like a full read', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    const other = await createRaffle(user, { title: 'Outra', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    // Two batches of more than half a chunk: two chunks.
    await addPeople(
      user,
      raffle.id,
      Array.from({ length: 3000 }, (_, i) => ({ name: `Pessoa ${i}` })),
      database,
    )
    await addPeople(user, raffle.id, [{ name: 'Ana', quantity: 3 }, ...Array.from({ length: 2999 }, (_, i) => ({ name: `Outra ${i}` }))], database)
    await addPeople(user, other.id, [{ name: 'Zé' }], database)

    const first = await ticketsInListOrder(raffle.id, database)
    expect(first.ids).toEqual((await listTickets(raffle.id, database)).map((t) => t.id))
    expect(first.ids).toHaveLength(6002)
    expect(await database.ticketChunks.where('raffleId').equals(raffle.id).count()).toBe(2)

    const bulkGet = vi.spyOn(database.ticketChunks, 'bulkGet')
    const ana = first.groups[first.names.indexOf('Ana')]!
    // Another tab removes Ana (this one has not seen the chunk it rewrote).
    const otherTab = new SorteioDB(database.name)
    await removeGroup(user, raffle.id, ana, otherTab)
    otherTab.close()
    bulkGet.mockClear()
    const afterAna = await ticketsInListOrder(raffle.id, database)
    expect(afterAna.ids).toEqual((await listTickets(raffle.id, database)).map((t) => t.id))
    expect(afterAna.names).not.toContain('Ana')
    expect(afterAna.ids).toHaveLength(5999)
    // Only the chunk that held Ana was read again.
    expect(bulkGet).toHaveBeenCalledTimes(1)
    expect(bulkGet.mock.calls[0]![0]).toHaveLength(1)

    // A removal in this tab: the chunk it rewrote is taken from memory, nothing is read back.
    await removeGroup(user, raffle.id, afterAna.groups[afterAna.names.indexOf('Pessoa 0')]!, database)
    bulkGet.mockClear()
    const next = await ticketsInListOrder(raffle.id, database)
    expect(next.ids).toEqual(afterAna.ids.filter((_, i) => afterAna.names[i] !== 'Pessoa 0'))
    expect(bulkGet).not.toHaveBeenCalled()

    // Another raffle is read in full, and then the first one again too.
    expect((await ticketsInListOrder(other.id, database)).names).toEqual(['Zé'])
    expect(await ticketsInListOrder(raffle.id, database)).toEqual(next)
  })

  it('keeps the list order when a later batch carries earlier times (chunks that overlap)', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, database)
    await writeTx(database, async () => {
      const row = (await database.raffles.get(raffle.id))!
      await putTicketBatches(database, row, [{ tickets: [ticket('b', 20), ticket('d', 40)], at: 0 }])
      await putTicketBatches(database, row, [{ tickets: [ticket('a', 10), ticket('c', 30)], at: 0 }])
    })
    expect((await ticketsInListOrder(raffle.id, database)).ids).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('listPreview', () => {
  it('answers the first people with all their tickets, in list order, and the totals', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, database)
    const people = Array.from({ length: 30 }, (_, i) => ({ name: `Pessoa ${i}`, quantity: 3 }))
    await addPeople(user, raffle.id, people, database)
    // A later ticket of the first person, in a chunk of its own: their count must include it.
    const [first] = await listTickets(raffle.id, database)
    await writeTx(database, async () => {
      const row = (await database.raffles.get(raffle.id))!
      const late = { id: 'tardio', name: first!.name, ticket_number: '999', group_id: first!.groupId, created_at: first!.createdAt + 1000 }
      await putTicketBatches(database, row, [{ tickets: Array.from({ length: 5000 }, (_, i) => ({ ...ticket(`x${i}`, first!.createdAt + 999), name: 'Outro' })), at: 0 }])
      await putTicketBatches(database, row, [{ tickets: [late], at: 0 }])
    })

    // Read by another tab, which holds none of the chunks in memory.
    const otherTab = new SorteioDB(database.name)
    const preview = await listPreview(raffle.id, 2, otherTab)
    otherTab.close()
    expect(preview).toMatchObject({ totalTickets: 5091, totalPeople: 5030 })
    const all = await listTickets(raffle.id, database)
    const firstTwo = new Set([...new Set(all.map((t) => t.groupId))].slice(0, 2))
    expect(preview.tickets.ids).toEqual(ids(all.filter((t) => firstTwo.has(t.groupId))))
    expect(preview.tickets.groups.filter((g) => g === first!.groupId)).toHaveLength(4)
    // The tab that wrote every chunk answers the same from memory; asked for everyone, the whole list.
    expect((await listPreview(raffle.id, 2, database)).tickets.ids).toEqual(preview.tickets.ids)
    expect((await listPreview(raffle.id, 5030, database)).tickets.ids).toEqual(ids(all))
  })

  it('takes a person from a later chunk whose tickets come between those of the first chunk', async () => {
    const database = freshDb()
    const raffle = await createRaffle(user, { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, database)
    const row = (await database.raffles.get(raffle.id))!
    // 5,000 people a second apart fill a chunk; a pulled add 1.5 s after the first starts another,
    // which the summary puts after the first chunk, although its ticket is second in the list.
    dropTickets()
    await writeTx(database, async () => {
      await putTicketBatches(database, row, [{ tickets: Array.from({ length: 5000 }, (_, i) => ticket(`a${String(i).padStart(4, '0')}`, 1_000_000 + i * 1000)), at: 0 }])
      await putTicketBatches(database, row, [{ tickets: [ticket('between', 1_001_500)], at: 0 }])
    })
    const expected = ['g-a0000', 'g-a0001', 'g-between', 'g-a0002']
    const otherTab = new SorteioDB(database.name)
    expect((await listPreview(raffle.id, 4, otherTab)).tickets.groups).toEqual(expected)
    otherTab.close()
    // From memory (the chunks this tab wrote), the same.
    expect(cachedTickets(database, raffle.id)?.chunks.size).toBe(2)
    expect((await listPreview(raffle.id, 4, database)).tickets.groups).toEqual(expected)
  })
})

const ticket = (id: string, createdAt: number) => ({ id, name: `Pessoa ${id}`, group_id: `g-${id}`, created_at: createdAt })
