import { describe, expect, it } from 'vitest'
import { federalHeadline, fromBrasilia, isRegularDay, toBrasilia } from '@/protocol/federal-time'

describe('the extraction time in Brasília', () => {
  it('reads concurso 5732, 18/01/2023 at 19:00, as 22:00 UTC', () => {
    const at = fromBrasilia('2023-01-18', '19:00')
    expect(new Date(at).toISOString()).toBe('2023-01-18T22:00:00.000Z')
    expect(toBrasilia(at)).toEqual({ date: '2023-01-18', time: '19:00' })
    expect(federalHeadline({ concurso: 5732, extraction_at: at })).toBe('Resultado pela Loteria Federal, concurso 5732 de 18/01/2023')
  })

  it('keeps the date of a late extraction in Brasília, not in UTC', () => {
    const at = fromBrasilia('2023-01-18', '22:30')
    expect(toBrasilia(at).date).toBe('2023-01-18')
  })

  it('knows Wednesdays and Saturdays', () => {
    expect(isRegularDay(fromBrasilia('2023-01-18', '19:00'))).toBe(true) // a Wednesday
    expect(isRegularDay(fromBrasilia('2023-01-21', '19:00'))).toBe(true) // a Saturday
    expect(isRegularDay(fromBrasilia('2023-01-19', '19:00'))).toBe(false)
  })

  it('refuses malformed input', () => {
    expect(fromBrasilia('18/01/2023', '19:00')).toBeNaN()
    expect(fromBrasilia('2023-01-18', '25:00')).toBeNaN()
  })
})
