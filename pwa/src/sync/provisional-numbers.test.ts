// Two devices of one account number tickets offline; the server keeps what the device chose when it
// is free and gives the next free numbers on a clash (docs/sync-protocol.md, "Ticket numbers").
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { renumberedText } from '@/app/sync/sync-text'
import { pendingOps, provisionalNumbers } from '@/db/outbox'
import { addPeople, addTickets, listTickets } from '@/db/participants'
import { createRaffle } from '@/db/raffles'
import { readImport } from '@/protocol/import/read'
import type { SorteioDB } from '@/db/schema'
import { pullAll } from '@/sync/pull'
import { pushOutbox } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

async function sync(ctx: ReturnType<typeof contextFor>) {
  await pushOutbox(ctx)
  await pullAll(ctx)
}

/** Two devices holding one ticket raffle with people 001–004. */
async function twoDevices() {
  const server = new FakeSyncServer()
  server.user = ANA
  const a = contextFor(freshDb(), server, ANA)
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, a.db)
  await addPeople(
    ANA,
    raffle.id,
    ['Ana', 'Bia', 'Caio', 'Davi'].map((name) => ({ name })),
    a.db,
  )
  await sync(a)
  const b = contextFor(freshDb(), server, ANA)
  await pullAll(b)
  return { server, a, b, raffleId: raffle.id }
}

const numbersOf = async (db: SorteioDB, raffleId: string) => new Map((await listTickets(raffleId, db)).map((t) => [t.name, t.ticketNumber]))
const serverNumbers = (server: FakeSyncServer, raffleId: string) => new Map([...server.raffles.get(raffleId)!.tickets.values()].map((t) => [t.name, t.ticket_number]))

describe('provisional ticket numbers on two devices', () => {
  it("a names import renumbered on a clash keeps clear of the numbers the device's next import typed", async () => {
    const { server, a, b, raffleId } = await twoDevices()
    // B, offline: 10 names numbered 005–014 by the device, then 10 people with typed 015–024.
    await addTickets(ANA, raffleId, { names: Array.from({ length: 10 }, (_, i) => `Nomes ${i + 1}`) }, b.db)
    const typed = Array.from({ length: 10 }, (_, i) => String(15 + i).padStart(3, '0'))
    await addTickets(ANA, raffleId, { names: typed.map((n) => `Digitado ${n}`), numbers: typed }, b.db)
    // A gives out 005–014 meanwhile.
    await addPeople(
      ANA,
      raffleId,
      Array.from({ length: 10 }, (_, i) => ({ name: `Balcão ${i + 1}` })),
      a.db,
    )
    await sync(a)
    await sync(b)

    // Before, the names took 015–024 and every typed ticket was refused for B's own numbers.
    expect(b.events.map((e) => (e.type === 'renumbered' ? renumberedText(e.numbers) : e.type))).toEqual(['Bilhetes renumerados pelo servidor: 005–014 → 025–034'])
    const held = serverNumbers(server, raffleId)
    expect(held.size).toBe(34)
    expect(held.get('Digitado 015')).toBe('015')
    expect(held.get('Digitado 024')).toBe('024')
    expect(held.get('Nomes 1')).toBe('025')
    expect(held.get('Nomes 10')).toBe('034')
    expect(await numbersOf(b.db, raffleId)).toEqual(held)
  })

  it('an offline import numbered 005–204 is renumbered where A added 005–049 meanwhile; nothing is refused', async () => {
    const { server, a, b, raffleId } = await twoDevices()
    // Both offline: B imports 200 names, A adds 45 people with the number left empty.
    await addTickets(ANA, raffleId, { names: Array.from({ length: 200 }, (_, i) => `Importado ${i + 1}`) }, b.db)
    await addPeople(
      ANA,
      raffleId,
      Array.from({ length: 45 }, (_, i) => ({ name: `Balcão ${i + 1}` })),
      a.db,
    )
    expect((await numbersOf(b.db, raffleId)).get('Importado 1')).toBe('005')
    const sent = (await pendingOps(b.db, ANA))[0]!.payload as { tickets: { ticket_number: string; provisional?: boolean }[] }
    expect(sent.tickets.every((t) => t.provisional === true)).toBe(true)
    // Unsent, each of them is shown 'provisório'.
    const provisional = await provisionalNumbers(b.db, ANA, raffleId)
    expect(provisional.size).toBe(200)
    expect([...provisional.values()].every((numbers) => numbers.size === 1)).toBe(true)

    await sync(a)
    await sync(b)
    await sync(a)

    // Told which numbers changed, once B holds the server's; nothing is provisional any more.
    expect(b.events).toEqual([{ type: 'renumbered', raffleId, numbers: Array.from({ length: 45 }, (_, i) => [String(5 + i).padStart(3, '0'), String(205 + i)]) }])
    expect(renumberedText((b.events[0] as unknown as { numbers: [string, string][] }).numbers)).toBe('Bilhetes renumerados pelo servidor: 005–049 → 205–249')
    expect((await provisionalNumbers(b.db, ANA, raffleId)).size).toBe(0)
    await sync(b)
    expect(b.events).toHaveLength(1)
    expect(await pendingOps(b.db, ANA)).toEqual([])
    const held = serverNumbers(server, raffleId)
    expect(held.size).toBe(249)
    expect(new Set(held.values()).size).toBe(249)
    // A's numbers are kept; B's clashing 005–049 become 205–249, the rest stay as B chose them.
    expect(held.get('Balcão 1')).toBe('005')
    expect(held.get('Importado 1')).toBe('205')
    expect(held.get('Importado 45')).toBe('249')
    expect(held.get('Importado 46')).toBe('050')
    expect(held.get('Importado 200')).toBe('204')
    // Every device shows the final numbers.
    expect(await numbersOf(b.db, raffleId)).toEqual(held)
    expect(await numbersOf(a.db, raffleId)).toEqual(held)
    // The log holds the final numbers, never the device's flag.
    const logged = server.raffles.get(raffleId)!.log.filter((c) => c.type === 'participants.add')
    expect(JSON.stringify(logged.map((c) => c.payload))).not.toContain('provisional')
  })

  it("B pulled A's numbers before its own add went out: B still ends with the server's numbers", async () => {
    const { server, a, b, raffleId } = await twoDevices()
    await addPeople(ANA, raffleId, [{ name: 'Eva' }], b.db)
    await addPeople(ANA, raffleId, [{ name: 'Fábio' }], a.db)
    await sync(a)
    // B hears of A's change first (its push was held up), then its own add goes: the answer's seq
    // follows what B holds, and only the server's word says its 005 became 006.
    await pullAll(b)
    await sync(b)
    expect(serverNumbers(server, raffleId).get('Eva')).toBe('006')
    expect(await numbersOf(b.db, raffleId)).toEqual(serverNumbers(server, raffleId))
  })

  it('a file import marks the numbers it chose as provisional, and not the ones the file named', async () => {
    const { b, raffleId } = await twoDevices()
    const file = new TextEncoder().encode('Nome,Bilhete\nGil,\nHelena,050\nÍris,\n')
    const { plan } = await readImport('lista.csv', file, { numbered: true, people: 4, tickets: 4, highest: 4 })
    await addTickets(ANA, raffleId, { names: plan.names, emails: plan.emails, numbers: plan.numbers, chosen: plan.chosen }, b.db)
    const sent = (await pendingOps(b.db, ANA))[0]!.payload as { tickets: { name: string; ticket_number: string; provisional?: boolean }[] }
    expect(sent.tickets.map((t) => [t.name, t.ticket_number, t.provisional ?? false])).toEqual([
      ['Gil', '051', true],
      ['Helena', '050', false],
      ['Íris', '052', true],
    ])
  })

  it('a file import with a typed number taken meanwhile: that ticket alone is refused, named; the rest go in', async () => {
    const { server, a, b, raffleId } = await twoDevices()
    const file = new TextEncoder().encode('Nome,Bilhete\nRoberto Lima,050\nSara Reis,051\nTeo Alves,\n')
    const { plan } = await readImport('lista.csv', file, { numbered: true, people: 4, tickets: 4, highest: 4 })
    await addTickets(ANA, raffleId, { names: plan.names, emails: plan.emails, numbers: plan.numbers, chosen: plan.chosen }, b.db)
    await addPeople(ANA, raffleId, [{ name: 'Eva', ticketNumber: '050' }], a.db)
    await sync(a)
    await sync(b)
    expect(b.events).toMatchObject([{ type: 'rejected', reason: 'ticket_number_taken', message: 'Roberto Lima (bilhete 050): já existe o bilhete 050 neste sorteio' }])
    const held = serverNumbers(server, raffleId)
    expect([held.get('Eva'), held.get('Sara Reis'), held.get('Teo Alves'), held.has('Roberto Lima')]).toEqual(['050', '051', '052', false])
    expect(await numbersOf(b.db, raffleId)).toEqual(held)
    expect(await pendingOps(b.db, ANA)).toEqual([])
  })

  it('a number typed on the form is not provisional: its clash is still refused', async () => {
    const { a, b, raffleId } = await twoDevices()
    await addPeople(ANA, raffleId, [{ name: 'Roberto Lima', ticketNumber: '050' }], b.db)
    const sent = (await pendingOps(b.db, ANA))[0]!.payload as { tickets: { provisional?: boolean }[] }
    expect(sent.tickets[0]!.provisional).toBeUndefined()
    await addPeople(ANA, raffleId, [{ name: 'Eva', ticketNumber: '050' }], a.db)
    await sync(a)
    await sync(b)
    expect(b.events).toMatchObject([{ type: 'rejected', reason: 'ticket_number_taken' }])
  })
})
