import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LAST_USER_KEY } from '@/app/session/last-user'
import { useSession } from '@/sync/session-context'
import { SessionProvider } from '@/app/session/SessionProvider'
import { ApiError, NetworkError } from '@/lib/api'
import type { AuthApi } from '@/lib/auth-api'
import { fakeAuthApi, testUser } from '@/test/render'

function Probe() {
  const { state, signOut } = useSession()
  return (
    <div>
      <p data-testid="state">{state.status === 'signedIn' ? `in:${state.user.email}` : state.status}</p>
      <button onClick={() => signOut().catch(() => {})}>sair</button>
    </div>
  )
}

function renderProvider(api: AuthApi) {
  render(
    <SessionProvider api={api}>
      <Probe />
    </SessionProvider>,
  )
  return screen.getByTestId('state')
}

const remember = () => localStorage.setItem(LAST_USER_KEY, JSON.stringify(testUser))

describe('SessionProvider', () => {
  it('starts loading, then trusts the server and remembers only id and e-mail', async () => {
    const state = renderProvider(fakeAuthApi({ session: async () => testUser }))
    expect(state).toHaveTextContent('loading')
    expect(await screen.findByText(`in:${testUser.email}`)).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(LAST_USER_KEY)!)).toEqual(testUser)
  })

  it('an answer already in (the early ask) is the first render: no loading state, no second ask', async () => {
    const session = vi.fn(async () => null)
    const state = renderProvider(fakeAuthApi({ session, answered: () => testUser }))
    expect(state).toHaveTextContent(`in:${testUser.email}`)
    await act(async () => {})
    expect(session).not.toHaveBeenCalled()
    expect(JSON.parse(localStorage.getItem(LAST_USER_KEY)!)).toEqual(testUser)
  })

  it('an early answer of nobody signed in: signed out at once, and the remembered user forgotten', async () => {
    remember()
    const state = renderProvider(fakeAuthApi({ answered: () => null }))
    expect(state).toHaveTextContent('signedOut')
    await act(async () => {})
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull()
  })

  it('no early answer yet: loading, then the server is asked as before', async () => {
    const session = vi.fn(async () => testUser)
    const state = renderProvider(fakeAuthApi({ session, answered: () => undefined }))
    expect(state).toHaveTextContent('loading')
    expect(await screen.findByText(`in:${testUser.email}`)).toBeInTheDocument()
    expect(session).toHaveBeenCalledTimes(1)
  })

  it('offline: uses the remembered user', async () => {
    remember()
    renderProvider(fakeAuthApi({ session: async () => Promise.reject(new NetworkError()) }))
    expect(await screen.findByText(`in:${testUser.email}`)).toBeInTheDocument()
  })

  it('offline with nobody remembered: signed out', async () => {
    renderProvider(fakeAuthApi({ session: async () => Promise.reject(new NetworkError()) }))
    expect(await screen.findByText('signedOut')).toBeInTheDocument()
  })

  it('ignores a malformed remembered value', async () => {
    localStorage.setItem(LAST_USER_KEY, '{"id": 1}')
    renderProvider(fakeAuthApi({ session: async () => Promise.reject(new NetworkError()) }))
    expect(await screen.findByText('signedOut')).toBeInTheDocument()
  })

  it('{"user": null} from the server forgets the remembered user', async () => {
    remember()
    renderProvider(fakeAuthApi({ session: async () => null }))
    expect(await screen.findByText('signedOut')).toBeInTheDocument()
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull()
  })

  it('checks again when the connection comes back', async () => {
    const session = vi.fn<AuthApi['session']>().mockRejectedValueOnce(new NetworkError()).mockResolvedValue(null)
    remember()
    renderProvider(fakeAuthApi({ session }))
    expect(await screen.findByText(`in:${testUser.email}`)).toBeInTheDocument()
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('signedOut')).toBeInTheDocument()
    expect(session).toHaveBeenCalledTimes(2)
  })

  it('stays signed in when signing out cannot reach the server', async () => {
    const api = fakeAuthApi({ session: async () => testUser, signOut: async () => Promise.reject(new NetworkError()) })
    renderProvider(api)
    await screen.findByText(`in:${testUser.email}`)
    await userEvent.click(screen.getByRole('button', { name: 'sair' }))
    expect(screen.getByTestId('state')).toHaveTextContent(`in:${testUser.email}`)
    expect(localStorage.getItem(LAST_USER_KEY)).not.toBeNull()
  })

  it('signs out (and forgets the user) when the server says the session is already gone', async () => {
    const gone = new ApiError(401, { code: 'unauthenticated', message: 'Você precisa entrar para continuar.' })
    renderProvider(fakeAuthApi({ session: async () => testUser, signOut: async () => Promise.reject(gone) }))
    await screen.findByText(`in:${testUser.email}`)
    await userEvent.click(screen.getByRole('button', { name: 'sair' }))
    expect(await screen.findByText('signedOut')).toBeInTheDocument()
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull()
  })
})
