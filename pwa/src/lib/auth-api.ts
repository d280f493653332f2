// The account endpoints of docs/api.md. The session itself is an HttpOnly cookie the browser keeps;
// nothing here ever sees or stores a token.
import { apiRequest } from '@/lib/api'

export interface User {
  id: string
  email: string
}

export interface Credentials {
  email: string
  password: string
}

/** What the session provider needs from the server; tests pass a fake with the same shape. */
export interface AuthApi {
  /** The signed-in user, or null when the server says there is no session. */
  session(): Promise<User | null>
  signIn(credentials: Credentials): Promise<User>
  signUp(credentials: Credentials): Promise<User>
  signOut(): Promise<void>
}

interface UserAnswer {
  user: User | null
}

export const httpAuthApi: AuthApi = {
  async session() {
    const answer = await apiRequest<UserAnswer>('/api/auth/session')
    return answer.user ?? null
  },
  async signIn(credentials) {
    const answer = await apiRequest<UserAnswer>('/api/auth/signin', { method: 'POST', body: credentials })
    if (!answer.user) throw new Error('Resposta inesperada do servidor.')
    return answer.user
  },
  async signUp(credentials) {
    const answer = await apiRequest<UserAnswer>('/api/auth/signup', { method: 'POST', body: credentials })
    if (!answer.user) throw new Error('Resposta inesperada do servidor.')
    return answer.user
  },
  async signOut() {
    await apiRequest<void>('/api/auth/signout', { method: 'POST' })
  },
}
