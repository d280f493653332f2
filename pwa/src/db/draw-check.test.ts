import { describe, expect, it } from 'vitest'
import { isEarlier } from '@/db/draw-check'
import type { DrawRow } from '@/db/schema'

const row = (fields: Partial<DrawRow>) => ({ startedAt: 0, completedAt: null, ...fields }) as DrawRow

describe('isEarlier: the rounds before a redraw', () => {
  it("goes by the rounds' numbers, even when one completed in the millisecond the next started", () => {
    const first = row({ round: 1, startedAt: 1_000, completedAt: 5_000 })
    const redraw = row({ round: 2, startedAt: 5_000, completedAt: 5_000 })
    const next = row({ round: 3, startedAt: 5_000, completedAt: null })
    expect(isEarlier(first, redraw)).toBe(true)
    expect(isEarlier(redraw, next)).toBe(true)
    // By times alone (completed at or before the other's start) round 3, which started at 5,000,
    // could not be told from round 2, completed at 5,000: the numbers say which came first.
    expect(isEarlier(next, redraw)).toBe(false)
    expect(isEarlier(redraw, first)).toBe(false)
  })

  it('falls back to completion before the start for rows stored before rounds were numbered', () => {
    const first = row({ startedAt: 1_000, completedAt: 5_000 })
    const redraw = row({ startedAt: 6_000 })
    expect(isEarlier(first, redraw)).toBe(true)
    expect(isEarlier(redraw, first)).toBe(false)
  })
})
