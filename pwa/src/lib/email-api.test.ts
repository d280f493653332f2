import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LINK_ERROR_MESSAGES, tokenFromHash } from '@/lib/email-api'

const catalogue = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/catalogue.json'), 'utf8')) as {
  errors: Record<string, { status: number; message: string }>
}

describe('e-mailed links', () => {
  it("fail with the server's link_* codes and the same pt-BR messages", () => {
    const server = Object.fromEntries(
      Object.entries(catalogue.errors)
        .filter(([code]) => code.startsWith('link_'))
        .map(([code, e]) => [code, e.message]),
    )
    expect(LINK_ERROR_MESSAGES).toEqual(server)
  })

  it('carry their token in the fragment', () => {
    expect(tokenFromHash('#token=Ab_c-9')).toBe('Ab_c-9')
    expect(tokenFromHash('')).toBe('')
    expect(tokenFromHash('#outra=1')).toBe('')
  })
})
