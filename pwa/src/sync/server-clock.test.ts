import { describe, expect, it } from 'vitest'
import { serverNow, ServerClockEstimator } from '@/sync/server-clock'

describe('ServerClockEstimator', () => {
  it('knows nothing before the first answer', () => {
    expect(new ServerClockEstimator().offset).toBeNull()
  })

  it('takes the middle of the round trip as the moment the server read its clock', () => {
    const clock = new ServerClockEstimator()
    // Sent at 1,000 local, answered at 1,200 local; the server said 61,100: 60 s ahead.
    expect(clock.observe(61_100, 1_000, 1_200)).toBe(60_000)
  })

  it('trusts the sample with the shortest round trip', () => {
    const clock = new ServerClockEstimator()
    clock.observe(61_100, 1_000, 1_200)
    // A slow answer (2 s) whose server time suggests a different offset is not believed...
    expect(clock.observe(70_500, 5_000, 7_000)).toBe(60_000)
    // ...a quicker one is.
    expect(clock.observe(68_020, 8_000, 8_040)).toBe(60_000)
    expect(clock.observe(69_510, 9_500, 9_520)).toBe(60_000)
    expect(clock.observe(71_000 - 300, 11_000, 11_010)).toBe(59_695)
  })

  it('forgets old samples, so a clock that moved is followed', () => {
    const clock = new ServerClockEstimator(8, 60_000)
    clock.observe(10_005, 0, 10)
    expect(clock.observe(100_000 + 2_000 + 50, 100_000, 100_100)).toBe(2_000)
  })

  it('keeps at most maxSamples', () => {
    const clock = new ServerClockEstimator(2)
    clock.observe(1_000 + 500, 1_000, 1_000) // offset 500, the best, but pushed out by two later ones
    clock.observe(2_000 + 50 + 100, 2_000, 2_100) // offset 100, round trip 100
    expect(clock.observe(3_000 + 100 + 40, 3_000, 3_200)).toBe(100)
  })

  it('ignores nonsense', () => {
    const clock = new ServerClockEstimator()
    expect(clock.observe(Number.NaN, 0, 10)).toBeNull()
    expect(clock.observe(5_000, 10, 0)).toBeNull()
  })

  it('serverNow adds the offset', () => {
    expect(serverNow(-1_500, 10_000)).toBe(8_500)
  })
})
