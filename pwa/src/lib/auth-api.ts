// The account endpoints of docs/api.md. The session itself is an HttpOnly cookie the browser keeps;
// nothing here ever sees or stores a token.
import { apiRequest } from '@/lib/api'

export interface User {
  id: string
  email: string
  /** The address is proven; absent from an older server's answer. */
  email_verified?: boolean
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
  /**
   * The session's answer when it has already arrived (the early ask of app/boot.ts), taken once;
   * undefined while it has not, or when it failed. Lets the first render show the screen itself
   * instead of a spinner for the one frame a promise takes to be read.
   */
  answered?(): User | null | undefined
}

interface UserAnswer {
  user: User | null
}

async function askSession(): Promise<User | null> {
  const answer = await apiRequest<UserAnswer>('/api/auth/session')
  return answer.user ?? null
}

let early: Promise<User | null> | null = null
let earlyAnswer: { user: User | null } | null = null

/**
 * Asks for the session while React's first render is still to come (main.tsx): every organiser
 * screen waits on the answer. The first session() call takes this answer; later calls ask again.
 * main.tsx also reads it to start a new device's first download (app/early-snapshot).
 */
export function askSessionEarly(): Promise<User | null> {
  if (early) return early
  const asked = (early = askSession())
  asked.then(
    (user) => {
      if (early === asked) earlyAnswer = { user }
    },
    // Read by session(); a failure is handled there.
    () => {},
  )
  return asked
}

export const httpAuthApi: AuthApi = {
  session() {
    const answer = early ?? askSession()
    early = null
    earlyAnswer = null
    return answer
  },
  answered() {
    if (!earlyAnswer) return undefined
    const { user } = earlyAnswer
    early = null
    earlyAnswer = null
    return user
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
