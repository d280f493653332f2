import { ApiError, NetworkError } from '@/lib/api'
import { RuleError } from '@/protocol/rules'

/**
 * The pt-BR text to show for any failure: a local read or write, or a request to the server. Rule
 * errors and server errors carry their own Portuguese message; anything else (an IndexedDB
 * failure) has English text meant for developers, so the user gets a plain sentence instead.
 */
export function errorText(error: unknown): string {
  if (error instanceof RuleError) return error.message
  if (error instanceof Error && error.name === 'QuotaExceededError') {
    return 'Sem espaço de armazenamento neste dispositivo. Libere espaço e tente novamente.'
  }
  if (error instanceof ApiError || error instanceof NetworkError) return error.message
  return 'Erro inesperado. Tente novamente.'
}

/** The field a rule error belongs to, if any (e.g. 'title', 'winnersCount', 'name'). */
export function errorField(error: unknown): string | undefined {
  return error instanceof RuleError ? error.field : undefined
}
