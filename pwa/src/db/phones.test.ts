import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { pendingOps } from '@/db/outbox'
import { addPeople, addTicket, addTickets, listTickets } from '@/db/participants'
import { createRaffle, type NewRaffle } from '@/db/raffles'
import { SorteioDB } from '@/db/schema'
import { RuleError } from '@/protocol/rules'
import type { TicketWire } from '@/protocol/wire'
import { dropTickets } from '@/db/ticket-cache'
import { ANA, freshDb } from '@/sync/testing/helpers'

const input: NewRaffle = { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }

const ticketsOf = async (db: SorteioDB) => (await pendingOps(db, ANA)).flatMap((o) => (o.type === 'participants.add' ? (o.payload as { tickets: TicketWire[] }).tickets : []))

describe("participants' phones on the device", () => {
  it('stores a phone typed by hand in E.164 on every ticket of the person, and sends it so', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await addPeople(ANA, id, [{ name: 'Ana', phone: '(11) 91234-5678', quantity: 2 }, { name: 'Bia' }], db)
    await addTicket(ANA, id, (await listTickets(id, db))[0]!.groupId, db)
    // What a reload reads: the chunks from IndexedDB, not this tab's memory.
    dropTickets()
    const stored = await listTickets(id, new SorteioDB(db.name))
    expect(stored.map((t) => [t.name, t.phone ?? null])).toEqual([
      ['Ana', '+5511912345678'],
      ['Ana', '+5511912345678'],
      ['Bia', null],
      ['Ana', '+5511912345678'],
    ])
    const sent = await ticketsOf(db)
    expect(sent.map((t) => t.phone)).toEqual(['+5511912345678', '+5511912345678', undefined, '+5511912345678'])
    // A person without a phone sends no phone field at all: ops read as before.
    expect('phone' in sent[2]!).toBe(false)
  })

  it('refuses a phone the rule refuses, on its field, and writes nothing', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    const refused = addPeople(ANA, id, [{ name: 'Ana', phone: '(11) 8123-4567' }], db)
    await expect(refused).rejects.toBeInstanceOf(RuleError)
    await expect(refused).rejects.toMatchObject({ reason: 'invalid_phone', field: 'phone' })
    expect(await listTickets(id, db)).toEqual([])
    expect(await ticketsOf(db)).toEqual([])
  })

  it("takes an import's phone column through the same rule (the hook for the column step)", async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, { ...input, type: 'simple' }, db)
    await addTickets(ANA, id, { names: ['Ana', 'Bia'], phones: ['+351 912 345 678', ''] }, db)
    expect((await listTickets(id, db)).map((t) => t.phone ?? null)).toEqual(['+351912345678', null])
  })
})
