import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { newId } from '@/db/ids'
import { pendingOps } from '@/db/outbox'
import { countPeople, countTickets, listTickets } from '@/db/participants'
import { SorteioDB, type ParticipantRow } from '@/db/schema'
import { isUnpacked } from '@/db/chunk-codec'
import { chunksOf } from '@/db/ticket-upgrade'
import { highestTicketNumber } from '@/db/tickets'

// The tables of Dexie version 4 as a release shipped it: one row per ticket.
const VERSION_4 = {
  raffles: 'id, [ownerId+createdAt]',
  participants: 'id, [raffleId+createdAt], [raffleId+groupId]',
  outbox: '++seq, userId, [userId+raffleId]',
  syncState: 'raffleId',
  meta: 'key',
  draws: 'id, raffleId',
  winners: 'id, raffleId',
  drawSecrets: 'drawId, raffleId',
  drawPools: 'drawId, raffleId',
}

function version4(name: string): Dexie {
  const v4 = new Dexie(name)
  v4.version(4).stores(VERSION_4)
  return v4
}

const USER = '0190d3c4-0000-7000-8000-0000000000a1'

describe('Dexie version 5: tickets move into chunks', () => {
  it('keeps every ticket, every pending op and the rest of a version 4 database', async () => {
    const name = `test-${newId()}`
    const old = version4(name)
    const big = newId()
    const small = newId()
    const raffle = (id: string) => ({
      id,
      ownerId: USER,
      code: 'K7P2QX',
      title: 'Rifa',
      description: '',
      type: 'tickets',
      status: 'pending',
      winnersCount: 1,
      countdownSeconds: 0,
      allowDuplicateWins: false,
      drawnAt: null,
      createdAt: 1,
    })
    await old.table('raffles').bulkPut([raffle(big), raffle(small)])
    // 10,000 tickets of 1,000 people, written in an order other than the list's (as puts by id
    // left them), some created at the same time (ties go by id).
    const tickets = []
    for (let p = 0; p < 1000; p++) {
      const group = newId()
      for (let t = 0; t < 10; t++) {
        tickets.push({
          id: t === 0 ? group : newId(),
          raffleId: big,
          groupId: group,
          name: `Pessoa ${p}`,
          email: p % 3 ? null : `p${p}@exemplo.com`,
          ticketNumber: String(p * 10 + t + 1).padStart(5, '0'),
          createdAt: 1000 + Math.floor(p / 7),
        })
      }
    }
    tickets.push({ id: newId(), raffleId: small, groupId: 'g-small', name: 'Zé', email: null, ticketNumber: null, createdAt: 5 })
    await old.table('participants').bulkPut([...tickets].reverse())
    const ops = Array.from({ length: 25 }, (_, i) => ({
      opId: newId(),
      userId: USER,
      clientId: 'c1',
      mutationId: i + 1,
      raffleId: i % 2 ? big : small,
      type: 'participants.add',
      payload: { tickets: [{ id: newId(), name: `Novo ${i}`, group_id: newId() }] },
      createdAt: 2000 + i,
      baseSeq: i,
    }))
    await old.table('outbox').bulkAdd(ops)
    await old.table('meta').put({ key: 'feed:x', value: 'cursor' })
    await old.table('syncState').put({ raffleId: big, cursor: 'abc', headSeq: 7 })
    old.close()

    const db = new SorteioDB(name)
    const expected = tickets.filter((t) => t.raffleId === big).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    const got = await listTickets(big, db)
    expect(got).toEqual(expected)
    expect(await countTickets(big, db)).toBe(10_000)
    expect(await countPeople(big, db)).toBe(1000)
    expect(await highestTicketNumber(big, db)).toBe('10000')
    expect(await db.ticketChunks.where('raffleId').equals(big).count()).toBe(2)
    expect((await listTickets(small, db)).map((t) => t.name)).toEqual(['Zé'])
    // Every pending op, in order and unchanged.
    expect((await pendingOps(db, USER)).map(({ seq: _seq, ...op }) => op)).toEqual(ops)
    expect(await db.meta.get('feed:x')).toEqual({ key: 'feed:x', value: 'cursor' })
    expect(await db.syncState.get(big)).toEqual({ raffleId: big, cursor: 'abc', headSeq: 7 })
    expect(db.tables.map((t) => t.name)).not.toContain('participants')
    db.close()
  })
})

// Dexie version 6 as a release shipped it: chunks with one array per column, no per-ticket table.
function version6(name: string): Dexie {
  const v6 = new Dexie(name)
  const { participants: _dropped, ...kept } = VERSION_4
  v6.version(6).stores({ ...kept, ticketChunks: 'id, raffleId', ticketSummaries: 'raffleId', ticketPeople: 'raffleId' })
  return v6
}

describe('Dexie version 7: chunks are packed', () => {
  it('keeps every ticket, the summaries and every pending op of a version 6 database', async () => {
    const name = `test-${newId()}`
    const old = version6(name)
    const raffleId = newId()
    const tickets: ParticipantRow[] = []
    for (let p = 0; p < 1000; p++) {
      const group = newId()
      for (let t = 0; t < 10; t++) {
        tickets.push({
          id: newId(),
          raffleId,
          groupId: group,
          name: `Pessoa ${p}`,
          email: p % 3 ? null : `p${p}@exemplo.com`,
          ticketNumber: p % 5 ? String(p * 10 + t + 1) : null,
          createdAt: 1000 + p,
        })
      }
    }
    const { chunks, summary, people } = chunksOf(raffleId, [...tickets])
    await old.table('ticketChunks').bulkPut(chunks)
    await old.table('ticketSummaries').put(summary)
    await old.table('ticketPeople').put(people)
    const ops = Array.from({ length: 5 }, (_, i) => ({
      opId: newId(),
      userId: USER,
      clientId: 'c1',
      mutationId: i + 1,
      raffleId,
      type: 'participants.remove',
      payload: { group_id: tickets[i * 10]!.groupId },
      createdAt: 2000 + i,
      baseSeq: 3,
    }))
    await old.table('outbox').bulkAdd(ops)
    old.close()

    const db = new SorteioDB(name)
    expect(await listTickets(raffleId, db)).toEqual(tickets)
    expect(await countPeople(raffleId, db)).toBe(1000)
    expect(await db.ticketSummaries.get(raffleId)).toEqual(summary)
    expect(await db.ticketPeople.get(raffleId)).toEqual(people)
    const stored = await db.ticketChunks.where('raffleId').equals(raffleId).toArray()
    expect(stored.map((row) => row.id).sort()).toEqual(chunks.map((c) => c.id).sort())
    expect(stored.every((row) => !isUnpacked(row) && ArrayBuffer.isView(row.createdAt))).toBe(true)
    expect((await pendingOps(db, USER)).map(({ seq: _seq, ...op }) => op)).toEqual(ops)
    db.close()
  })
})
