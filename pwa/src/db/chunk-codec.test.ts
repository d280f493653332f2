import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { isUnpacked, packChunk, unpackChunk } from '@/db/chunk-codec'
import { newId } from '@/db/ids'
import { SorteioDB, type TicketChunkRow } from '@/db/schema'

/** A small deterministic generator (mulberry32), so a failure repeats. */
function generator(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type NumberKind = 'none' | 'all' | 'some'

/** A chunk of people with 1 to 4 tickets each, with and without e-mails and ticket numbers. */
function randomChunk(random: () => number, kind: NumberKind): TicketChunkRow {
  const row: TicketChunkRow = { id: newId(), raffleId: newId(), stamp: newId(), ids: [], groups: [], names: [], emails: [], numbers: [], createdAt: [] }
  const size = 1 + Math.floor(random() * 300)
  let at = 1_795_000_000_000
  while (row.ids.length < size) {
    const group = newId()
    const email = random() < 0.5 ? null : `p${row.ids.length}@exemplo.com`
    for (let t = 1 + Math.floor(random() * 4); t > 0 && row.ids.length < size; t--) {
      // Now and then a ticket of the same person with another name: it must come back as it went.
      const name = random() < 0.05 ? `Outro ${row.ids.length}` : `Pessoa ${group.slice(-4)}`
      row.ids.push(newId())
      row.groups.push(group)
      row.names.push(name)
      row.emails.push(email)
      const n = String(row.ids.length).padStart(4, '0')
      row.numbers.push(kind === 'none' ? null : kind === 'all' || random() < 0.5 ? n : null)
      at += Math.floor(random() * 3)
      row.createdAt.push(at)
    }
  }
  return row
}

describe('stored chunks', () => {
  it('unpack what was packed, with and without e-mails and numbers (fixed seeds)', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = generator(seed)
      for (const kind of ['none', 'all', 'some'] as const) {
        const row = randomChunk(random, kind)
        const before = structuredClone(row)
        const packed = packChunk(row)
        expect(row).toEqual(before)
        expect(isUnpacked(packed)).toBe(false)
        expect(unpackChunk(structuredClone(packed))).toEqual(row)
      }
    }
  })

  it('keep each person once and no numbers for a simple raffle', () => {
    const row: TicketChunkRow = { id: newId(), raffleId: newId(), stamp: newId(), ids: [], groups: [], names: [], emails: [], numbers: [], createdAt: [] }
    for (const [p, group] of [newId(), newId(), newId()].entries()) {
      for (let t = 0; t < 10; t++) {
        row.ids.push(newId())
        row.groups.push(group)
        row.names.push(`Pessoa ${p}`)
        row.emails.push(p === 1 ? null : `p${p}@exemplo.com`)
        row.numbers.push(null)
        row.createdAt.push(1000 + p)
      }
    }
    const packed = packChunk(row)
    expect(packed.people).toEqual({
      groups: [row.groups[0], row.groups[10], row.groups[20]],
      names: ['Pessoa 0', 'Pessoa 1', 'Pessoa 2'],
      emails: ['p0@exemplo.com', null, 'p2@exemplo.com'],
    })
    expect([...packed.person]).toEqual(row.groups.map((_, i) => Math.floor(i / 10)))
    expect(packed.numbers).toBeNull()
    expect([...packed.createdAt]).toEqual(row.createdAt)
  })

  it('tell the rows of Dexie versions 5 and 6 from packed ones', () => {
    const row = randomChunk(generator(10), 'all')
    expect(isUnpacked(row)).toBe(true)
    expect(isUnpacked(packChunk(row))).toBe(false)
  })

  it('come back the same from IndexedDB', async () => {
    const database = new SorteioDB(`test-${newId()}`)
    const row = randomChunk(generator(11), 'some')
    await database.ticketChunks.put(packChunk(row))
    const stored = await database.ticketChunks.get(row.id)
    expect(stored && unpackChunk(stored)).toEqual(row)
    database.close()
  })
})
