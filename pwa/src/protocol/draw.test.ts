import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { canonical, combineSeeds, DrawError, pick, poolDigest, Stream, type DrawTicket } from '@/protocol/draw'
import { fromHex, toHex } from '@/lib/bytes'

interface Vectors {
  combine: { client_seed: string; server_seed: string; seed: string }
  stream: { seed: string; first_words: number[] }
  intn: { seed: string; n: number; draws: number[] }
  cases: {
    name: string
    seed: string
    winners_count: number
    allow_duplicate_wins: boolean
    pool?: DrawTicket[]
    generate?: { count: number; group_size: number }
    pool_digest: string
    winners: string[]
  }[]
}

const vectors: Vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/draw/vectors.json'), 'utf8'))

/** The rule written in the vectors (and sync/testdata/draw/generate.py). */
function generated(count: number, groupSize: number): DrawTicket[] {
  const hex = (n: number) => n.toString(16).padStart(12, '0')
  return Array.from({ length: count }, (_, i) => {
    const g = Math.floor(i / groupSize)
    return {
      id: `0192f0c1-0000-7000-8000-${hex((i * 7919) % count)}`,
      group_id: `0192f0c1-0000-7000-8100-${hex(g)}`,
      ticket_number: String((i % groupSize) + 1).padStart(3, '0'),
      name: `Pessoa ${g}`,
    }
  })
}

describe('draw sorteio-v1 against the shared vectors', () => {
  it('combines seeds', async () => {
    const seed = await combineSeeds(fromHex(vectors.combine.client_seed), fromHex(vectors.combine.server_seed))
    expect(toHex(seed)).toBe(vectors.combine.seed)
  })

  it('reads the HMAC stream', async () => {
    const s = new Stream(fromHex(vectors.stream.seed))
    for (const want of vectors.stream.first_words) expect(await s.uint32()).toBe(want)
  })

  it('rejects out-of-range words exactly as the Go and Python implementations', async () => {
    const s = new Stream(fromHex(vectors.intn.seed))
    for (const want of vectors.intn.draws) expect(await s.intn(vectors.intn.n)).toBe(want)
  })

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const pool = canonical(c.pool ?? generated(c.generate!.count, c.generate!.group_size))
    expect(await poolDigest(pool)).toBe(c.pool_digest)
    const winners = await pick(fromHex(c.seed), pool, c.winners_count, c.allow_duplicate_wins)
    expect(winners.map((w) => w.id)).toEqual(c.winners)
  })

  it('has every edge case the spec asks for', () => {
    expect(vectors.cases.length).toBeGreaterThanOrEqual(8)
  })
})

describe('impossible draws', () => {
  const pool = canonical([
    { id: 'a', group_id: 'g', ticket_number: null, name: 'Ana' },
    { id: 'b', group_id: 'g', ticket_number: null, name: 'Ana' },
  ])
  const seed = new Uint8Array(32)
  it('refuses more winners than tickets', async () => {
    await expect(pick(seed, pool, 3, true)).rejects.toBeInstanceOf(DrawError)
  })
  it('refuses more winners than people when duplicates are not allowed', async () => {
    await expect(pick(seed, pool, 2, false)).rejects.toBeInstanceOf(DrawError)
    expect(await pick(seed, pool, 2, true)).toHaveLength(2)
  })
})
