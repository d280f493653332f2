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
})
