// Remembers who was signed in last, so organiser screens still open offline at a venue. Only the
// public {id, email} is kept: the session token lives in an HttpOnly cookie scripts cannot read.
import type { User } from '@/lib/auth-api'

export const LAST_USER_KEY = 'sorteio.lastUser'

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.id === 'string' && typeof v.email === 'string'
}

export function readLastUser(storage: Storage | undefined = safeLocalStorage()): User | null {
  try {
    const raw = storage?.getItem(LAST_USER_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return isUser(parsed) ? { id: parsed.id, email: parsed.email } : null
  } catch {
    return null
  }
}

export function writeLastUser(user: User | null, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    if (user) storage?.setItem(LAST_USER_KEY, JSON.stringify({ id: user.id, email: user.email }))
    else storage?.removeItem(LAST_USER_KEY)
  } catch {
    // Private mode or a full quota: the app still works, only the offline fallback is lost.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}
