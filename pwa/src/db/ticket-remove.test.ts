import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { addPeople, listTickets, removeGroup } from '@/db/participants'
import { pendingOps } from '@/db/outbox'
import { createRaffle } from '@/db/raffles'
import { readTicketColumns } from '@/db/ticket-reads'
import { readPeople, readSummary } from '@/db/tickets'
import { RuleError } from '@/protocol/rules'
import { ANA, freshDb } from '@/sync/testing/helpers'

async function raffleOfThree() {
  const db = freshDb()
  const { id } = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, db)
  await addPeople(ANA, id, [{ name: 'Ana', quantity: 2 }, { name: 'Bia', quantity: 3 }, { name: 'Caio' }], db)
  const groups = new Map((await listTickets(id, db)).map((t) => [t.name, t.groupId]))
  return { db, id, groups }
}

describe('removing a person', () => {
  it('rewrites the chunk and the summary, keeps the other people, and queues the op', async () => {
    const { db, id, groups } = await raffleOfThree()
    const before = await readTicketColumns(id, db)
    await removeGroup(ANA, id, groups.get('Bia')!, db)
    expect((await listTickets(id, db)).map((t) => t.name)).toEqual(['Ana', 'Ana', 'Caio'])
    // The list kept in memory is read again, not served stale.
    expect(await readTicketColumns(id, db)).not.toBe(before)
    expect(await readSummary(db, id)).toMatchObject({ tickets: 3, people: 2, highest: '006' })
    const people = await readPeople(db, id)
    expect([...people.keys()].sort()).toEqual([groups.get('Ana'), groups.get('Caio')].sort())
    expect(people.get(groups.get('Ana')!)?.tickets).toBe(2)
    expect((await pendingOps(db, ANA)).at(-1)).toMatchObject({ type: 'participants.remove_group', payload: { group_id: groups.get('Bia') } })
  })

  it('refuses a person the raffle does not hold, and writes nothing', async () => {
    const { db, id } = await raffleOfThree()
    const summary = await readSummary(db, id)
    const ops = (await pendingOps(db, ANA)).length
    await expect(removeGroup(ANA, id, 'nobody', db)).rejects.toEqual(new RuleError('group_not_found'))
    expect(await readSummary(db, id)).toEqual(summary)
    expect((await pendingOps(db, ANA)).length).toBe(ops)
  })

  it('counts again from the chunks when the people row disagrees with them', async () => {
    const { db, id, groups } = await raffleOfThree()
    const row = (await db.ticketPeople.get(id))!
    row.counts[row.groups.indexOf(groups.get('Bia')!)] = 7
    await db.ticketPeople.put(row)
    await removeGroup(ANA, id, groups.get('Bia')!, db)
    expect(await readSummary(db, id)).toMatchObject({ tickets: 3, people: 2 })
    expect([...(await readPeople(db, id)).values()].map((p) => p.tickets).sort()).toEqual([1, 2])
  })
})
