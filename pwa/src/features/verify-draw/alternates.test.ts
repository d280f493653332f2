import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAuditExport } from '@/features/verify-draw/audit-record'
import { verifyExport } from '@/features/verify-draw/verify-record'
import { canonical, pick, pickWithAlternates, poolDigest, type DrawTicket } from '@/protocol/draw'
import { fromHex } from '@/lib/bytes'
import { drawShortfall, shortfall } from '@/protocol/rules'

// sync/testdata/draw/alternates.json, from the Python reference: the same vectors sync/draw's Go tests read.
const file = resolve(__dirname, '../../../../sync/testdata/draw/alternates.json')
const vectors = JSON.parse(readFileSync(file, 'utf8')) as {
  algorithm: string
  picks: Array<{
    name: string
    seed: string
    pool: DrawTicket[]
    pool_digest: string
    winners_count: number
    alternates_count: number
    allow_duplicate_wins: boolean
    winners?: string[]
    alternates?: string[]
    error?: string
    missing?: number
  }>
  records: Array<{ name: string; verdict: string; problems: string[][]; promotion_problems: string[][]; record: unknown }>
}

describe('sorteio-v2: winners and alternates from a seed (shared vectors)', () => {
  it('reads the whole file', () => {
    expect(vectors.algorithm).toBe('sorteio-v2')
    expect(vectors.picks.length).toBeGreaterThanOrEqual(5)
    expect(vectors.records.length).toBeGreaterThanOrEqual(8)
  })

  it.each(vectors.picks.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const pool = canonical(c.pool)
    expect(await poolDigest(pool)).toBe(c.pool_digest)
    const seed = fromHex(c.seed)
    // How many are missing, as sync/draw's Shortfall says and the start button tells the organiser.
    const places = c.winners_count + c.alternates_count
    const people = new Set(pool.map((t) => t.group_id)).size
    const lacking = shortfall(places, pool.length, people, c.allow_duplicate_wins)
    if (c.error) {
      expect(lacking).toEqual({ missing: c.missing, byPeople: true })
      const raffle = { winnersCount: c.winners_count, alternatesCount: c.alternates_count, allowDuplicateWins: c.allow_duplicate_wins, type: 'tickets' }
      expect(drawShortfall(raffle, pool.length, people)?.message).toMatch(new RegExp(`: faltam? ${c.missing}\\.$`))
      await expect(pickWithAlternates(seed, pool, c.winners_count, c.alternates_count, c.allow_duplicate_wins)).rejects.toThrow('fewer people')
      return
    }
    expect(lacking.missing).toBe(0)
    const got = await pickWithAlternates(seed, pool, c.winners_count, c.alternates_count, c.allow_duplicate_wins)
    expect(got.winners.map((t) => t.id)).toEqual(c.winners)
    expect(got.alternates.map((t) => t.id)).toEqual(c.alternates)
    // The winners are sorteio-v1's: the alternates only continue the pick.
    expect((await pick(seed, pool, c.winners_count, c.allow_duplicate_wins)).map((t) => t.id)).toEqual(c.winners)
  })
})

describe('records with alternates called to places (shared vectors)', () => {
  it.each(vectors.records.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const check = await verifyExport(parseAuditExport(structuredClone(c.record)), { yieldToPage: async () => {} })
    expect(check.rounds.map((r) => r.problems)).toEqual(c.problems)
    expect(check.promotions).toEqual(c.promotion_problems)
    expect(check.problems).toEqual([])
    expect(check.ok ? 'CONFERE' : 'NÃO CONFERE').toBe(c.verdict)
  })

  it('refuses alternates changed after the draw', async () => {
    const record = parseAuditExport(structuredClone(vectors.records[0]!.record))
    const first = record.draws[0]!
    first.alternates = [first.alternates![1]!, first.alternates![0]!, first.alternates![2]!]
    const check = await verifyExport(record, { yieldToPage: async () => {} })
    expect(check.ok).toBe(false)
    expect(check.rounds[0]!.problems[0]).toMatch(/^1º suplente: o registro diz bilhete/)
  })
})
