import { createContext, useContext } from 'react'
import type { Credentials, User } from '@/lib/auth-api'

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: User }
  /** signedOutByUser: the user pressed 'Sair' here, so organiser screens go to / rather than /auth. */
  | { status: 'signedOut'; signedOutByUser?: boolean }

export interface SessionValue {
  state: SessionState
  /** Signs in and resolves with the user; rejects with ApiError / NetworkError. */
  signIn(credentials: Credentials): Promise<User>
  /** Creates the account; the server signs it in at once. */
  signUp(credentials: Credentials): Promise<User>
  /** Ends the session on the server; rejects (and stays signed in) when the server is unreachable. */
  signOut(): Promise<void>
  /** Asks the server again, e.g. after the connection comes back. */
  refresh(): Promise<void>
}

export const SessionContext = createContext<SessionValue | null>(null)

export function useSession(): SessionValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession must be used inside <SessionProvider>')
  return value
}
