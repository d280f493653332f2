import { describe, expect, it } from 'vitest'
import { isGap, orderWinners, vacantPositions, withGaps } from '@/lib/winners'

const w = (id: string, position: number, isValid: boolean, invalidatedAt: number | null = null) => ({ id, position, isValid, invalidatedAt })

describe('winners order', () => {
  const list = [w('c', 2, false, 10), w('a', 1, true), w('d', 2, false, 30), w('b', 2, true), w('e', 3, false, 5)]

  it('sorts by position, the valid winner first, then the invalidated ones latest first', () => {
    expect(orderWinners(list).map((x) => x.id)).toEqual(['a', 'b', 'd', 'c', 'e'])
  })

  it('finds the places without a valid winner, each with its latest invalidated winner', () => {
    const vacant = vacantPositions([...list, w('f', 3, false, 50)])
    expect([...vacant].map(([position, x]) => [position, x.id])).toEqual([[3, 'f']])
    expect(vacantPositions([w('a', 1, true)]).size).toBe(0)
  })

  it('lists the valid winners with a gap where a place lost its winner, never the invalidated ones', () => {
    const shown = withGaps(list)
    expect(shown.map((x) => (isGap(x) ? `gap ${x.position}` : x.id))).toEqual(['a', 'b', 'gap 3'])
    expect(withGaps([w('a', 1, true), w('c', 2, false, 10), w('b', 3, true)]).map((x) => (isGap(x) ? `gap ${x.position}` : x.id))).toEqual(['a', 'gap 2', 'b'])
  })
})
