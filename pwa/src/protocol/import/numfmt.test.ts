// The shared number format cases (sync/testdata/import/numfmt.json), also run by Go's TestNumberFormats.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { displayNumber } from '@/protocol/import/numfmt'

const { cases } = JSON.parse(readFileSync(resolve(__dirname, '../../../../sync/testdata/import/numfmt.json'), 'utf8')) as {
  cases: { value: string; format: string; date1904?: boolean; want: string }[]
}

describe('number formats', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(50))
  for (const c of cases) {
    it(`${c.value} under ${c.format}${c.date1904 ? ' (1904)' : ''}`, () => expect(displayNumber(c.value, c.format, c.date1904 === true)).toBe(c.want))
  }
})
