import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeAuthApi, loading, renderApp, signedIn, signedOut, testUser } from '@/test/render'

describe('route guards', () => {
  it.each(['/dashboard', '/criar-sorteio', '/gerenciar/abc'])('signed out: %s lands on /auth', async (path) => {
    const { router } = renderApp(path, { session: signedOut })
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth')
    expect(screen.queryByText('Meus Sorteios')).not.toBeInTheDocument()
  })

  it('signed in: /auth lands on /dashboard', async () => {
    const { router } = renderApp('/auth', { session: signedIn })
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(screen.getAllByText(testUser.email).length).toBeGreaterThan(0)
  })

  it('loading: shows a loading indicator, not the protected screen', async () => {
    const api = fakeAuthApi({ session: () => new Promise(() => {}) })
    const { router } = renderApp('/dashboard', { api, session: loading })
    const status = await screen.findByText('Verificando sua sessão...')
    expect(status.closest('[role="status"]')).not.toBeNull()
    expect(screen.getByTestId('spinner')).toBeInTheDocument()
    expect(screen.queryByText('Meus Sorteios')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('a session found by the start-up check opens the protected screen', async () => {
    const api = fakeAuthApi({ session: vi.fn(async () => testUser) })
    renderApp('/criar-sorteio', { api })
    expect(await screen.findByRole('heading', { name: 'Criar Novo Sorteio' })).toBeInTheDocument()
    expect(api.session).toHaveBeenCalledTimes(1)
  })

  it('no session from the start-up check sends organiser routes to /auth', async () => {
    const { router } = renderApp('/dashboard', { api: fakeAuthApi() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
  })
})
