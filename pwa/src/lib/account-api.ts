// The account endpoints of docs/api.md: what the server offers before sign-in, 'Minha conta', and
// the provider sign-in's error codes (the server sends the browser back to /auth?erro=CODE).
import { apiRequest } from '@/lib/api'

export interface ServerConfig {
  /** The identity provider, when the server has one configured. */
  oidc: { name: string } | null
}

// snake_case and Unix milliseconds, as in the rest of the API (the server also answers the older
// camelCase names for one release; nothing here reads them).
export interface Identity {
  issuer: string
  email: string
  created_at: number
}

export interface Account {
  id: string
  email: string
  has_password: boolean
  created_at: number
  identities: Identity[]
}

/** The page that starts the provider sign-in: a full navigation, not a fetch (it leaves the app). */
export const OIDC_START_URL = '/api/auth/oidc/start'

/**
 * The pt-BR messages of the provider sign-in's error codes, the same as the server's (checked
 * against sync/testdata/catalogue.json by account-api.test.ts).
 */
export const OIDC_ERROR_MESSAGES: Record<string, string> = {
  oidc_disabled: 'A entrada por provedor de identidade não está configurada.',
  oidc_denied: 'A entrada pelo provedor foi cancelada ou recusada.',
  oidc_state: 'A tentativa de entrada expirou ou não é válida. Tente novamente.',
  oidc_failed: 'O provedor não confirmou a sua identidade. Tente novamente.',
  oidc_unavailable: 'O provedor de identidade não respondeu. Tente novamente em instantes.',
  oidc_stale: 'O provedor não pediu sua senha agora. Entre de novo no provedor para confirmar que é você.',
  oidc_other_account: 'Você entrou no provedor com outra conta. Use a conta ligada a este Sorteio.',
}

/** The message for /auth?erro=CODE; null when there is no error, a generic one for an unknown code. */
export function oidcErrorMessage(code: string | null): string | null {
  if (!code) return null
  return OIDC_ERROR_MESSAGES[code] ?? 'Não foi possível entrar pelo provedor. Tente novamente.'
}

/** The message for /conta?erro=CODE, after an address change confirmed at the provider. */
export function changeErrorMessage(code: string | null): string | null {
  if (!code) return null
  return OIDC_ERROR_MESSAGES[code] ?? 'Não foi possível confirmar pelo provedor. Tente novamente.'
}

export const accountApi = {
  config: () => apiRequest<ServerConfig>('/api/config'),
  account: () => apiRequest<Account>('/api/account'),
  changePassword: (current: string, password: string) => apiRequest<void>('/api/account/password', { method: 'POST', body: { current, password } }),
  signOutEverywhere: () => apiRequest<void>('/api/account/signout-all', { method: 'POST' }),
  /** Everything the server keeps about the account, as the file 'Baixar meus dados' saves. */
  exportData: () => apiRequest<unknown>('/api/account/export', { timeoutMs: 60_000 }),
  deleteAccount: (email: string) => apiRequest<void>('/api/account/delete', { method: 'POST', body: { email } }),
}
