import { describe, expect, it } from 'vitest'
import { keptIds, packIds, poolOf, poolOrder, unpackId } from '@/db/round-pool'
import type { DrawKind, TicketColumns } from '@/db/schema'

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('poolOrder picks the same pool as poolOf', () => {
  const cases: [number, DrawKind, boolean][] = []
  for (let seed = 1; seed <= 6; seed++) for (const kind of ['draw', 'redraw'] as const) for (const dup of [false, true]) cases.push([seed, kind, dup])
  it.each(cases)('seed %i, %s, duplicates allowed: %s', (seed, kind, allowDuplicates) => {
    const next = random(seed)
    const n = 5 + Math.floor(next() * 60)
    const c: TicketColumns = { ids: [], groups: [], names: [], emails: [], numbers: [], createdAt: [] }
    for (let i = 0; i < n; i++) {
      c.ids.push(
        `0192f0c1-0000-7000-8000-${Math.floor(next() * 1e9)
          .toString(16)
          .padStart(12, '0')}`,
      )
      c.groups.push(`g${Math.floor(next() * 8)}`)
      c.names.push(`Pessoa ${i}`)
      c.emails.push(null)
      c.numbers.push(next() < 0.5 ? null : String(i))
      c.createdAt.push(1)
    }
    const winners = c.ids.filter(() => next() < 0.15)
    const tickets = c.ids.map((id, i) => ({ id, group_id: c.groups[i]!, ticket_number: c.numbers[i] ?? null, name: c.names[i]! }))
    const want = poolOf(kind, allowDuplicates, { tickets, winnerTickets: winners }).map((t) => t.id)
    expect(poolOrder(kind, allowDuplicates, c, winners).map((i) => c.ids[i])).toEqual(want)
  })
})

describe('packIds', () => {
  const ids = ['0192f0c1-0000-7000-8000-00000000000a', '019aab3c-9f1e-7d2a-b0c4-ffeeddccbbaa', '00000000-0000-0000-0000-000000000000']

  it('gives back every id exactly, in the order given', () => {
    const bytes = packIds(ids, [2, 0, 1])!
    expect(bytes).toHaveLength(48)
    expect([0, 1, 2].map((k) => unpackId(bytes, k))).toEqual([ids[2], ids[0], ids[1]])
  })

  it.each([
    ['upper case', '0192F0C1-0000-7000-8000-00000000000A'],
    ['no dashes', '0192f0c100007000800000000000000a1234'],
    ['too short', '0192f0c1-0000-7000-8000-00000000000'],
    ['not hex', '0192f0c1-0000-7000-8000-00000000000g'],
    ['a non-ASCII character', '0192f0c1-0000-7000-8000-00000000000é'],
  ])('refuses an id it could not give back (%s)', (_why, id) => {
    expect(packIds([ids[0]!, id], [0, 1])).toBeNull()
  })

  it('reads the ids of rows kept before, as one string', () => {
    const groups = new Int32Array([0, 1])
    expect(keptIds({ drawId: 'd', raffleId: 'r', ids: ids[0]! + ids[1]!, groups }, 2, [1, 0])).toEqual([ids[1], ids[0]])
    expect(keptIds({ drawId: 'd', raffleId: 'r', idBytes: packIds(ids, [0, 1])!, groups }, 2, [1])).toEqual([ids[1]])
    // A row of another size than the round's pool is not used.
    expect(keptIds({ drawId: 'd', raffleId: 'r', idBytes: packIds(ids, [0, 1])!, groups }, 3, [])).toBeNull()
  })
})
