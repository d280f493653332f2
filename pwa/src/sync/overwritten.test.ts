// Both phones change the same settings offline; the later push wins (last writer wins, per field),
// and the phone whose change was replaced is told which setting and to what, once.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
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
})
