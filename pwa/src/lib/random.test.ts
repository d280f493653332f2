import { describe, expect, it, vi } from 'vitest'
import { pickOne, randomIndex, type RandomSource } from '@/lib/random'

/** A source that hands out the given 32-bit values (big-endian), one per call. */
function sequence(...values: number[]): RandomSource & { calls: number } {
  const fn = Object.assign(
    (bytes: Uint8Array) => {
      const value = values[fn.calls++]
      if (value === undefined) throw new Error('sequence exhausted')
      new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(0, value)
    },
    { calls: 0 },
  )
  return fn
}

describe('randomIndex', () => {
  it('maps accepted values with the remainder', () => {
    expect(randomIndex(10, sequence(0))).toBe(0)
    expect(randomIndex(10, sequence(7))).toBe(7)
    expect(randomIndex(10, sequence(123))).toBe(3)
  })

  it('rejects values at or above the largest multiple of n and draws again', () => {
    // 2^32 = 3 * 1431655765 + 1, so only 0xFFFFFFFF is outside the fair range for n = 3.
    const source = sequence(0xffffffff, 5)
    expect(randomIndex(3, source)).toBe(2)
    expect(source.calls).toBe(2)
  })

  it('accepts the last value below the limit without drawing again', () => {
    const source = sequence(0xfffffffe)
    expect(randomIndex(3, source)).toBe(0xfffffffe % 3)
    expect(source.calls).toBe(1)
  })

  it('rejects the whole biased tail for a large n', () => {
    // n = 3 * 2^30: limit is 3 * 2^30, and everything from there to 2^32 - 1 is rejected.
    const n = 3 * 2 ** 30
    const source = sequence(n, 2 ** 32 - 1, n + 12345, n - 1)
    expect(randomIndex(n, source)).toBe(n - 1)
    expect(source.calls).toBe(4)
  })

  it('gives up on a source that never yields an acceptable value', () => {
    const broken: RandomSource = (bytes) => bytes.fill(0xff)
    expect(() => randomIndex(3, broken)).toThrow(/out-of-range/)
  })

  it('refuses sizes it cannot draw from', () => {
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) {
      expect(() => randomIndex(n, sequence(0))).toThrow(RangeError)
    }
  })

  it('always returns 0 for n = 1', () => {
    expect(randomIndex(1, sequence(0xdeadbeef))).toBe(0)
  })

  it('stays in range and reaches every value with the real generator', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 2000; i++) {
      const value = randomIndex(7)
      expect(Number.isInteger(value)).toBe(true)
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(7)
      seen.add(value)
    }
    expect(seen.size).toBe(7)
  })

  it('uses crypto.getRandomValues by default', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues')
    randomIndex(5)
    expect(spy).toHaveBeenCalled()
  })
})

describe('pickOne', () => {
  it('returns the element at the drawn index', () => {
    expect(pickOne(['Ana', 'Bruno', 'Carla'], sequence(4))).toBe('Bruno')
  })

  it('refuses an empty list', () => {
    expect(() => pickOne([], sequence(0))).toThrow(RangeError)
  })
})
