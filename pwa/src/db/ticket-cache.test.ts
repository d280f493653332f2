import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { addPeople, listTickets, removeGroup } from '@/db/participants'
import { createRaffle, writeTx } from '@/db/raffles'
import { SorteioDB } from '@/db/schema'
import { listPreview, readTicketColumns } from '@/db/ticket-reads'
import { putTicketBatches } from '@/db/tickets'
import { ANA, freshDb } from '@/sync/testing/helpers'

async function raffleWithPeople() {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, db)
  await addPeople(ANA, raffle.id, [{ name: 'Ana', quantity: 2 }, { name: 'Bia' }], db)
  return { db, raffle }
}

describe('chunks this tab wrote', () => {
  it('are read from memory, after an add and after a removal', async () => {
    const { db, raffle } = await raffleWithPeople()
    const bulkGet = vi.spyOn(db.ticketChunks, 'bulkGet')
    const get = vi.spyOn(db.ticketChunks, 'get')
    expect((await readTicketColumns(raffle.id, db)).names).toEqual(['Ana', 'Ana', 'Bia'])
    expect((await listPreview(raffle.id, 100, db)).tickets.names).toEqual(['Ana', 'Ana', 'Bia'])
    const bia = (await listTickets(raffle.id, db)).find((t) => t.name === 'Bia')!.groupId
    const reads = bulkGet.mock.calls.length
    await removeGroup(ANA, raffle.id, bia, db)
    expect((await readTicketColumns(raffle.id, db)).names).toEqual(['Ana', 'Ana'])
    // The removal read the person's chunk once; the list took the rewritten chunk from memory.
    expect(bulkGet.mock.calls.length).toBe(reads + 1)
    expect(get).not.toHaveBeenCalled()
    // Another tab (no copy in memory) reads the same from IndexedDB.
    const other = new SorteioDB(db.name)
    expect((await readTicketColumns(raffle.id, other)).names).toEqual(['Ana', 'Ana'])
    other.close()
  })

  it('are never used when their transaction was undone', async () => {
    const { db, raffle } = await raffleWithPeople()
    await expect(
      writeTx(db, async () => {
        await putTicketBatches(db, raffle, [{ tickets: [{ id: 'x1', name: 'Caio', email: null, ticket_number: null, group_id: 'x1' }], at: Date.now() }])
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    expect((await readTicketColumns(raffle.id, db)).names).toEqual(['Ana', 'Ana', 'Bia'])
    expect((await listPreview(raffle.id, 100, db)).tickets.names).toEqual(['Ana', 'Ana', 'Bia'])
  })
})

describe('a write to another raffle', () => {
  it('leaves the list read last in memory', async () => {
    const { db, raffle } = await raffleWithPeople()
    const other = await createRaffle(ANA, { title: 'Outra', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, db)
    const before = await readTicketColumns(raffle.id, db)
    await addPeople(ANA, other.id, [{ name: 'Zé' }], db)
    const bulkGet = vi.spyOn(db.ticketChunks, 'bulkGet')
    expect(await readTicketColumns(raffle.id, db)).toBe(before)
    expect(bulkGet).not.toHaveBeenCalled()
  })
})
