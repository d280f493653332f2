import { describe, expect, it } from 'vitest'
import { compareDigitNumbers, higherNumber, isDigits } from '@/lib/ticket-numbers'

describe('ticket numbers', () => {
  it('compares all-digit numbers by value, then shorter first, whatever the zeros', () => {
    const sorted = ['010', '9', '0', '00', '10', '0099', '100', '099', '5', '05', '1000']
    sorted.sort(compareDigitNumbers)
    expect(sorted).toEqual(['0', '00', '5', '05', '9', '10', '010', '099', '0099', '100', '1000'])
    expect(compareDigitNumbers('42', '42')).toBe(0)
  })

  it('tells all-digit numbers apart and keeps the higher one', () => {
    expect(['123', '', 'A-7', '1 2', '007'].map(isDigits)).toEqual([true, false, false, false, true])
    expect(higherNumber(null, '3')).toBe('3')
    expect(higherNumber('010', '9')).toBe('010')
    expect(higherNumber('2', null)).toBe('2')
  })
})
