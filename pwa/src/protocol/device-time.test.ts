import { describe, expect, it } from 'vitest'
import { clockOff, clockSkewText, clockWarning, deviceTimesOf } from '@/protocol/device-time'

describe('device times', () => {
  it("says how far the device's clock was, as sorteio verify does", () => {
    expect(clockSkewText(150_000)).toBe('2 min 30 s atrasado')
    expect(clockSkewText(-45_000)).toBe('45 s adiantado')
    expect(clockSkewText(3_725_000)).toBe('1 h 2 min atrasado')
  })

  it('warns only past 2 minutes', () => {
    expect(clockOff(120_000)).toBe(false)
    expect(clockOff(-120_001)).toBe(true)
    expect(clockOff(null)).toBe(false)
    expect(clockWarning(20_000)).toBeNull()
    expect(clockWarning(-185_000)).toBe('Na última sincronização antes do sorteio, o relógio do aparelho estava 3 min 5 s adiantado: os horários do aparelho podem estar errados.')
  })

  it('reads both times or none', () => {
    expect(deviceTimesOf({ device_started_at: 1, device_completed_at: 2 })).toEqual({ startedAt: 1, completedAt: 2, clockOffset: null })
    expect(deviceTimesOf({ device_started_at: 1 })).toBeNull()
    expect(deviceTimesOf({})).toBeNull()
  })
})
