import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAuthApi, renderApp, signedOut } from '@/test/render'

function serverConfig(oidc: { name: string } | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ oidc }), { headers: { 'Content-Type': 'application/json' } })),
  )
}

afterEach(() => vi.unstubAllGlobals())

describe('/auth with an identity provider', () => {
  it("shows 'Entrar com {name}' linking to the server's start page when one is configured", async () => {
    serverConfig({ name: 'Empresa' })
    renderApp('/auth', { api: fakeAuthApi(), session: signedOut })
    const link = await screen.findByRole('link', { name: 'Entrar com Empresa' })
    expect(link).toHaveAttribute('href', '/api/auth/oidc/start')
  })

  it('shows no provider button when none is configured', async () => {
    serverConfig(null)
    renderApp('/auth', { api: fakeAuthApi(), session: signedOut })
    await screen.findByRole('tab', { name: 'Entrar' })
    // Once the answer has been read, the button would be there if it were coming.
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything()))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(screen.queryByRole('link', { name: /Entrar com/ })).not.toBeInTheDocument()
  })

  it('shows the pt-BR message of a failed provider sign-in', async () => {
    serverConfig({ name: 'Empresa' })
    renderApp('/auth?erro=oidc_denied', { api: fakeAuthApi(), session: signedOut })
    expect(await screen.findByRole('alert')).toHaveTextContent('A entrada pelo provedor foi cancelada ou recusada.')
  })
})
