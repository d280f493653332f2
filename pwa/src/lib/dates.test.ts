import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDateTimeSeconds, formatLongDate } from '@/lib/dates'

const instant = '2025-11-21T17:30:00Z'

describe('dates', () => {
  it('formats day/month/year the Brazilian way', () => {
    expect(formatDate(instant, 'UTC')).toBe('21/11/2025')
  })

  it('formats date and time in the given time zone', () => {
    expect(formatDateTime(instant, 'America/Sao_Paulo')).toBe('21/11/2025, 14:30')
  })

  it('adds the seconds when asked', () => {
    expect(formatDateTimeSeconds(Date.parse(instant) + 5000, 'America/Sao_Paulo')).toBe('21/11/2025, 14:30:05')
  })

  it('spells the month in Portuguese', () => {
    expect(formatLongDate(new Date(instant), 'UTC')).toBe('21 de novembro de 2025')
  })
})
