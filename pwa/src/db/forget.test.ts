import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { clientIdFor, pendingCount } from '@/db/outbox'
import { forgetAccount } from '@/db/forget'
import { addPeople, countTickets } from '@/db/participants'
import { createRaffle, listRaffles } from '@/db/raffles'
import { cachedTickets } from '@/db/ticket-cache'
import { readTicketColumns } from '@/db/ticket-reads'
import { ANA, BRUNO, freshDb } from '@/sync/testing/helpers'

const input = { title: 'Rifa', description: '', type: 'simple' as const, winnersCount: 1, countdownSeconds: 0 }

describe('forgetAccount', () => {
  it("removes one account's raffles, participants, outbox and device id, and nothing of another", async () => {
    const db = freshDb()
    const ana = await createRaffle(ANA, input, db)
    await addPeople(ANA, ana.id, [{ name: 'Carla' }, { name: 'Davi' }], db)
    const bruno = await createRaffle(BRUNO, input, db)
    await addPeople(BRUNO, bruno.id, [{ name: 'Eva' }], db)
    const brunoClient = await clientIdFor(db, BRUNO)
    await db.syncState.bulkPut([
      { raffleId: ana.id, cursor: 'c1' },
      { raffleId: bruno.id, cursor: 'c2' },
    ])
    expect(await pendingCount(db, ANA)).toBe(2)
    expect((await readTicketColumns(ana.id, db)).names).toEqual(['Carla', 'Davi'])
    expect(cachedTickets(db, ana.id)).not.toBeNull()

    await forgetAccount(ANA, db)
    // Nor do the names stay in this tab's memory.
    expect(cachedTickets(db, ana.id)).toBeNull()

    expect(await listRaffles(ANA, db)).toEqual([])
    expect(await countTickets(ana.id, db)).toBe(0)
    expect(await pendingCount(db, ANA)).toBe(0)
    expect(await db.meta.get(`client:${ANA}`)).toBeUndefined()
    expect(await db.syncState.get(ana.id)).toBeUndefined()
    // Bruno's data on the same device stays, ops included.
    expect((await listRaffles(BRUNO, db)).map((r) => r.id)).toEqual([bruno.id])
    expect(await countTickets(bruno.id, db)).toBe(1)
    expect(await pendingCount(db, BRUNO)).toBe(2)
    expect(await clientIdFor(db, BRUNO)).toBe(brunoClient)
    expect(await db.syncState.get(bruno.id)).toEqual({ raffleId: bruno.id, cursor: 'c2' })
  })
})
