// The e-mail endpoints of docs/api.md: confirming the address, 'Esqueci minha senha', a new
// password from a link, and moving the account to a new address. All of them are online-only.
import { apiRequest } from '@/lib/api'
import type { User } from '@/lib/auth-api'

/** The one answer to 'Esqueci minha senha', whether or not an account has the address. */
export const FORGOT_ANSWER = 'Se houver uma conta com esse e-mail, enviamos um link.'

/**
 * The pt-BR messages of a link that no longer works, the same as the server's (checked against
 * sync/testdata/catalogue.json by email-api.test.ts).
 */
export const LINK_ERROR_MESSAGES = {
  link_invalid: 'Este link não é válido. Peça um novo.',
  link_used: 'Este link já foi usado. Peça um novo.',
  link_expired: 'Este link expirou. Peça um novo.',
} as const satisfies Record<string, string>

/** The token of an e-mailed link: after '#token=' (a fragment never reaches the server's logs). */
export function tokenFromHash(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return params.get('token') ?? ''
}

export interface EmailStatus {
  email: string
  verified: boolean
}

interface UserAnswer {
  user: User | null
}

export const emailApi = {
  status: () => apiRequest<EmailStatus>('/api/account/email'),
  resend: () => apiRequest<void>('/api/account/email/resend', { method: 'POST' }),
  forgot: (email: string) => apiRequest<{ message: string }>('/api/auth/forgot', { method: 'POST', body: { email } }),
  async reset(token: string, password: string): Promise<User> {
    const answer = await apiRequest<UserAnswer>('/api/auth/reset', { method: 'POST', body: { token, password } })
    if (!answer.user) throw new Error('Resposta inesperada do servidor.')
    return answer.user
  },
  confirm: (token: string) => apiRequest<void>('/api/auth/confirm-email', { method: 'POST', body: { token } }),
  confirmNew: (token: string) => apiRequest<void>('/api/auth/confirm-new-email', { method: 'POST', body: { token } }),
  change: (current: string, email: string) => apiRequest<void>('/api/account/email', { method: 'POST', body: { current, email } }),
  /** A password-less account: the provider's login page to go to, to confirm it is the owner. */
  changeByProvider: (email: string) => apiRequest<{ url: string }>('/api/account/email/provider', { method: 'POST', body: { email } }),
}
