import { describe, expect, it } from 'vitest'
import { parseAuditExport } from '@/features/verify-draw/audit-record'
import { drawIdTime } from '@/features/verify-draw/refused-rounds'
import { loadRefused } from '@/features/verify-draw/test-fixture'
import { verifyExport } from '@/features/verify-draw/verify-record'

const cases = loadRefused()

describe('refused offline rounds, on the shared records', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const check = await verifyExport(parseAuditExport(c.record), { yieldToPage: async () => {} })
    // The completed rounds all recompute; the refused rounds' problems are Go's, word for word.
    expect(check.rounds.every((r) => r.ok)).toBe(true)
    expect(check.refused.map((r) => ({ problems: r.problems, recomputed: r.recomputed }))).toEqual(c.refused)
    expect(check.refused.every((r) => r.ok) ? 'CONFERE' : 'NÃO CONFERE').toBe(c.verdict)
    expect(check.ok).toBe(c.verdict === 'CONFERE')
  })

  it('reads a device time from a draw id, and nothing from an id that is not a UUIDv7', () => {
    expect(drawIdTime('019aa4bb-4e10-7000-8000-000000000066')).toBe(1763700330000)
    expect(drawIdTime('019aa4bb-4e10-4000-8000-000000000066')).toBeNull()
  })
})
