// The chunk store against a per-ticket reference (one row per ticket id, as IndexedDB held them
// before chunks): random sequences of adds and removals, fixed seeds. After each step the list,
// the counts, the people with their ranges and duplicates, and the pool digest must be the same.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { applyOp, applyOps, type OpToApply } from '@/db/apply'
import { unpackChunk } from '@/db/chunk-codec'
import { poolOrder, readPoolInputs } from '@/db/round-pool'
import { listTickets } from '@/db/participants'
import { writeTx } from '@/db/raffles'
import { SorteioDB, type ParticipantRow } from '@/db/schema'
import { CHUNK_SIZE, compareKeys, entryOf } from '@/db/ticket-chunks'
import { readTicketColumns } from '@/db/ticket-reads'
import { highestTicketNumber, readPeople, readSummary } from '@/db/tickets'
import { buildGroupIndex, compareTicketNumbers } from '@/features/manage-raffle/participants/participants-logic'
import { canonical, poolDigest } from '@/protocol/draw'
import { poolDigestOf } from '@/protocol/pool-digest'
import type { TicketWire } from '@/protocol/wire'

/** mulberry32: a small seeded generator, for this test only (product code uses crypto). */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const RAFFLE = 'raffle-1'
const USER = 'user-1'

/** Per-ticket state: what a put by id and a delete by group leave. */
class Reference {
  rows = new Map<string, ParticipantRow>()

  apply(op: OpToApply, numbered: boolean): void {
    if (op.type === 'participants.remove_group') {
      const group = (op.payload as { group_id: string }).group_id
      for (const [id, row] of this.rows) if (row.groupId === group) this.rows.delete(id)
      return
    }
    for (const t of (op.payload as { tickets: TicketWire[] }).tickets) {
      this.rows.delete(t.id)
      this.rows.set(t.id, {
        id: t.id,
        raffleId: RAFFLE,
        groupId: t.group_id,
        name: t.name,
        email: t.email ?? null,
        ticketNumber: numbered ? (t.ticket_number ?? null) : null,
        createdAt: t.created_at ?? op.at,
      })
    }
  }

  list(): ParticipantRow[] {
    return [...this.rows.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }
}

function randomOps(random: () => number, ref: Reference, clock: { at: number; next: number }): OpToApply[] {
  const int = (n: number) => Math.floor(random() * n)
  const ops: OpToApply[] = []
  const steps = 1 + int(4)
  for (let s = 0; s < steps; s++) {
    const held = [...ref.rows.values()]
    const roll = random()
    if (roll < 0.3 && held.length > 0) {
      ops.push({ type: 'participants.remove_group', payload: { group_id: held[int(held.length)]!.groupId }, at: clock.at })
      continue
    }
    // Mostly small batches, sometimes one that fills more than a chunk.
    const size = random() < 0.08 ? 1000 + int(CHUNK_SIZE - 500) : 1 + int(60)
    const tickets: TicketWire[] = []
    let group = ''
    for (let i = 0; i < size; i++) {
      const kind = random()
      let t: TicketWire
      if (kind < 0.03 && held.length > 0) {
        // A ticket stored already (an op applied again), maybe under another name.
        const old = held[int(held.length)]!
        t = { id: old.id, name: random() < 0.5 ? old.name : `${old.name} bis`, email: old.email, ticket_number: old.ticketNumber, group_id: old.groupId }
      } else {
        const id = `t${String(clock.next++).padStart(7, '0')}`
        // A new person, the previous ticket's person, or (rarely) a person held already.
        if (!group || random() < 0.4) group = kind < 0.06 && held.length > 0 ? held[int(held.length)]!.groupId : `g-${id}`
        const number = random() < 0.8 ? String(1 + int(5000)).padStart(random() < 0.5 ? 4 : 1, '0') : random() < 0.5 ? null : `VIP ${int(9)}`
        t = { id, name: `Pessoa ${int(300)}`, email: random() < 0.5 ? null : `p${int(50)}@exemplo.com`, ticket_number: number, group_id: group }
      }
      // Now and then a ticket carries its own time, earlier than the batch's (chunks overlap).
      if (random() < 0.05) t.created_at = clock.at - int(50)
      tickets.push(t)
    }
    clock.at += random() < 0.2 ? -int(30) : 1 + int(20)
    ops.push({ type: 'participants.add', payload: { tickets }, at: clock.at })
  }
  return ops
}

/** Checks the store against the reference; answers how many chunks hold the raffle. */
async function expectSame(database: SorteioDB, ref: Reference): Promise<number> {
  const want = ref.list()
  expect(await listTickets(RAFFLE, database)).toEqual(want)
  // A reader without the in-memory copy (another tab) reads the same.
  const other = new SorteioDB(database.name)
  expect(await readTicketColumns(RAFFLE, other)).toEqual(await readTicketColumns(RAFFLE, database))
  other.close()

  const summary = await readSummary(database, RAFFLE)
  const people = await readPeople(database, RAFFLE)
  const perPerson = new Map<string, number>()
  for (const r of want) perPerson.set(r.groupId, (perPerson.get(r.groupId) ?? 0) + 1)
  expect(summary?.tickets ?? 0).toBe(want.length)
  expect(summary?.people ?? 0).toBe(perPerson.size)
  expect(new Map([...people].map(([g, p]) => [g, p.tickets]))).toEqual(perPerson)
  const digits = want.map((r) => r.ticketNumber).filter((n): n is string => n !== null && /^\d+$/.test(n))
  expect(await highestTicketNumber(RAFFLE, database)).toBe(digits.length ? digits.sort(compareTicketNumbers).at(-1) : null)

  // The chunks are what the summary says: sizes, order of first tickets, people's chunks.
  const chunks = (await database.ticketChunks.where('raffleId').equals(RAFFLE).toArray()).map(unpackChunk)
  expect(chunks.every((c) => c.ids.length > 0 && c.ids.length <= CHUNK_SIZE)).toBe(true)
  expect(new Set(chunks.map((c) => c.id))).toEqual(new Set(summary?.chunks.map((c) => c.id) ?? []))
  // Each entry describes its chunk as stored now, and the entries are in order of first tickets.
  expect(new Map(summary?.chunks.map((c) => [c.id, c]))).toEqual(new Map(chunks.map((c) => [c.id, entryOf(c)])))
  const firsts = summary?.chunks ?? []
  expect(firsts.every((c, i) => i === 0 || compareKeys(firsts[i - 1]!.firstAt, firsts[i - 1]!.firstId, c.firstAt, c.firstId) <= 0)).toBe(true)
  const holding = new Map<string, Set<string>>()
  for (const c of chunks) for (const g of c.groups) holding.set(g, (holding.get(g) ?? new Set()).add(c.id))
  expect(new Map([...people].map(([g, p]) => [g, new Set(p.chunks)]))).toEqual(holding)

  const index = buildGroupIndex(await readTicketColumns(RAFFLE, database))
  expect(index).toEqual(buildGroupIndex(want))
  const inputs = await readPoolInputs(RAFFLE, database)
  const reference = want.map((r) => ({ id: r.id, group_id: r.groupId, ticket_number: r.ticketNumber, name: r.name }))
  const digest = await poolDigest(canonical(reference))
  expect(await poolDigest(canonical(inputs.tickets))).toBe(digest)
  // The way a round opens: positions into the stored columns, no ticket objects.
  const columns = await readTicketColumns(RAFFLE, database)
  expect(await poolDigestOf(columns, poolOrder('draw', false, columns, []))).toBe(digest)
  return chunks.length
}

describe('ticket chunks against one row per ticket', () => {
  for (const seed of [1, 7, 2026]) {
    it(`random adds and removals keep the list, counts, people, ranges and pool digest (seed ${seed})`, async () => {
      const random = prng(seed)
      const database = new SorteioDB(`test-chunks-${seed}-${Date.now()}`)
      const numbered = seed !== 7
      const raffle = { id: RAFFLE, code: 'K7P2QX', title: 'Rifa', description: '', type: numbered ? 'tickets' : 'simple', winners_count: 1, countdown_seconds: 0, created_at: 1 }
      await writeTx(database, () => applyOp(database, USER, RAFFLE, 'raffle.create', raffle, 1))
      const ref = new Reference()
      const clock = { at: 1000, next: 0 }
      let maxChunks = 0
      for (let step = 0; step < 16; step++) {
        const ops = randomOps(random, ref, clock)
        // Half the steps go op by op, half as one run (as a pulled page).
        await writeTx(database, async () => {
          if (random() < 0.5) await applyOps(database, USER, RAFFLE, ops)
          else for (const op of ops) await applyOp(database, USER, RAFFLE, op.type, op.payload, op.at)
        })
        for (const op of ops) ref.apply(op, numbered)
        maxChunks = Math.max(maxChunks, await expectSame(database, ref))
      }
      // The sequence crossed chunk boundaries: tickets were appended to, and removed from, several chunks.
      expect(maxChunks).toBeGreaterThan(1)
      database.close()
    }, 120_000)
  }
})
