import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { normaliseCode } from '@/features/public-raffle/code'
import { renderApp, signedOut } from '@/test/render'

describe('/sorteio code entry', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('upper-cases the code, keeps 8 characters and opens /sorteio/{CODE}', async () => {
    const notFound = { code: 'not_found', message: 'Sorteio não encontrado' }
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(notFound), { status: 404, headers: { 'Content-Type': 'application/json' } }))
    vi.stubGlobal('fetch', fetchMock)
    const { router } = renderApp('/sorteio', { session: signedOut })
    const input = await screen.findByLabelText('Código do sorteio')
    expect(input).toHaveAttribute('maxLength', '8')
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Consultar' })
    expect(button).toBeDisabled()
    await user.type(input, 'abc123')
    expect(input).toHaveValue('ABC123')
    await user.click(button)
    await waitFor(() => expect(router.state.location.pathname).toBe('/sorteio/ABC123'))
    // An unknown code says so, and offers the way back to the code entry.
    expect(await screen.findByRole('heading', { name: 'Sorteio não encontrado' })).toBeInTheDocument()
    expect(screen.getByText('Verifique o código e tente novamente')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/public/raffles/ABC123', expect.anything())
    await user.click(screen.getByRole('link', { name: 'Consultar outro código' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sorteio'))
  })

  it('normalises pasted codes', () => {
    expect(normaliseCode(' ab c12 3xyz9 ')).toBe('ABC123XY')
  })
})
