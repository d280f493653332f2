import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '@/lib/bytes'
import { canonical, type DrawTicket } from '@/protocol/draw'
import { canonicalOrder, groupNumbersOf, poolDigestOf, type PoolColumns } from '@/protocol/pool-digest'

interface Case {
  name: string
  pool?: DrawTicket[]
  generate?: { count: number; group_size: number }
  pool_digest: string
}

const vectors: { cases: Case[] } = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/draw/vectors.json'), 'utf8'))

/** The digest as docs/draw-algorithm.md words it, field by field through TextEncoder. */
async function referenceDigest(pool: readonly DrawTicket[]): Promise<string> {
  const parts: Uint8Array[] = []
  const field = (text: string | null) => {
    const bytes = text === null ? new Uint8Array(0) : new TextEncoder().encode(text)
    const length = new Uint8Array(4)
    new DataView(length.buffer).setUint32(0, text === null ? 0xffffffff : bytes.length)
    parts.push(length, bytes)
  }
  for (const t of pool) {
    field(t.id)
    field(t.group_id)
    field(t.ticket_number)
    field(t.name)
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return sha256Hex(all)
}

const columnsOf = (pool: readonly DrawTicket[]): PoolColumns => ({
  ids: pool.map((t) => t.id),
  groups: pool.map((t) => t.group_id),
  numbers: pool.map((t) => t.ticket_number),
  names: pool.map((t) => t.name),
})

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ASCII, two- and three-byte characters, a four-byte emoji (a surrogate pair), lone surrogates.
const PIECES = ['a', 'Z', ' ', '9', 'ç', 'ã', 'É', 'ß', '€', '中', '😀', '\ud800', '\udfff', 'x\ud83d', '\u07ff', '\u0800', '\uffff']

function randomPool(next: () => number, size: number): DrawTicket[] {
  const text = (n: number) => Array.from({ length: n }, () => PIECES[Math.floor(next() * PIECES.length)]).join('')
  const hex = (n: number) => Math.floor(n).toString(16).padStart(12, '0')
  return Array.from({ length: size }, () => ({
    id: `0192f0c1-0000-7000-8000-${hex(next() * 1e9)}`,
    group_id: `0192f0c1-0000-7000-8100-${hex(next() * 5)}`,
    ticket_number: next() < 0.3 ? null : text(Math.floor(next() * 4)),
    name: text(1 + Math.floor(next() * 12)),
  }))
}

describe('the column-wise pool digest', () => {
  it.each(vectors.cases.filter((c) => c.pool).map((c) => [c.name, c] as const))('gives the shared vector: %s', async (_name, c) => {
    // The columns in the vector's order (not canonical): canonicalOrder sorts them.
    const columns = columnsOf(c.pool!)
    expect(await poolDigestOf(columns, canonicalOrder(columns.ids))).toBe(c.pool_digest)
  })

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('matches the field-by-field encoding on random text, seed %i', async (seed) => {
    const pool = randomPool(random(seed), 1 + seed * 7)
    const columns = columnsOf(pool)
    expect(await poolDigestOf(columns, canonicalOrder(columns.ids))).toBe(await referenceDigest(canonical(pool)))
  })

  it('digests only the positions given, in their order', async () => {
    const pool = randomPool(random(42), 30)
    const columns = columnsOf(pool)
    const keep = (i: number) => i % 3 !== 0
    const order = canonicalOrder(columns.ids, keep)
    expect(order.every(keep)).toBe(true)
    expect(await poolDigestOf(columns, order)).toBe(await referenceDigest(canonical(pool.filter((_, i) => keep(i)))))
  })
})

describe('canonicalOrder', () => {
  it('sorts by id when the ids are out of order, and keeps the order when they are not', () => {
    expect(canonicalOrder(['b', 'a', 'c'])).toEqual([1, 0, 2])
    expect(canonicalOrder(['a', 'b', 'c'])).toEqual([0, 1, 2])
    expect(canonicalOrder(['c', 'b', 'a'], (i) => i !== 1)).toEqual([2, 0])
    expect(canonicalOrder([])).toEqual([])
  })
})

describe('groupNumbersOf', () => {
  it('numbers people in order of first appearance along the order', () => {
    const groups = ['g2', 'g1', 'g2', 'g3', 'g1']
    expect([...groupNumbersOf(groups, [0, 1, 2, 3, 4])]).toEqual([0, 1, 0, 2, 1])
    expect([...groupNumbersOf(groups, [4, 3, 2])]).toEqual([0, 1, 2])
  })
})
