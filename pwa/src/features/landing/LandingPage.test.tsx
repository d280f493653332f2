import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp, signedIn, signedOut } from '@/test/render'

describe('landing page', () => {
  it('links every button to its screen', () => {
    renderApp('/', { session: signedOut })
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/auth')
    expect(screen.getByRole('link', { name: 'Sortear Agora' })).toHaveAttribute('href', '/sorteio-publico')
    expect(screen.getByRole('link', { name: 'Consultar Sorteio' })).toHaveAttribute('href', '/sorteio')
    expect(screen.getByRole('link', { name: 'Criar Conta' })).toHaveAttribute('href', '/auth')
  })

  it('signed in, the header leads to the raffles instead of a sign-in', () => {
    renderApp('/', { session: signedIn })
    expect(screen.getByRole('link', { name: 'Meus Sorteios' })).toHaveAttribute('href', '/dashboard')
    expect(screen.queryByRole('link', { name: 'Entrar' })).not.toBeInTheDocument()
  })

  it('shows the two cards and the three blurbs', () => {
    renderApp('/', { session: signedOut })
    for (const heading of ['Sorteio Público', 'Sorteio Privado', 'Com ou sem bilhetes', 'Tempo real', 'Totalmente seguro']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument()
    }
  })

  it('opens /auth from anywhere on the private card', async () => {
    const { router } = renderApp('/', { session: signedOut })
    await userEvent.click(screen.getByText(/Crie uma conta para organizar/))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
  })

  it('reaches the private card with the keyboard', async () => {
    const { router } = renderApp('/', { session: signedOut })
    const user = userEvent.setup()
    const link = screen.getByRole('link', { name: 'Criar Conta' })
    link.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
  })
})
