import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareDigitNumbers, compareDigitValues, digitValue, higherNumber, highestNumber, isDigits } from '@/lib/ticket-numbers'

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

  it('finds the highest number as higherNumber folded over them does (random lists, fixed seed)', () => {
    let seed = 11
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const pieces = ['0', '00', '1', '5', '9', '05', '10', '099', '1000', 'A', '-', ' ', '']
    for (let round = 0; round < 500; round++) {
      const list: (string | null)[] = []
      for (let k = Math.floor(random() * 12); k > 0; k--) {
        if (random() < 0.15) list.push(null)
        else list.push(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pieces[Math.floor(random() * pieces.length)]).join(''))
      }
      const folded = list.reduce<string | null>((best, n) => (n !== null && isDigits(n) ? higherNumber(best, n) : best), null)
      expect(highestNumber(list), JSON.stringify(list)).toBe(folded)
    }
    expect(highestNumber([])).toBeNull()
    expect(highestNumber(['A1', null, ''])).toBeNull()
    expect(highestNumber(['5', '05', '005', '4'])).toBe('005')
    expect(highestNumber(['009', '10', '0010'])).toBe('0010')
  })

  // The server's HighestNumber reads the same cases (sync/protocol/ticket_numbers_test.go).
  const file = resolve(__dirname, '../../../sync/testdata/tickets/numbers.json')
  const { highest, values } = JSON.parse(readFileSync(file, 'utf8')) as {
    highest: { name: string; numbers: string[]; want: string }[]
    values: { a: string; b: string; value: string; want: number }[]
  }

  it('has the shared cases', () => {
    expect(highest.length).toBeGreaterThanOrEqual(5)
    expect(values.length).toBeGreaterThanOrEqual(5)
  })

  // The Loteria Federal reads numbers by value alone (sync/draw/numbers_test.go reads these too).
  it.each(values.map((c) => [c.a, c.b, c] as const))('%s against %s by value (shared with the server)', (_, __, c) => {
    expect(digitValue(c.a)).toBe(c.value)
    expect(Math.sign(compareDigitValues(c.a, c.b))).toBe(c.want)
    expect(Math.sign(compareDigitValues(c.b, c.a))).toBe(-c.want || 0)
  })

  it.each(highest.map((c) => [c.name, c] as const))('highest number (shared with the server): %s', (_, c) => {
    expect(highestNumber(c.numbers) ?? '').toBe(c.want)
    expect(c.numbers.filter(isDigits).reduce<string | null>(higherNumber, null) ?? '').toBe(c.want)
  })
})
