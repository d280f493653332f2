import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { maskEmail } from '@/protocol/mask-email'

const vectors = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/text/mask-email.json'), 'utf8')) as {
  cases: Array<{ in: string; want: string }>
}

describe('maskEmail (twin of the server public projection)', () => {
  it('reads the shared cases', () => expect(vectors.cases.length).toBeGreaterThan(10))
  for (const c of vectors.cases) {
    it(`${JSON.stringify(c.in)} → ${c.want}`, () => expect(maskEmail(c.in)).toBe(c.want))
  }
})
