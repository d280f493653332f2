// A device that comes back with hundreds of queued adds: its push, the other device's pull and a
// pull on top of them all run in one transaction each. Hundreds of awaits in a row with no request
// between them lost Dexie's transaction (PrematureCommitError) and the round was retried.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addPeople, countPeople } from '@/db/participants'
import { pendingCount } from '@/db/outbox'
import { createRaffle, updateRaffle } from '@/db/raffles'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

const BACKLOG = 500

/** Two devices of Ana holding one raffle; the second then adds BACKLOG people offline, one op each. */
async function twoDevicesWithBacklog() {
  const server = new FakeSyncServer()
  server.user = ANA
  server.pageSize = 1000 // the whole backlog in one page: one transaction applies it
  const phoneA = freshDb()
  const phoneB = freshDb()
  const a = contextFor(phoneA, server, ANA)
  const b = contextFor(phoneB, server, ANA)
  const { id } = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, phoneA)
  await pushOutbox(a)
  await pullAll(b)
  for (let i = 0; i < BACKLOG; i++) await addPeople(ANA, id, [{ name: `Pessoa ${i}` }], phoneB)
  return { server, phoneA, phoneB, a, b, id }
}

// 3-7 s alone; past the suite's 20 s when every worker of a full run shares two busy cores.
describe(`a backlog of ${BACKLOG} ops`, { timeout: 60_000 }, () => {
  const errors = vi.spyOn(console, 'error')
  afterEach(() => errors.mockClear())

  it('drains from the device that queued it and reaches the other device, with no error', async () => {
    const { phoneA, phoneB, a, b, id } = await twoDevicesWithBacklog()
    expect(await pendingCount(phoneB, ANA)).toBe(BACKLOG)
    await pushOutbox(b)
    expect(await pendingCount(phoneB, ANA)).toBe(0)
    await pullAll(a)
    expect(await countPeople(id, phoneA)).toBe(BACKLOG)
    expect(errors).not.toHaveBeenCalled()
  })

  it('stays on top of what a pull brings while it is still queued, with no error', async () => {
    const { phoneB, a, b, id } = await twoDevicesWithBacklog()
    await updateRaffle(ANA, id, { title: 'Rifa da festa' }, a.db)
    await pushOutbox(a)
    // The pulled title, then the 500 queued adds applied again on top, in one transaction.
    await pullAll(b)
    expect(await countPeople(id, phoneB)).toBe(BACKLOG)
    expect((await phoneB.raffles.get(id))?.title).toBe('Rifa da festa')
    expect(await pendingCount(phoneB, ANA)).toBe(BACKLOG)
    expect(errors).not.toHaveBeenCalled()
  })
})
