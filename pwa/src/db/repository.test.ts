import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { addPeople, addTicket, countPeople, countTickets, listTickets, removeGroup } from '@/db/participants'
import { clientIdFor, pendingCount, pendingOps } from '@/db/outbox'
import { createRaffle, deleteRaffle, getRaffle, listRaffles, updateRaffle, type NewRaffle } from '@/db/raffles'
import { RuleError } from '@/protocol/rules'
import { ANA, BRUNO, freshDb } from '@/sync/testing/helpers'

const input: NewRaffle = { title: '  Rifa da festa ', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 10 }

describe('raffle writes', () => {
  it('createRaffle stores the raffle and queues raffle.create with the same fields', async () => {
    const db = freshDb()
    const raffle = await createRaffle(ANA, input, db)
    expect(raffle).toMatchObject({ ownerId: ANA, title: 'Rifa da festa', status: 'pending', winnersCount: 1 })
    expect(raffle.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    const [op] = await pendingOps(db, ANA)
    expect(op).toMatchObject({ userId: ANA, raffleId: raffle.id, type: 'raffle.create', mutationId: 1, baseSeq: 0 })
    expect(op!.clientId).toBe(await clientIdFor(db, ANA))
    expect(op!.payload).toMatchObject({ id: raffle.id, code: raffle.code, title: 'Rifa da festa', type: 'tickets', winners_count: 1 })
  })

  it('numbers the ops of one account 1..n in the order they were made', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await updateRaffle(ANA, id, { title: 'Novo título' }, db)
    await addPeople(ANA, id, [{ name: 'Ana' }], db)
    await updateRaffle(ANA, id, { winnersCount: 2 }, db)
    const ops = await pendingOps(db, ANA)
    expect(ops.map((o) => [o.type, o.mutationId])).toEqual([
      ['raffle.create', 1],
      ['raffle.update', 2],
      ['participants.add', 3],
      ['raffle.update', 4],
    ])
  })

  it('gives each account its own client id and mutation ids, and lists only its raffles', async () => {
    const db = freshDb()
    const a = await createRaffle(ANA, input, db)
    await createRaffle(BRUNO, input, db)
    const [opB] = await pendingOps(db, BRUNO)
    expect(opB!.mutationId).toBe(1)
    expect(opB!.clientId).not.toBe(await clientIdFor(db, ANA))
    expect((await listRaffles(ANA, db)).map((r) => r.id)).toEqual([a.id])
    expect(await getRaffle(BRUNO, a.id, db)).toBeUndefined()
    await expect(updateRaffle(BRUNO, a.id, { title: 'x' }, db)).rejects.toMatchObject({ reason: 'raffle_not_found' })
  })

  it('writes nothing when a field breaks a rule', async () => {
    const db = freshDb()
    await expect(createRaffle(ANA, { ...input, title: '   ' }, db)).rejects.toBeInstanceOf(RuleError)
    await expect(createRaffle(ANA, { ...input, winnersCount: 101 }, db)).rejects.toMatchObject({ reason: 'winners_out_of_range' })
    await expect(createRaffle(ANA, { ...input, type: 'loteria' as never }, db)).rejects.toMatchObject({ reason: 'invalid_raffle_type' })
    expect(await db.raffles.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('updateRaffle changes the row and queues only the given fields; refused once the draw started', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await updateRaffle(ANA, id, { countdownSeconds: 0, allowDuplicateWins: true }, db)
    expect(await getRaffle(ANA, id, db)).toMatchObject({ countdownSeconds: 0, allowDuplicateWins: true, title: 'Rifa da festa' })
    expect((await pendingOps(db, ANA)).at(-1)!.payload).toEqual({ countdown_seconds: 0, allow_duplicate_wins: true })
    await db.raffles.update(id, { status: 'in_progress' })
    await expect(updateRaffle(ANA, id, { title: 'x' }, db)).rejects.toMatchObject({ reason: 'draw_started' })
    await expect(deleteRaffle(ANA, id, db)).rejects.toMatchObject({ reason: 'draw_in_progress' })
    expect(await pendingCount(db, ANA)).toBe(2)
  })

  it('rolls the table write back when queueing the op fails (one transaction)', async () => {
    const db = freshDb()
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('disco cheio'))
    await expect(createRaffle(ANA, input, db)).rejects.toThrow('disco cheio')
    expect(await db.raffles.count()).toBe(0)
    expect(await db.meta.count()).toBe(0)
  })

  it('deleteRaffle removes the raffle and its tickets and queues raffle.delete', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await addPeople(ANA, id, [{ name: 'Ana', quantity: 3 }], db)
    await deleteRaffle(ANA, id, db)
    expect(await db.raffles.get(id)).toBeUndefined()
    expect(await countTickets(id, db)).toBe(0)
    expect((await pendingOps(db, ANA)).at(-1)).toMatchObject({ type: 'raffle.delete', payload: {} })
  })
})

describe('participant writes', () => {
  it('addPeople stores tickets and queues them; several tickets share a group and get the next free numbers', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    expect(
      await addPeople(
        ANA,
        id,
        [
          { name: ' Ana ', email: 'ana@exemplo.com', ticketNumber: '7' },
          { name: 'Bia', quantity: 3 },
        ],
        db,
      ),
    ).toBe(4)
    const tickets = await listTickets(id, db)
    expect(tickets.map((t) => [t.name, t.ticketNumber])).toEqual([
      ['Ana', '7'],
      ['Bia', '008'],
      ['Bia', '009'],
      ['Bia', '010'],
    ])
    expect(new Set(tickets.filter((t) => t.name === 'Bia').map((t) => t.groupId)).size).toBe(1)
    expect(await countPeople(id, db)).toBe(2)
    const op = (await pendingOps(db, ANA)).at(-1)!
    expect(op.type).toBe('participants.add')
    expect((op.payload as { tickets: unknown[] }).tickets).toHaveLength(4)
  })

  it('refuses a ticket number the raffle holds before queueing anything, naming it', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await addPeople(ANA, id, [{ name: 'Ana', ticketNumber: '001' }], db)
    const before = await db.outbox.count()
    await expect(addPeople(ANA, id, [{ name: 'Bia', ticketNumber: '001' }], db)).rejects.toMatchObject({
      reason: 'ticket_number_taken',
      field: 'ticketNumber',
      message: 'Já existe o bilhete 001 neste sorteio.',
    })
    expect(await db.outbox.count()).toBe(before)
    expect((await listTickets(id, db)).map((t) => t.name)).toEqual(['Ana'])
    // Without a number: the next free one.
    await addPeople(ANA, id, [{ name: 'Bia' }], db)
    expect((await listTickets(id, db)).map((t) => t.ticketNumber)).toEqual(['001', '002'])
  })

  it('addTicket gives a listed person one more ticket in their group, with the next number', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await addPeople(ANA, id, [{ name: 'Ana', email: 'ana@exemplo.com', ticketNumber: '010' }, { name: 'Bia' }], db)
    const ana = (await listTickets(id, db))[0]!
    expect(await addTicket(ANA, id, ana.groupId, db)).toBe('012')
    const tickets = await listTickets(id, db)
    expect(tickets.filter((t) => t.groupId === ana.groupId).map((t) => [t.name, t.email, t.ticketNumber])).toEqual([
      ['Ana', 'ana@exemplo.com', '010'],
      ['Ana', 'ana@exemplo.com', '012'],
    ])
    expect(await countPeople(id, db)).toBe(2)
    const op = (await pendingOps(db, ANA)).at(-1)!
    expect(op.payload).toMatchObject({ tickets: [{ group_id: ana.groupId, ticket_number: '012', name: 'Ana' }] })
    await expect(addTicket(ANA, id, '0190d3c4-0000-7000-8000-00000000dead', db)).rejects.toMatchObject({ reason: 'group_not_found' })
  })

  it('splits more than 5,000 tickets into ops of at most 5,000', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    const people = Array.from({ length: 6 }, (_, i) => ({ name: `Pessoa ${i}`, quantity: 1000 }))
    await addPeople(ANA, id, people, db)
    const adds = (await pendingOps(db, ANA)).filter((o) => o.type === 'participants.add')
    expect(adds.map((o) => (o.payload as { tickets: unknown[] }).tickets.length)).toEqual([5000, 1000])
    expect(await countTickets(id, db)).toBe(6000)
  })

  it('writes nothing when one person of the batch is invalid', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await expect(addPeople(ANA, id, [{ name: 'Ana' }, { name: 'Bia', email: 'bia@' }], db)).rejects.toMatchObject({ reason: 'invalid_email' })
    await expect(addPeople(ANA, id, [{ name: 'Ana', quantity: 1001 }], db)).rejects.toMatchObject({ reason: 'too_many_tickets_per_person' })
    expect(await countTickets(id, db)).toBe(0)
    expect(await pendingCount(db, ANA)).toBe(1)
  })

  it('removeGroup removes every ticket of the person and queues the removal', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await addPeople(ANA, id, [{ name: 'Ana', quantity: 2 }, { name: 'Bia' }], db)
    const ana = (await listTickets(id, db)).find((t) => t.name === 'Ana')!
    await removeGroup(ANA, id, ana.groupId, db)
    expect((await listTickets(id, db)).map((t) => t.name)).toEqual(['Bia'])
    expect((await pendingOps(db, ANA)).at(-1)).toMatchObject({ type: 'participants.remove_group', payload: { group_id: ana.groupId } })
  })

  it('removeGroup refuses a person who is not there, and queues nothing', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    const before = await pendingCount(db, ANA)
    await expect(removeGroup(ANA, id, '0192f0c1-0000-7000-8000-00000000dead', db)).rejects.toMatchObject({ reason: 'group_not_found' })
    expect(await pendingCount(db, ANA)).toBe(before)
  })

  it('deleteRaffle queues the delete with the cursor the raffle had', async () => {
    const db = freshDb()
    const { id } = await createRaffle(ANA, input, db)
    await db.syncState.put({ raffleId: id, cursor: 'c', headSeq: 7 })
    await deleteRaffle(ANA, id, db)
    expect((await pendingOps(db, ANA)).at(-1)).toMatchObject({ type: 'raffle.delete', baseSeq: 7 })
  })
})
