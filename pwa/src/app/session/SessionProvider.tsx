import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { ApiError } from '@/lib/api'
import { httpAuthApi, type AuthApi, type Credentials, type User } from '@/lib/auth-api'
import { LAST_USER_KEY, readLastUser, writeLastUser } from '@/app/session/last-user'
import { SessionContext, type SessionState, type SessionValue } from '@/sync/session-context'

interface SessionProviderProps {
  children: ReactNode
  /** The server calls; tests inject a fake so no network is needed. */
  api?: AuthApi
  /** Start in this state instead of 'loading'. When given (and not 'loading') the server is not asked. */
  initialState?: SessionState
}

function stateFor(user: User | null): SessionState {
  return user ? { status: 'signedIn', user } : { status: 'signedOut' }
}

/** Who is signed in: the server's answer when it gives one, else the last account seen here. */
async function resolveSession(api: AuthApi): Promise<User | null> {
  try {
    return await api.session()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    // Offline or server down: trust the last account seen on this device until the server answers.
    return readLastUser()
  }
}

export function SessionProvider({ children, api = httpAuthApi, initialState }: SessionProviderProps) {
  // The early ask (app/boot.ts) has usually been answered by the first render: no spinner frame then.
  const [first] = useState(() => (initialState ? undefined : api.answered?.()))
  const [state, setState] = useState<SessionState>(initialState ?? (first === undefined ? { status: 'loading' } : stateFor(first)))
  const skipInitialCheck = initialState !== undefined && initialState.status !== 'loading'
  // Answers can arrive out of order (start-up check vs. a sign-in); only the newest one may win.
  const generation = useRef(0)

  const apply = useCallback((user: User | null) => {
    writeLastUser(user)
    setState(stateFor(user))
  }, [])

  const refresh = useCallback(async () => {
    const mine = ++generation.current
    const user = await resolveSession(api)
    if (mine === generation.current) apply(user)
  }, [api, apply])

  useEffect(() => {
    if (first !== undefined) {
      writeLastUser(first)
      return
    }
    if (skipInitialCheck) return
    const mine = ++generation.current
    void resolveSession(api).then((user) => {
      if (mine === generation.current) apply(user)
    })
  }, [api, apply, skipInitialCheck, first])

  useEffect(() => {
    const onOnline = () => void refresh()
    // Another tab signed in or out: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_USER_KEY) void refresh()
    }
    window.addEventListener('online', onOnline)
    window.addEventListener('storage', onStorage)
    return () => {
      window.removeEventListener('online', onOnline)
      window.removeEventListener('storage', onStorage)
    }
  }, [refresh])

  const signIn = useCallback(
    async (credentials: Credentials) => {
      const user = await api.signIn(credentials)
      generation.current++
      apply(user)
      return user
    },
    [api, apply],
  )

  const signUp = useCallback(
    async (credentials: Credentials) => {
      const user = await api.signUp(credentials)
      generation.current++
      apply(user)
      return user
    },
    [api, apply],
  )

  const signOut = useCallback(async () => {
    try {
      await api.signOut()
    } catch (error) {
      // 401: the session had already ended on the server, which is what we wanted.
      if (!(error instanceof ApiError && error.status === 401)) throw error
    }
    generation.current++
    writeLastUser(null)
    setState({ status: 'signedOut', signedOutByUser: true })
  }, [api])

  const value = useMemo<SessionValue>(() => ({ state, signIn, signUp, signOut, refresh }), [state, signIn, signUp, signOut, refresh])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}
