import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { newId } from '@/db/ids'
import { listTickets } from '@/db/participants'
import { SorteioDB } from '@/db/schema'

describe('schema upgrades', () => {
  it('a version 1 database opens with its tickets (now in chunks) and its outbox', async () => {
    const name = `test-${newId()}`
    const v1 = new Dexie(name)
    v1.version(1).stores({
      raffles: 'id, [ownerId+createdAt]',
      participants: 'id, [raffleId+createdAt], [raffleId+groupId], [raffleId+name]',
      outbox: '++seq, userId, [userId+raffleId]',
      syncState: 'raffleId',
      meta: 'key',
    })
    await v1.table('participants').put({ id: 't1', raffleId: 'r1', groupId: 'g1', name: 'Ana', email: null, ticketNumber: null, createdAt: 1 })
    await v1.table('outbox').add({ opId: 'o1', userId: 'u1', raffleId: 'r1', type: 'participants.add', payload: {}, createdAt: 1 })
    v1.close()

    const db = new SorteioDB(name)
    expect(await listTickets('r1', db)).toMatchObject([{ id: 't1', name: 'Ana', groupId: 'g1' }])
    expect(await db.outbox.toArray()).toMatchObject([{ opId: 'o1', userId: 'u1' }])
    expect(db.tables.map((t) => t.name)).not.toContain('participants')
    db.close()
  })

  it('version 3 adds the draw tables and keeps the outbox', async () => {
    const name = `test-${newId()}`
    const v2 = new Dexie(name)
    v2.version(2).stores({
      raffles: 'id, [ownerId+createdAt]',
      participants: 'id, [raffleId+createdAt], [raffleId+groupId]',
      outbox: '++seq, userId, [userId+raffleId]',
      syncState: 'raffleId',
      meta: 'key',
    })
    await v2.table('outbox').add({ opId: 'o1', userId: 'u1', raffleId: 'r1', type: 'raffle.update', payload: { title: 'x' }, createdAt: 1 })
    v2.close()

    const db = new SorteioDB(name)
    expect(await db.outbox.toArray()).toMatchObject([{ opId: 'o1', payload: { title: 'x' } }])
    await db.draws.put({ id: 'd1', raffleId: 'r1' } as never)
    await db.winners.put({ id: 'd1:1', raffleId: 'r1' } as never)
    await db.drawSecrets.put({ drawId: 'd1', raffleId: 'r1', clientSeed: 'ab' })
    expect(await db.draws.where('raffleId').equals('r1').count()).toBe(1)
    expect(await db.winners.where('raffleId').equals('r1').count()).toBe(1)
    expect(await db.drawSecrets.where('raffleId').equals('r1').count()).toBe(1)
    db.close()
  })

  it('version 8 adds the refused changes and keeps the outbox', async () => {
    const name = `test-${newId()}`
    const v7 = new Dexie(name)
    v7.version(7).stores({
      raffles: 'id, [ownerId+createdAt]',
      outbox: '++seq, userId, [userId+raffleId]',
      syncState: 'raffleId',
      meta: 'key',
      draws: 'id, raffleId',
      winners: 'id, raffleId',
      drawSecrets: 'drawId, raffleId',
      drawPools: 'drawId, raffleId',
      ticketChunks: 'id, raffleId',
      ticketSummaries: 'raffleId',
      ticketPeople: 'raffleId',
    })
    await v7.table('outbox').add({ opId: 'o1', userId: 'u1', raffleId: 'r1', type: 'participants.add', payload: { tickets: [] }, createdAt: 1 })
    v7.close()

    const db = new SorteioDB(name)
    expect(await db.outbox.toArray()).toMatchObject([{ opId: 'o1', payload: { tickets: [] } }])
    await db.refused.add({
      userId: 'u1',
      raffleId: 'r1',
      raffleTitle: 'Rifa',
      opId: 'o0',
      type: 'participants.add',
      payload: {},
      createdAt: 1,
      reason: 'draw_started',
      message: 'x',
      people: [],
      refusedAt: 2,
    })
    expect(await db.refused.where('[userId+raffleId]').equals(['u1', 'r1']).count()).toBe(1)
    db.close()
  })
})
