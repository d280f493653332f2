import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { newId } from '@/db/ids'
import { SorteioDB } from '@/db/schema'

describe('schema upgrades', () => {
  it('version 2 drops the unused name index and keeps the tickets and the outbox', async () => {
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
    expect(await db.participants.get('t1')).toMatchObject({ name: 'Ana', groupId: 'g1' })
    expect(await db.outbox.toArray()).toMatchObject([{ opId: 'o1', userId: 'u1' }])
    expect(db.participants.schema.indexes.map((i) => i.name).sort()).toEqual(['[raffleId+createdAt]', '[raffleId+groupId]'])
    expect(await db.participants.where('[raffleId+groupId]').equals(['r1', 'g1']).count()).toBe(1)
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
})
