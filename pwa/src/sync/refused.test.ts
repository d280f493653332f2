// Two devices of one account, offline at once, that meet again: every op either reaches the server
// or stays on the device that made it, with its reason ('Não enviados'), never neither.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { pendingOps } from '@/db/outbox'
import { addPeople, addTicket, addTickets, listTickets, removeGroup } from '@/db/participants'
import { createRaffle, deleteRaffle } from '@/db/raffles'
import { addAgain, discardRefused, refusedOfAccount } from '@/db/refused'
import type { SorteioDB } from '@/db/schema'
import { refusalText } from '@/components/refused/refused-text'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

const raffleInput = { title: 'Rifa da festa', description: '', type: 'tickets' as const, winnersCount: 1, countdownSeconds: 0 }

/** Phone A made the raffle and both phones hold it; then both go offline. */
async function twoPhones() {
  const server = new FakeSyncServer()
  server.user = ANA
  const phoneA = freshDb()
  const phoneB = freshDb()
  const a = contextFor(phoneA, server, ANA)
  const b = contextFor(phoneB, server, ANA)
  const { id } = await createRaffle(ANA, raffleInput, phoneA)
  return { server, phoneA, phoneB, a, b, id }
}

async function meet(ctx: ReturnType<typeof contextFor>) {
  await pushOutbox(ctx)
  await pullAll(ctx)
}

/** Pushes B's outbox and checks the invariant: each op it held is applied on the server or kept with its reason. */
async function pushAndCheck(server: FakeSyncServer, db: SorteioDB, ctx: ReturnType<typeof contextFor>) {
  const sent = (await pendingOps(db, ANA)).map((o) => o.opId)
  await meet(ctx)
  const kept = new Map((await refusedOfAccount(ANA, db)).map((r) => [r.opId, r]))
  for (const opId of sent) {
    const answer = server.answers.get(opId)?.result
    const applied = answer?.status === 'applied'
    const refused = kept.get(opId)
    expect({ opId, applied, kept: Boolean(refused) }).toEqual({ opId, applied: !refused, kept: !applied })
    if (refused) expect(refused.reason).toBe(answer?.reason)
  }
  expect(await pendingOps(db, ANA)).toEqual([])
  return [...kept.values()]
}

describe('two devices offline at once', () => {
  it('keeps adds refused because the draw began elsewhere, with their names and reason, and says how many', async () => {
    const { server, phoneB, a, b, id } = await twoPhones()
    await meet(a)
    await meet(b)
    for (const name of ['Ana Costa', 'Bruno Reis', 'Carla Dias']) await addPeople(ANA, id, [{ name }], phoneB)
    server.setStatus(id, 'in_progress') // phone A drew and synced first
    const kept = await pushAndCheck(server, phoneB, b)
    expect(kept.map((r) => [r.reason, r.people.map((p) => p.name)])).toEqual([
      ['draw_started', ['Ana Costa']],
      ['draw_started', ['Bruno Reis']],
      ['draw_started', ['Carla Dias']],
    ])
    expect(b.events).toMatchObject([{ type: 'rejected', reason: 'draw_started', count: 3 }])
    expect(kept[0]!.raffleTitle).toBe('Rifa da festa')
  })

  it('keeps a ticket for someone removed on the other phone, saying so by name', async () => {
    const { server, phoneA, phoneB, a, b, id } = await twoPhones()
    await addPeople(ANA, id, [{ name: 'Xavier Souza', ticketNumber: '003' }], phoneA)
    await meet(a)
    await meet(b)
    const [xavier] = await listTickets(id, phoneA)
    await removeGroup(ANA, id, xavier!.groupId, phoneA)
    await addTicket(ANA, id, xavier!.groupId, phoneB)
    await meet(a)
    const kept = await pushAndCheck(server, phoneB, b)
    expect(kept).toHaveLength(1)
    expect(refusalText(kept[0]!)).toBe('Xavier Souza foi removido em outro aparelho')
    expect(await listTickets(id, phoneB)).toEqual([])
    expect([...server.raffles.get(id)!.tickets.values()]).toEqual([])
  })

  it('keeps an import into a raffle deleted elsewhere, and adds it to another raffle on request', async () => {
    const { server, phoneA, phoneB, a, b, id } = await twoPhones()
    await meet(a)
    await meet(b)
    const names = Array.from({ length: 20 }, (_, i) => `Pessoa ${i + 1}`)
    await addTickets(ANA, id, { names }, phoneB)
    await deleteRaffle(ANA, id, phoneA)
    await meet(a)
    const [kept] = await pushAndCheck(server, phoneB, b)
    expect(kept).toMatchObject({ reason: 'raffle_not_found', raffleTitle: 'Rifa da festa' })
    expect(kept!.people.map((p) => p.name)).toEqual(names)

    const other = await createRaffle(ANA, { ...raffleInput, title: 'Outra rifa' }, phoneB)
    expect(await addAgain(ANA, kept!.seq!, other.id, phoneB)).toBe(20)
    expect(await refusedOfAccount(ANA, phoneB)).toEqual([])
    await meet(b)
    expect([...server.raffles.get(other.id)!.tickets.values()].map((t) => t.name)).toEqual(names)
  })

  it("adds a refused ticket again with this device's next free number, or discards it", async () => {
    const { server, phoneA, phoneB, a, b, id } = await twoPhones()
    await meet(a)
    await meet(b)
    await addPeople(
      ANA,
      id,
      [
        { name: 'Marta Alves', ticketNumber: '050' },
        { name: 'Tiago Melo', ticketNumber: '060' },
      ],
      phoneA,
    )
    await addPeople(ANA, id, [{ name: 'Roberto Lima', ticketNumber: '050' }], phoneB)
    await addPeople(ANA, id, [{ name: 'Sara Nunes', ticketNumber: '060' }], phoneB)
    await meet(a)
    await pushAndCheck(server, phoneB, b)
    const [roberto, sara] = await refusedOfAccount(ANA, phoneB)
    expect(refusalText(roberto!)).toBe('Roberto Lima (bilhete 050): já existe um bilhete com este número neste sorteio')
    await addAgain(ANA, roberto!.seq!, id, phoneB)
    await discardRefused(sara!.seq!, phoneB)
    await meet(b)
    const numbers = new Map([...server.raffles.get(id)!.tickets.values()].map((t) => [t.name, t.ticket_number]))
    expect(numbers.get('Marta Alves')).toBe('050')
    expect(numbers.get('Roberto Lima')).toBe('061')
    expect(numbers.has('Sara Nunes')).toBe(false)
    expect(await refusedOfAccount(ANA, phoneB)).toEqual([])
  })
})
