import { describe, expect, it } from 'vitest'
import { unpackChunk } from '@/db/chunk-codec'
import { snapshotRows } from '@/db/snapshot-chunks'
import { SnapshotColumnsError } from '@/protocol/snapshot-columns'
import type { TicketColumnsWire } from '@/protocol/wire'
import { snapshotVectors } from '@/test/snapshot-vectors'

interface Ticket {
  id: string
  group: string
  name: string
  email: string | null
  number: string | null
  at: number
}

/**
 * Random tickets in list order (fixed seed): people of 1 to 9 tickets, some of whose tickets come
 * again later (apart), a few under another name (a second entry of the group), some without e-mail
 * or number. Returned as tickets and as the columns a server sends for them.
 */
function randomSnapshot(seed: number, n: number): { tickets: Ticket[]; wire: TicketColumnsWire } {
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const hex = (k: number) => k.toString(16).padStart(12, '0')
  const people: { group: string; name: string; email: string | null }[] = []
  const tickets: Ticket[] = []
  for (let k = 0; tickets.length < n; k++) {
    let p = { group: `0192f0c1-0000-7000-8100-${hex(k)}`, name: `Pessoa ${k}`, email: random() < 0.5 ? `p${k}@exemplo.com` : null }
    if (people.length > 0 && random() < 0.15) {
      p = people[Math.floor(random() * people.length)]!
      if (random() < 0.3) p = { ...p, name: `${p.name} (outro nome)` }
    } else {
      people.push(p)
    }
    const at = 1_763_700_000_000 + Math.floor(tickets.length / 700) * 1000
    for (let t = 1 + Math.floor(random() * 9); t > 0 && tickets.length < n; t--) {
      const number = random() < 0.9 ? String(tickets.length + 1).padStart(6, '0') : null
      tickets.push({ id: `0192f0c1-0000-7000-8000-${hex(tickets.length)}`, ...p, number, at })
    }
  }
  const wire: TicketColumnsWire = { ids: [], person: [], numbers: [], created_at: [], people: { group_ids: [], names: [], emails: [] } }
  const entries = new Map<string, number>()
  let last = 0
  for (const t of tickets) {
    const key = JSON.stringify([t.group, t.name, t.email])
    if (!entries.has(key)) {
      entries.set(key, entries.size)
      wire.people.group_ids.push(t.group)
      wire.people.names.push(t.name)
      wire.people.emails.push(t.email)
    }
    wire.ids.push(t.id)
    wire.person.push(entries.get(key)!)
    wire.numbers!.push(t.number)
    wire.created_at.push(t.at - last)
    last = t.at
  }
  return { tickets, wire }
}

let counter = 0
const newId = () => `id-${++counter}`

describe('snapshotRows: a columns snapshot straight into stored rows', () => {
  for (const seed of [1, 2, 3]) {
    it(`12,345 random tickets (seed ${seed}): the same chunks, summary and people row as ticket by ticket`, () => {
      const { tickets, wire } = randomSnapshot(seed, 12_345)
      const rows = snapshotRows('r1', true, structuredClone(wire), newId)!
      // Chunks of 5,000 in the snapshot's order, each ticket as it was.
      expect(rows.chunks.map((c) => c.ids.length)).toEqual([5000, 5000, 2345])
      const stored = rows.chunks.flatMap((c) => {
        const u = unpackChunk(c)
        return u.ids.map((id, i) => ({ id, group: u.groups[i], name: u.names[i], email: u.emails[i], number: u.numbers[i], at: u.createdAt[i] }))
      })
      expect(stored).toEqual(tickets)
      // Each chunk's people once: fewer entries than tickets.
      for (const c of rows.chunks) expect(new Set(c.people.groups.map((g, k) => `${g}|${c.people.names[k]}`)).size).toBe(c.people.groups.length)

      // The reference, one ticket at a time: each group's count and chunks, groups in first-seen order.
      const chunkOf = (i: number) => rows.chunks[Math.floor(i / 5000)]!.id
      const byGroup = new Map<string, { count: number; chunks: string[] }>()
      tickets.forEach((t, i) => {
        const p = byGroup.get(t.group) ?? { count: 0, chunks: [] }
        byGroup.set(t.group, p)
        p.count++
        if (!p.chunks.includes(chunkOf(i))) p.chunks.push(chunkOf(i))
      })
      expect(rows.people).toEqual({
        raffleId: 'r1',
        groups: [...byGroup.keys()],
        counts: [...byGroup.values()].map((p) => p.count),
        chunks: [...byGroup.values()].map((p) => p.chunks.join(',')),
      })
      expect(rows.summary).toMatchObject({ raffleId: 'r1', tickets: 12_345, people: byGroup.size })
      const top = (part: Ticket[]) => part.reduce<string | null>((best, t) => (t.number !== null && (best === null || t.number > best) ? t.number : best), null)
      expect(rows.summary.highest).toBe(top(tickets))
      expect(rows.summary.chunks).toEqual(
        rows.chunks.map((c, k) => {
          const part = tickets.slice(k * 5000, (k + 1) * 5000)
          return { id: c.id, stamp: c.stamp, size: part.length, firstAt: part[0]!.at, firstId: part[0]!.id, lastAt: part.at(-1)!.at, lastId: part.at(-1)!.id, highest: top(part) }
        }),
      )
    })
  }

  it('a simple raffle stores no numbers, whatever the snapshot says', () => {
    const { wire } = randomSnapshot(4, 6000)
    const rows = snapshotRows('r1', false, wire, newId)!
    expect(rows.chunks.map((c) => c.numbers)).toEqual([null, null])
    expect(rows.summary.highest).toBeNull()
    expect(rows.summary.chunks.map((c) => c.highest)).toEqual([null, null])
  })

  it('an empty raffle: no chunks, an empty summary', () => {
    const rows = snapshotRows('r1', true, { ids: [], person: [], numbers: null, created_at: [], people: { group_ids: [], names: [], emails: [] } }, newId)!
    expect(rows.chunks).toEqual([])
    expect(rows.summary).toMatchObject({ tickets: 0, people: 0, chunks: [], highest: null })
    expect(rows.people).toEqual({ raffleId: 'r1', groups: [], counts: [], chunks: [] })
  })

  it('tickets out of list order: null, for the writer that sorts', () => {
    const { wire } = randomSnapshot(5, 100)
    const swapped = structuredClone(wire)
    // The first two tickets share a time: swapping their ids breaks the order by id.
    ;[swapped.ids[0], swapped.ids[1]] = [swapped.ids[1]!, swapped.ids[0]!]
    expect(snapshotRows('r1', true, swapped, newId)).toBeNull()
    const earlier = structuredClone(wire)
    earlier.created_at[99] = -5000
    expect(snapshotRows('r1', true, earlier, newId)).toBeNull()
    expect(snapshotRows('r1', true, wire, newId)).not.toBeNull()
  })

  for (const c of snapshotVectors.invalid) {
    it(`refuses: ${c.name}`, () => {
      expect(() => snapshotRows('r1', true, structuredClone(c.columns), newId)).toThrow(SnapshotColumnsError)
    })
  }
})
