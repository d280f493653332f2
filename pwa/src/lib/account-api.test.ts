import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { OIDC_ERROR_MESSAGES, oidcErrorMessage } from '@/lib/account-api'

const catalogue = JSON.parse(readFileSync(resolve(__dirname, '../../../sync/testdata/catalogue.json'), 'utf8')) as {
  errors: Record<string, { status: number; message: string }>
}

describe('provider sign-in errors', () => {
  it("are the server's oidc_* codes with the same pt-BR messages", () => {
    const server = Object.fromEntries(
      Object.entries(catalogue.errors)
        .filter(([code]) => code.startsWith('oidc_'))
        .map(([code, e]) => [code, e.message]),
    )
    expect(OIDC_ERROR_MESSAGES).toEqual(server)
  })

  it('say nothing without a code and something for an unknown one', () => {
    expect(oidcErrorMessage(null)).toBeNull()
    expect(oidcErrorMessage('oidc_state')).toBe('A tentativa de entrada expirou ou não é válida. Tente novamente.')
    expect(oidcErrorMessage('xyz')).toMatch(/Não foi possível entrar/)
  })
})
