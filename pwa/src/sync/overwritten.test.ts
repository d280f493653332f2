// Both phones change the same settings offline; the later push wins (last writer wins, per field),
// and the phone whose change was replaced is told which setting and to what, once.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { addPeople, listTickets, removeGroup } from '@/db/participants'
import { createRaffle, updateRaffle } from '@/db/raffles'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

async function twoPhonesHoldingARaffle() {
  const server = new FakeSyncServer()
  server.user = ANA
  const a = contextFor(freshDb(), server, ANA)
  const b = contextFor(freshDb(), server, ANA)
  const { id } = await createRaffle(ANA, { title: 'Bingo', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }, a.db)
  for (const ctx of [a, b]) {
    await pushOutbox(ctx)
    await pullAll(ctx)
  }
  return { server, a, b, id }
}

const sync = async (ctx: ReturnType<typeof contextFor>) => {
  await pushOutbox(ctx)
  await pullAll(ctx)
}

describe('settings changed on two phones at once', () => {
  it('tells the phone whose change was replaced, once, not about settings it left alone, and not the one that won', async () => {
    const { server, a, b, id } = await twoPhonesHoldingARaffle()
    await updateRaffle(ANA, id, { title: 'Bingo da escola', winnersCount: 2 }, a.db)
    await updateRaffle(ANA, id, { title: 'Bingo 2026', winnersCount: 3, countdownSeconds: 10 }, b.db)
    await sync(a)
    await sync(b)
    await sync(a)
    expect(server.raffles.get(id)!.raffle).toMatchObject({ title: 'Bingo 2026', winners_count: 3 })
    expect(await a.db.raffles.get(id)).toMatchObject({ title: 'Bingo 2026', winnersCount: 3 })
    expect(a.events).toEqual([
      { type: 'overwritten', raffleId: id, field: 'title', value: 'Bingo 2026' },
      { type: 'overwritten', raffleId: id, field: 'winners_count', value: 3 },
    ])
    expect(b.events).toEqual([])
    // Said once: a later change of the same setting elsewhere is an ordinary change.
    await updateRaffle(ANA, id, { title: 'Bingo final' }, b.db)
    await sync(b)
    await sync(a)
    expect(a.events).toHaveLength(2)
  })

  it('tells every setting: each prize, the alternates and the Loteria Federal settings', async () => {
    const { server, a, b, id } = await twoPhonesHoldingARaffle()
    // Saturday 09/01/2027 at 19:00 in Brasília: concurso 6147 by the calendar (federal-concurso.ts).
    const federal = (concurso: number) => ({ concurso, extraction_at: Date.UTC(2027, 0, 9, 22, 0), rule: 'final-1-premio', digits: 3 })
    await updateRaffle(ANA, id, { winnersCount: 3 }, a.db)
    await sync(a)
    await sync(b)
    await updateRaffle(ANA, id, { prizes: [{ position: 1, name: 'Bicicleta' }], alternatesCount: 2, federal: federal(6147) }, a.db)
    await updateRaffle(ANA, id, { prizes: [{ position: 2, name: 'Camiseta' }] }, a.db)
    await updateRaffle(ANA, id, { prizes: [{ position: 1, name: 'Patinete' }], alternatesCount: 1, federal: federal(6148) }, b.db)
    await updateRaffle(ANA, id, { prizes: [{ position: 2, name: '' }] }, b.db)
    await sync(a)
    await sync(b)
    await sync(a)
    expect(server.raffles.get(id)!.raffle.prizes).toEqual([{ position: 1, name: 'Patinete' }])
    expect(a.events).toEqual([
      { type: 'overwritten', raffleId: id, field: 'prize:1', value: 'Patinete' },
      { type: 'overwritten', raffleId: id, field: 'alternates_count', value: 1 },
      { type: 'overwritten', raffleId: id, field: 'federal', value: expect.objectContaining({ concurso: 6148 }) },
      { type: 'overwritten', raffleId: id, field: 'prize:2', value: '' },
    ])
    expect(b.events).toEqual([])
  })

  it('tells the overwrites a snapshot brings when a refusal in the same sync rebuilt the raffle', async () => {
    const { a, b, id } = await twoPhonesHoldingARaffle()
    await addPeople(ANA, id, [{ name: 'Xavier Souza' }], b.db)
    await sync(b)
    await sync(a)
    const [xavier] = await listTickets(id, a.db)
    await updateRaffle(ANA, id, { title: 'Bingo da escola', prizes: [{ position: 1, name: 'Bicicleta' }] }, a.db)
    await sync(a)
    // B, later: a new title and prize, and Xavier removed. A, not yet told, removes him too.
    await updateRaffle(ANA, id, { title: 'Bingo 2026', prizes: [{ position: 1, name: 'Patinete' }] }, b.db)
    await removeGroup(ANA, id, xavier!.groupId, b.db)
    await sync(b)
    await removeGroup(ANA, id, xavier!.groupId, a.db)
    await sync(a)
    expect(a.events.map((e) => e.type)).toEqual(['rejected', 'overwritten', 'overwritten'])
    expect(a.events.slice(1)).toEqual([
      { type: 'overwritten', raffleId: id, field: 'title', value: 'Bingo 2026' },
      { type: 'overwritten', raffleId: id, field: 'prize:1', value: 'Patinete' },
    ])
    // Said once.
    await sync(a)
    expect(a.events).toHaveLength(3)
  })
})
