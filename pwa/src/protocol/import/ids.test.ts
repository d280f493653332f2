import { describe, expect, it } from 'vitest'
import { bulkIds } from '@/protocol/import/ids'

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('bulkIds', () => {
  it('makes distinct UUIDv7 ids in increasing order, with the time in front', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0)
    const ids = bulkIds(110_000, now)
    expect(new Set(ids).size).toBe(110_000)
    for (let i = 0; i < ids.length; i++) {
      expect(ids[i]).toMatch(UUID7)
      if (i > 0) expect(ids[i]! > ids[i - 1]!).toBe(true)
    }
    expect(parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(now)
  })

  it('refuses more than its counter holds', () => {
    expect(() => bulkIds(2 ** 18 + 1)).toThrow(RangeError)
  })
})
