import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseAuditExport } from '@/features/verify-draw/audit-record'
import { checkStory } from '@/features/verify-draw/round-story'
import { verifyExport } from '@/features/verify-draw/verify-record'

// The Loteria Federal records the Go verifiers are tested with (sync/draw TestFederalRecords,
// `sorteio verify`): the same verdicts, and the genuine round's lines exactly.
interface Case {
  name: string
  verdict: 'CONFERE' | 'NÃO CONFERE'
  lines?: string[]
  record: unknown
}

/** A whole record with a corrected result (federal_records.py): each round's verdict, lines and story. */
interface ExportCase {
  name: string
  verdicts: Array<'CONFERE' | 'NÃO CONFERE'>
  story: string[][]
  lines?: string[][]
  export: unknown
}

const file = resolve(__dirname, '../../../../sync/testdata/draw/federal-records.json')
const all = (JSON.parse(readFileSync(file, 'utf8')) as { cases: Array<Case | ExportCase> }).cases
const cases = all.filter((c): c is Case => !('export' in c))
const records = all.filter((c): c is ExportCase => 'export' in c)

describe('verifying Loteria Federal records', () => {
  it('reads the whole file', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const record = parseAuditExport({ algorithm: 'sorteio-v2', raffle: { code: 'K7P2QX' }, draws: [c.record] })
    const check = await verifyExport(record, { yieldToPage: async () => {} })
    expect(check.ok ? 'CONFERE' : 'NÃO CONFERE').toBe(c.verdict)
    if (c.lines) expect(check.rounds[0]!.federalLines).toEqual(c.lines)
    if (c.verdict !== 'CONFERE') expect(check.rounds[0]!.problems.length).toBeGreaterThan(0)
  })
})

describe('verifying records with a corrected Loteria Federal result', () => {
  it('reads them all', () => {
    expect(records.length).toBeGreaterThanOrEqual(9)
  })

  it.each(records.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const record = parseAuditExport(c.export)
    expect(checkStory(record)).toEqual(c.story)
    const check = await verifyExport(record, { yieldToPage: async () => {} })
    expect(check.rounds.map((r) => (r.ok ? 'CONFERE' : 'NÃO CONFERE'))).toEqual(c.verdicts)
    if (c.lines) expect(check.rounds.map((r) => r.federalLines)).toEqual(c.lines)
  })
})
