import { describe, expect, it } from 'vitest'
import { parseAuditExport } from '@/features/verify-draw/audit-record'
import { loadFixture, loadTampered } from '@/features/verify-draw/test-fixture'
import { checkStory, STORY_TEXT } from '@/features/verify-draw/round-story'
import { verifyExport } from '@/features/verify-draw/verify-record'

const cases = loadTampered()

describe('the story of the rounds, on the shared tampered records', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const check = await verifyExport(parseAuditExport(c.record), { yieldToPage: async () => {} })
    // Every round recomputes; the verdict, each round's problems and the winners list's are the story's, word for word.
    expect(check.rounds.map((r) => r.problems)).toEqual(c.problems)
    expect(check.problems).toEqual(c.record_problems)
    expect(check.ok ? 'CONFERE' : 'NÃO CONFERE').toBe(c.verdict)
    check.rounds.forEach((r, i) => expect(r.ok).toBe(c.problems[i]!.length === 0))
  })
})

describe('checkStory beyond the shared records', () => {
  it('refuses a redraw of two places, checking each', () => {
    const record = parseAuditExport(JSON.parse(loadFixture()))
    record.draws[1]!.positions = [2, 3]
    // The 3rd place was invalidated after this redraw started.
    expect(checkStory(record)[1]).toEqual([STORY_TEXT.redrawPlaces(2), STORY_TEXT.beforeInvalidation(3)])
  })
})
