import { render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routes } from '@/app/routes'
import { renderApp, signedIn, signedOut } from '@/test/render'

describe('route table', () => {
  afterEach(() => vi.unstubAllGlobals())

  const publicScreens: Array<[path: string, text: string | RegExp]> = [
    ['/', 'Sorteio Público'],
    ['/sorteio-publico', 'Sorteio Rápido'],
    ['/sorteio', 'Código do sorteio'],
    // The public page asks the server for the code (this fake knows none); the big screen waits for it.
    ['/sorteio/abc123', 'Verifique o código e tente novamente'],
    ['/sorteio/abc123/telao', 'Aguardando o sorteio ABC123…'],
  ]

  it.each(publicScreens)('%s renders its screen', async (path, text) => {
    const unknown = { code: 'not_found', message: 'Sorteio não encontrado' }
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(unknown), { status: 404, headers: { 'Content-Type': 'application/json' } }))
    renderApp(path, { session: signedOut })
    expect(await screen.findByText(text)).toBeInTheDocument()
  })

  it('/index.html opens the home screen at /', async () => {
    const { router } = renderApp('/index.html', { session: signedOut })
    expect(await screen.findByText('Sorteio Público')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('/auth renders the sign-in and sign-up tabs for a visitor', async () => {
    renderApp('/auth', { session: signedOut })
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Criar Conta' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Voltar para início/ })).toHaveAttribute('href', '/')
  })

  const organiserScreens: Array<[path: string, text: string]> = [
    ['/dashboard', 'Meus Sorteios'],
    ['/criar-sorteio', 'Criar Novo Sorteio'],
    ['/gerenciar/abc', 'Gerenciar Sorteio'],
  ]

  it.each(organiserScreens)('%s renders its screen for an organiser', async (path, text) => {
    renderApp(path, { session: signedIn })
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument()
  })

  it.each(['/nao-existe', '/sorteio/abc/extra', '/dashboard/x'])('unknown path %s renders the 404 screen and logs the path', async (path) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = renderApp(path, { session: signedIn })
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument()
    expect(screen.getByText('404')).toBeInTheDocument()
    // The spec's English words, marked as English, with the Portuguese beside them.
    expect(screen.getByText('Oops! Page not found')).toHaveAttribute('lang', 'en')
    expect(screen.getByText('Página não encontrada')).toBeInTheDocument()
    const home = screen.getByRole('link', { name: 'Return to Home Voltar ao início' })
    expect(home).toHaveAttribute('href', '/')
    expect(within(home).getByText('Return to Home')).toHaveAttribute('lang', 'en')
    await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), path))
    expect(router.state.location.pathname).toBe(path)
  })

  it("the root route's errorElement renders the generic error screen", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = routes[0]!
    function Boom(): never {
      throw new Error('falhou')
    }
    const router = createMemoryRouter([{ path: root.path, element: root.element, errorElement: root.errorElement, children: [{ index: true, element: <Boom /> }] }])
    render(<RouterProvider router={router} />)
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument()
    expect(screen.getByText('falhou')).toBeInTheDocument()
  })
})
