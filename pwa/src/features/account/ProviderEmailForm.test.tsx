import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { PROVIDER_SENT_TEXT, ProviderEmailForm } from '@/features/account/ProviderEmailForm'

const config = async () => ({ oidc: { name: 'Empresa' } })

function renderForm(path: string, props: Parameters<typeof ProviderEmailForm>[0]) {
  const router = createMemoryRouter([{ path: '/conta', element: <ProviderEmailForm loadConfig={config} {...props} /> }], {
    initialEntries: [path],
  })
  render(<RouterProvider router={router} />)
  return router
}

describe('ProviderEmailForm', () => {
  it('asks the server for the provider page with the new address and goes there', async () => {
    const changeByProvider = vi.fn(async () => ({ url: 'https://login.empresa.com/authorize?prompt=login' }))
    const go = vi.fn()
    renderForm('/conta', { changeByProvider, go })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Novo e-mail'), ' nova@example.com ')
    await user.click(await screen.findByRole('button', { name: 'Confirmar com Empresa' }))
    expect(changeByProvider).toHaveBeenCalledWith('nova@example.com')
    expect(go).toHaveBeenCalledWith('https://login.empresa.com/authorize?prompt=login')
  })

  it("shows the server's field error and stays", async () => {
    const changeByProvider = vi.fn(async () => {
      throw new ApiError(400, { code: 'invalid_input', message: 'Este já é o e-mail da conta.', field: 'email' })
    })
    const go = vi.fn()
    renderForm('/conta', { changeByProvider, go })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Novo e-mail'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: /Confirmar com/ }))
    expect(await screen.findByText('Este já é o e-mail da conta.')).toBeInTheDocument()
    expect(go).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('ana@example.com')
  })

  it('says the link is on its way after the provider, once', async () => {
    const router = renderForm('/conta?email=enviado', {})
    expect(await screen.findByRole('status')).toHaveTextContent(PROVIDER_SENT_TEXT)
    await vi.waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it("says why the provider's answer was refused, with the address typed before the trip", async () => {
    const go = vi.fn()
    renderForm('/conta', { changeByProvider: async () => ({ url: 'https://login.empresa.com/authorize' }), go })
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Novo e-mail'), 'nova@example.com')
    await user.click(await screen.findByRole('button', { name: 'Confirmar com Empresa' }))
    expect(go).toHaveBeenCalled()
    cleanup()
    renderForm('/conta?erro=oidc_stale', {})
    expect(await screen.findByRole('alert')).toHaveTextContent('O provedor não pediu sua senha agora.')
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('nova@example.com')
  })
})
