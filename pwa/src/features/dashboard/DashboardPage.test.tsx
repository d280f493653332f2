import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { NetworkError } from '@/lib/api'
import { fakeAuthApi, renderApp, signedIn, testUser } from '@/test/render'

describe('/dashboard', () => {
  it('shows the e-mail, the actions and the empty state', async () => {
    renderApp('/dashboard', { session: signedIn })
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
    expect(screen.getAllByText(testUser.email).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Novo Sorteio' })).toHaveAttribute('href', '/criar-sorteio')
    expect(screen.getByText('Nenhum sorteio ainda')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Criar Primeiro Sorteio' })).toHaveAttribute('href', '/criar-sorteio')
  })

  it("'Sair' signs out and goes to the landing page", async () => {
    const api = fakeAuthApi()
    const { router } = renderApp('/dashboard', { api, session: signedIn })
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }))
    expect(await screen.findByRole('heading', { name: 'Sorteio Público' })).toBeInTheDocument()
    expect(api.signOut).toHaveBeenCalledTimes(1)
    // Give a stray guard redirect the chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(router.state.location.pathname).toBe('/')
  })

  it("'Sair' offline keeps the session and explains why", async () => {
    const api = fakeAuthApi({ signOut: async () => Promise.reject(new NetworkError()) })
    const { router } = renderApp('/dashboard', { api, session: signedIn })
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }))
    expect(await screen.findByText('Erro ao sair')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
