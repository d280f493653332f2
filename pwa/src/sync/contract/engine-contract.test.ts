// The engine's scenarios on both servers: the fake the unit tests use and the real bin/sorteio on a
// fresh SQLite file. The same expectations hold on each, so a server rule changed without the fake
// (or the device) fails here; every answer of the real server must name only the fields of
// sync/testdata/wire.json.
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, startDraw } from '@/db/draws'
import { pendingOps } from '@/db/outbox'
import { addPeople, listTickets } from '@/db/participants'
import { createRaffle, deleteRaffle, getRaffle, listRaffles, updateRaffle } from '@/db/raffles'
import { refusedOfAccount } from '@/db/refused'
import { NetworkError } from '@/lib/api'
import { REASON_MESSAGES } from '@/protocol/rules'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { fakeBackend, realBackend, type Account, type Device } from '@/sync/contract/backends'

const tickets = { title: 'Rifa da quermesse', description: 'Prêmio: uma cesta', type: 'tickets' as const, winnersCount: 2, countdownSeconds: 0 }
const people = [{ name: 'Ana Souza', quantity: 3 }, { name: 'Bia Lima' }, { name: 'Caio Rocha' }, { name: 'Duda Alves' }]

async function sync(device: Device) {
  await pushOutbox(device)
  await pullAll(device)
}

/** What a device holds of a raffle, in the terms both servers must agree on. */
async function holding(device: Device, raffleId: string) {
  const raffle = await getRaffle(device.userId, raffleId, device.db)
  const list = await listTickets(raffleId, device.db)
  const { winners } = await drawOverview(raffleId, device.db)
  return {
    raffle: raffle && { title: raffle.title, description: raffle.description, code: raffle.code, status: raffle.status, winnersCount: raffle.winnersCount },
    tickets: list.map((t) => [t.name, t.ticketNumber]).sort(),
    winners: winners.map((w) => [w.position, w.ticketId, w.isValid]),
  }
}

describe.each([fakeBackend(), realBackend()])('the engine on $name', (backend) => {
  const accounts: Account[] = []
  const account = async () => {
    const a = await backend.account()
    accounts.push(a)
    return a
  }

  beforeAll(() => backend.start(), 60_000)
  afterAll(() => backend.stop())
  afterEach(() => {
    for (const a of accounts.splice(0)) expect(a.unknownFields()).toEqual([])
  })

  it('push: a raffle, its people and an edit reach a new device of the account whole', async () => {
    const ana = await account()
    const phone = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await addPeople(ana.userId, id, people, phone.db)
    await updateRaffle(ana.userId, id, { title: 'Rifa da quermesse 2026' }, phone.db)
    await sync(phone)
    expect(await pendingOps(phone.db, ana.userId)).toEqual([])
    expect(phone.events).toEqual([])

    const laptop = ana.device()
    await pullAll(laptop)
    const there = await holding(laptop, id)
    expect(there).toEqual(await holding(phone, id))
    expect(there.raffle).toMatchObject({ title: 'Rifa da quermesse 2026', status: 'pending', winnersCount: 2 })
    expect(there.tickets).toEqual([
      ['Ana Souza', '001'],
      ['Ana Souza', '002'],
      ['Ana Souza', '003'],
      ['Bia Lima', '004'],
      ['Caio Rocha', '005'],
      ['Duda Alves', '006'],
    ])
  })

  it('a push whose answer was lost is sent again and applied once', async () => {
    const ana = await account()
    const phone = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await addPeople(ana.userId, id, people, phone.db)
    phone.loseNextAnswer()
    await expect(pushOutbox(phone)).rejects.toBeInstanceOf(NetworkError)
    expect(await pendingOps(phone.db, ana.userId)).toHaveLength(2)
    await sync(phone)
    expect(await pendingOps(phone.db, ana.userId)).toEqual([])

    const laptop = ana.device()
    await pullAll(laptop)
    expect((await holding(laptop, id)).tickets).toHaveLength(6)
    expect(await listRaffles(ana.userId, laptop.db)).toHaveLength(1)
  })

  it('conflict: the later push of a setting wins on both devices, and the other is told', async () => {
    const ana = await account()
    const phone = ana.device()
    const laptop = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await sync(phone)
    await pullAll(laptop)
    await updateRaffle(ana.userId, id, { title: 'Rifa do celular', winnersCount: 3 }, phone.db)
    await updateRaffle(ana.userId, id, { title: 'Rifa do notebook' }, laptop.db)
    await sync(phone)
    await sync(laptop)
    await sync(phone)
    for (const device of [phone, laptop]) {
      expect((await holding(device, id)).raffle).toMatchObject({ title: 'Rifa do notebook', winnersCount: 3 })
    }
    expect(phone.events).toEqual([{ type: 'overwritten', raffleId: id, field: 'title', value: 'Rifa do notebook' }])
    expect(laptop.events).toEqual([])
  })

  it('rejection: people added on a device that missed the draw are refused, kept with the reason, and the device follows the server', async () => {
    const ana = await account()
    const phone = ana.device()
    const laptop = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await addPeople(ana.userId, id, people, phone.db)
    await sync(phone)
    await pullAll(laptop)
    await startDraw(ana.userId, id, { offline: false }, phone.db)
    await sync(phone)

    await addPeople(ana.userId, id, [{ name: 'Eva Nunes' }], laptop.db)
    await sync(laptop)
    expect(laptop.events).toEqual([{ type: 'rejected', raffleId: id, opType: 'participants.add', reason: 'draw_started', message: REASON_MESSAGES.draw_started, count: 1 }])
    const kept = await refusedOfAccount(ana.userId, laptop.db)
    expect(kept.map((r) => [r.reason, r.people.map((p) => p.name)])).toEqual([['draw_started', ['Eva Nunes']]])
    expect(await pendingOps(laptop.db, ana.userId)).toEqual([])
    expect(await holding(laptop, id)).toEqual(await holding(phone, id))
    expect((await holding(laptop, id)).raffle?.status).toBe('in_progress')
  })

  it("a raffle deleted on one device: the other's later edit is refused and the raffle leaves it", async () => {
    const ana = await account()
    const phone = ana.device()
    const laptop = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await addPeople(ana.userId, id, people, phone.db)
    await sync(phone)
    await pullAll(laptop)
    await deleteRaffle(ana.userId, id, phone.db)
    await sync(phone)

    await updateRaffle(ana.userId, id, { title: 'Rifa renomeada' }, laptop.db)
    await sync(laptop)
    expect(laptop.events.map((e) => (e.type === 'rejected' ? [e.type, e.opType, e.reason] : [e.type]))).toEqual([['rejected', 'raffle.update', 'raffle_not_found']])
    expect(await pendingOps(laptop.db, ana.userId)).toEqual([])
    expect(await getRaffle(ana.userId, id, laptop.db)).toBeUndefined()
    expect(await listTickets(id, laptop.db)).toEqual([])
  })

  it('the draw and the snapshot: an online round drawn on one device, loaded whole by a new one', async () => {
    const ana = await account()
    const phone = ana.device()
    const { id } = await createRaffle(ana.userId, tickets, phone.db)
    await addPeople(ana.userId, id, people, phone.db)
    await sync(phone)
    const round = await startDraw(ana.userId, id, { offline: false }, phone.db)
    await sync(phone)
    expect((await phone.db.draws.get(round.id))!.serverCommitment).toMatch(/^[0-9a-f]{64}$/)
    expect(await finishRound(ana.userId, round.id, {}, phone.db)).toBe('online')
    await sync(phone)
    const drawn = await holding(phone, id)
    expect(drawn.raffle?.status).toBe('completed')
    expect(drawn.winners.map(([position, , valid]) => [position, valid])).toEqual([
      [1, true],
      [2, true],
    ])

    const tablet = ana.device()
    await pullAll(tablet)
    expect(await holding(tablet, id)).toEqual(drawn)
    expect(await tablet.db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: false, serverSeed: (await phone.db.draws.get(round.id))!.serverSeed })
  })
})
