import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderApp, signedOut } from '@/test/render'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fake server: answers each path with the given response; returns the spy. */
function server(answers: Record<string, () => Response>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => answers[url]?.() ?? new Response(null, { status: 204 }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.location.hash = ''
})

describe("'Esqueci minha senha'", () => {
  it('posts the e-mail and shows the one answer', async () => {
    const fetch = server({
      '/api/auth/forgot': () => json(202, { message: 'Se houver uma conta com esse e-mail, enviamos um link.' }),
    })
    const user = userEvent.setup()
    renderApp('/esqueci-senha', { session: signedOut })
    await user.type(await screen.findByLabelText('E-mail'), ' ana@exemplo.com ')
    await user.click(screen.getByRole('button', { name: 'Enviar link' }))
    expect(await screen.findByText(/Se houver uma conta com esse e-mail, enviamos um link\./)).toBeInTheDocument()
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/forgot')!
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@exemplo.com' })
  })
})

describe('the reset page', () => {
  it('without a token says the link is not valid and offers a new one', async () => {
    server({})
    renderApp('/redefinir-senha', { session: signedOut })
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não é válido. Peça um novo.')
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/esqueci-senha')
  })

  it('an expired link says so and offers a new one', async () => {
    const fetch = server({
      '/api/auth/reset': () => json(410, { code: 'link_expired', message: 'Este link expirou. Peça um novo.' }),
    })
    window.location.hash = '#token=abc'
    const user = userEvent.setup()
    renderApp('/redefinir-senha', { session: signedOut })
    await user.type(await screen.findByLabelText('Nova senha'), 'senha-nova')
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link expirou. Peça um novo.')
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeInTheDocument()
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/reset')!
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc', password: 'senha-nova' })
  })
})

describe('the confirmation page', () => {
  it('uses the link at once and says the address is confirmed', async () => {
    const fetch = server({})
    window.location.hash = '#token=xyz'
    renderApp('/confirmar-email', { session: signedOut })
    expect(await screen.findByText('E-mail confirmado! Obrigado.')).toBeInTheDocument()
    expect(fetch.mock.calls.some(([url]) => url === '/api/auth/confirm-email')).toBe(true)
  })
})
