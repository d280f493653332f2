import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { SorteioDB } from '@/db/schema'
import { cachedTickets, dropTickets } from '@/db/ticket-cache'
import { listPreview, readTicketColumns } from '@/db/ticket-reads'
import { readPeople, readSummary } from '@/db/tickets'
import { SnapshotColumnsError } from '@/protocol/snapshot-columns'
import type { Snapshot, TicketWire } from '@/protocol/wire'
import { replaceRaffle, syncTx } from '@/sync/local'
import { pullAll } from '@/sync/pull'
import { columnsOfTickets } from '@/sync/testing/columns'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'
import { snapshotVectors, type VectorTicket } from '@/test/snapshot-vectors'
import { SCHEMA_PARAM } from '@/sync/paths'

const RAFFLE = '0192f0c1-0000-7000-8000-00000000a001'
const raffle = (type: 'simple' | 'tickets') => ({
  id: RAFFLE,
  code: 'K7P2QX',
  title: 'Rifa',
  description: '',
  type,
  status: 'pending' as const,
  winners_count: 1,
  countdown_seconds: 0,
  allow_duplicate_wins: false,
  drawn_at: null,
  created_at: 1_763_700_000_000,
})

function snapshots(type: 'simple' | 'tickets', tickets: VectorTicket[]): { objects: Snapshot; columns: Snapshot } {
  const head = { raffle: raffle(type), head_seq: 3, draws: [], winners: [], cursor: btoa('1:3') }
  return { objects: { ...head, participants: tickets }, columns: { ...head, format: 'columns', tickets: columnsOfTickets(tickets) } }
}

/** What a raffle's tickets are on a device: every column in list order, the summary, each person's count. */
async function stored(db: SorteioDB) {
  const columns = await readTicketColumns(RAFFLE, db)
  const summary = await readSummary(db, RAFFLE)
  const people = [...(await readPeople(db, RAFFLE))].map(([g, p]) => [g, p.tickets]).sort()
  return { columns: structuredClone(columns), tickets: summary?.tickets ?? 0, people: summary?.people ?? 0, highest: summary?.highest ?? null, perPerson: people }
}

/**
 * Each format stored on a device of its own, then read back from IndexedDB by another connection
 * (what a reload sees: none of the chunks this tab keeps in memory). The columns device's own reads,
 * from the chunks it holds in memory packed, must agree with those.
 */
async function storeBoth(type: 'simple' | 'tickets', tickets: VectorTicket[]) {
  const { objects, columns } = snapshots(type, tickets)
  const a = freshDb()
  const b = freshDb()
  await syncTx(a, () => replaceRaffle(a, ANA, RAFFLE, objects, 1))
  // As on a new device: no raffle read before, so this tab keeps the chunks it writes.
  dropTickets()
  await syncTx(b, () => replaceRaffle(b, ANA, RAFFLE, columns, 1))
  expect(cachedTickets(b, RAFFLE)?.chunks.size ?? 0).toBe((await readSummary(b, RAFFLE))?.chunks.length ?? 0)
  const reopened = new SorteioDB(b.name)
  // The first page: a person's tickets in later chunks are found through the people row.
  const previews = [await listPreview(RAFFLE, 100, b), await listPreview(RAFFLE, 100, reopened), await listPreview(RAFFLE, 100, new SorteioDB(a.name))]
  for (const p of previews) expect(structuredClone(p)).toEqual(structuredClone(previews[2]))
  const inMemory = await stored(b)
  const fromColumns = await stored(reopened)
  expect(inMemory).toEqual(fromColumns)
  return { fromObjects: await stored(new SorteioDB(a.name)), fromColumns, preview: previews[0]! }
}

/** People of 1 to 12 tickets, some tickets added later (apart from the person's others), in list order. */
function manyTickets(n: number): VectorTicket[] {
  let seed = 7
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const id = (k: number) => `0192f0c1-0000-7000-8000-${k.toString(16).padStart(12, '0')}`
  const people: { group: string; name: string; email: string | null }[] = []
  const out: VectorTicket[] = []
  for (let k = 0; out.length < n; k++) {
    const later = people.length > 0 && random() < 0.1
    const p = later ? people[Math.floor(random() * people.length)]! : { group: id(1_000_000 + k), name: `Pessoa ${k}`, email: random() < 0.5 ? `p${k}@exemplo.com` : null }
    if (!later) people.push(p)
    const at = 1_763_700_000_000 + Math.floor(out.length / 5000) * 1000
    for (let t = Math.ceil(random() * 12); t > 0 && out.length < n; t--) {
      out.push({ id: id(out.length + 1), group_id: p.group, name: p.name, email: p.email, ticket_number: String(out.length + 1).padStart(3, '0'), created_at: at })
    }
  }
  return out
}

describe('the two snapshot formats store the same tickets', () => {
  for (const c of snapshotVectors.cases) {
    for (const type of ['tickets', 'simple'] as const) {
      it(`${c.name} (${type} raffle)`, async () => {
        const { fromObjects, fromColumns } = await storeBoth(type, c.objects)
        expect(fromColumns).toEqual(fromObjects)
        expect(fromColumns.tickets).toBe(c.objects.length)
        // A simple raffle keeps no numbers, whatever the snapshot says.
        if (type === 'simple') expect(fromColumns.columns.numbers.every((n) => n === null)).toBe(true)
      })
    }
  }

  it('12,345 tickets in 3 chunks, people apart', async () => {
    const tickets = manyTickets(12_345)
    const { fromObjects, fromColumns } = await storeBoth('tickets', tickets)
    expect(fromColumns).toEqual(fromObjects)
    expect(fromColumns.columns.ids).toEqual(tickets.map((t) => t.id))
    expect(fromColumns.highest).toBe('12345')
  })

  it("the first page holds a person's ticket from the last chunk", async () => {
    const tickets = manyTickets(12_000)
    const first = tickets[0]!
    tickets.push({ ...first, id: '0192f0c1-0000-7000-8000-ffffffffffff', ticket_number: '99999', created_at: tickets.at(-1)!.created_at + 1000 })
    const { preview } = await storeBoth('tickets', tickets)
    expect(preview.tickets.ids.filter((_, i) => preview.tickets.groups[i] === first.group_id)).toEqual([...tickets.filter((t) => t.group_id === first.group_id).map((t) => t.id)])
    expect(preview.tickets.ids).toContain('0192f0c1-0000-7000-8000-ffffffffffff')
  })
})

describe('columns the device does not store as they come', () => {
  it('tickets out of list order are stored in list order', async () => {
    const tickets = manyTickets(7000)
    // Two tickets of one time swapped, and the last ticket a second earlier than the rest.
    const shuffled = [...tickets]
    ;[shuffled[1], shuffled[0]] = [shuffled[0]!, shuffled[1]!]
    shuffled.push({ ...shuffled.pop()!, created_at: tickets[0]!.created_at - 1000 })
    const { objects, columns } = snapshots('tickets', shuffled)
    const a = freshDb()
    const b = freshDb()
    await syncTx(a, () => replaceRaffle(a, ANA, RAFFLE, objects, 1))
    await syncTx(b, () => replaceRaffle(b, ANA, RAFFLE, columns, 1))
    const fromColumns = await stored(new SorteioDB(b.name))
    expect(fromColumns).toEqual(await stored(new SorteioDB(a.name)))
    expect(fromColumns.columns.ids[0]).toBe(tickets.at(-1)!.id)
    expect(fromColumns.columns.ids.slice(1, 3)).toEqual([tickets[0]!.id, tickets[1]!.id])
  })

  for (const c of snapshotVectors.invalid) {
    it(`refused, nothing stored: ${c.name}`, async () => {
      const db = freshDb()
      const snap: Snapshot = { ...snapshots('tickets', []).columns, format: 'columns', tickets: structuredClone(c.columns) }
      await expect(syncTx(db, () => replaceRaffle(db, ANA, RAFFLE, snap, 1))).rejects.toThrow(SnapshotColumnsError)
      expect(await db.raffles.count()).toBe(0)
      expect(await db.ticketChunks.count()).toBe(0)
      expect(await readSummary(db, RAFFLE)).toBeUndefined()
    })
  }
})

describe('a new device loads the raffle from the snapshot', () => {
  function serverWith(tickets: TicketWire[]) {
    const server = new FakeSyncServer()
    server.user = ANA
    const op = (n: number, type: string, payload: unknown) => ({
      op_id: `0192f0c1-0000-7000-8000-${String(n).padStart(12, '0')}`,
      mutation_id: n,
      raffle_id: RAFFLE,
      type: type as 'raffle.create',
      base_seq: 0,
      payload,
    })
    const device = '0192f0c1-0000-7000-8000-0000000000d9'
    const { status: _, drawn_at: __, ...create } = raffle('tickets')
    expect(server.applyOp(ANA, device, op(1, 'raffle.create', create)).status).toBe('applied')
    expect(server.applyOp(ANA, device, op(2, 'participants.add', { tickets })).status).toBe('applied')
    return server
  }
  // At most 5,000 tickets an op.
  const tickets = manyTickets(4000).map(({ created_at: _, ...t }) => t)

  for (const columns of [true, false]) {
    it(columns ? 'in columns, without the log' : 'in objects, from a server before columns', async () => {
      const server = serverWith(tickets)
      server.snapshotColumns = columns
      const db = freshDb()
      await pullAll(contextFor(db, server, ANA))
      expect(server.gets.filter((g) => g.includes(RAFFLE))).toEqual([`/api/sync/raffles/${RAFFLE}/snapshot?format=columns&${SCHEMA_PARAM}`])
      expect((await readTicketColumns(RAFFLE, db)).ids).toEqual(tickets.map((t) => t.id).sort())
      expect(await db.syncState.get(RAFFLE)).toEqual({ raffleId: RAFFLE, cursor: btoa('1:2'), headSeq: 2 })
    })
  }
})
