import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople, countTickets, listTickets, removeGroup } from '@/db/participants'
import { createRaffle, getRaffle, updateRaffle } from '@/db/raffles'
import type { RaffleType } from '@/db/schema'
import { REASON_MESSAGES } from '@/protocol/rules'
import { pullAll } from '@/sync/pull'
import { pushBatch, pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

const OTHER_DEVICE = '0192f0c1-0000-7000-8000-0000000000d9'

async function pushedRaffle() {
  const db = freshDb()
  const server = new FakeSyncServer()
  server.user = ANA
  const ctx = contextFor(db, server, ANA)
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, db)
  await pushOutbox(ctx)
  return { db, server, ctx, raffleId: raffle.id }
}

describe('rebase after a rejection', () => {
  it('takes the rejected op out of the outbox and rebuilds the raffle as the server has it plus the ops still pending', async () => {
    const { db, server, ctx, raffleId } = await pushedRaffle()
    // Meanwhile, on another device: a new title, then the draw starts.
    server.applyOp(ANA, OTHER_DEVICE, {
      op_id: '0192f0c1-0000-7000-8000-0000000000e1',
      mutation_id: 1,
      raffle_id: raffleId,
      type: 'raffle.update',
      base_seq: 1,
      payload: { title: 'Rifa do servidor', winners_count: 3 },
    })
    server.setStatus(raffleId, 'in_progress')
    // A: offline here, a participant is added (the server will refuse it).
    await addPeople(ANA, raffleId, [{ name: 'Ana' }], db)
    const [a] = await pendingOps(db, ANA)
    // B: written while A's push is on its way, so it is still pending when A's answer comes.
    const api = ctx.api
    ctx.api = {
      ...api,
      push: async (body, signal) => {
        await updateRaffle(ANA, raffleId, { countdownSeconds: 30 }, db)
        return api.push(body, signal)
      },
    }
    await pushBatch(ctx)

    expect(server.pushes.at(-1)!.ops.map((o) => o.op_id)).toEqual([a!.opId])
    const left = await pendingOps(db, ANA)
    expect(left.map((o) => o.type)).toEqual(['raffle.update'])
    // The snapshot (server title and winners, draw started, no Ana) with B on top.
    expect(await getRaffle(ANA, raffleId, db)).toMatchObject({
      title: 'Rifa do servidor',
      winnersCount: 3,
      status: 'in_progress',
      countdownSeconds: 30,
      ownerId: ANA,
    })
    expect(await countTickets(raffleId, db)).toBe(0)
    expect(ctx.events).toEqual([
      {
        type: 'rejected',
        raffleId,
        opType: 'participants.add',
        reason: 'draw_started',
        message: 'O sorteio já começou: não é mais possível alterá-lo.',
        count: 1,
      },
    ])
    expect(await db.meta.get(`rebase:${ANA}`)).toMatchObject({ value: [] })
  })

  it('removes the raffle when the server has none (404), keeping nothing of the rejected op in its tables', async () => {
    const { db, server, ctx, raffleId } = await pushedRaffle()
    server.raffles.get(raffleId)!.deleted = true
    await updateRaffle(ANA, raffleId, { title: 'Tarde demais' }, db)
    await pushOutbox(ctx)
    expect(await getRaffle(ANA, raffleId, db)).toBeUndefined()
    expect(ctx.events.map((e) => e.type === 'rejected' && e.reason)).toEqual(['raffle_not_found'])
  })

  it('keeps the rebuild queued when the snapshot cannot be loaded, and does it on the next round', async () => {
    const { db, server, ctx, raffleId } = await pushedRaffle()
    server.setStatus(raffleId, 'completed')
    await updateRaffle(ANA, raffleId, { title: 'Novo' }, db)
    const api = ctx.api
    ctx.api = { ...api, snapshot: async () => Promise.reject(new TypeError('offline')) }
    await expect(pushOutbox(ctx)).rejects.toThrow('offline')
    expect(await db.outbox.count()).toBe(0)
    expect((await getRaffle(ANA, raffleId, db))!.title).toBe('Novo')
    ctx.api = api
    await pushOutbox(ctx)
    expect(await getRaffle(ANA, raffleId, db)).toMatchObject({ title: 'Rifa', status: 'completed' })
  })

  it('one rejected op per raffle makes one message, even when later ops fail after it', async () => {
    const { db, server, ctx, raffleId } = await pushedRaffle()
    server.setStatus(raffleId, 'in_progress')
    await updateRaffle(ANA, raffleId, { title: 'Um' }, db)
    await updateRaffle(ANA, raffleId, { title: 'Dois' }, db)
    await pushOutbox(ctx)
    expect(ctx.events).toHaveLength(1)
    expect((await getRaffle(ANA, raffleId, db))!.title).toBe('Rifa')
  })
})

describe('a start refused for want of entries', () => {
  // The server's text speaks of tickets, which a simple raffle never shows: its entries are people.
  const cases: { type: RaffleType; message: string }[] = [
    { type: 'simple', message: 'Não há participantes suficientes para sortear todos os vencedores.' },
    { type: 'tickets', message: REASON_MESSAGES.not_enough_tickets! },
  ]
  for (const { type, message } of cases) {
    it(`tells a ${type} raffle why in its own words`, async () => {
      const server = new FakeSyncServer()
      server.user = ANA
      const db = freshDb()
      const ctx = contextFor(db, server, ANA)
      const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type, winnersCount: 3, countdownSeconds: 0 }, db)
      await addPeople(ANA, raffle.id, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }], db)
      await pushOutbox(ctx)
      // Another device takes Caio out before this one's start (offline, three entries here) arrives.
      const other = freshDb()
      const otherCtx = contextFor(other, server, ANA)
      await pullAll(otherCtx)
      const caio = (await listTickets(raffle.id, other)).find((t) => t.name === 'Caio')!
      await removeGroup(ANA, raffle.id, caio.groupId, other)
      await pushOutbox(otherCtx)
      await startDraw(ANA, raffle.id, { offline: true }, db)
      await pushOutbox(ctx)
      expect(ctx.events).toEqual([{ type: 'rejected', raffleId: raffle.id, opType: 'draw.start', reason: 'not_enough_tickets', message, count: 1 }])
    })
  }
})
