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
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Consultar' })
    expect(button).toBeDisabled()
    await user.type(input, 'abc123')
    expect(input).toHaveValue('ABC123')
    await user.click(button)
    await waitFor(() => expect(router.state.location.pathname).toBe('/sorteio/ABC123'))
    // An unknown code is most often mistyped: the page says so (and listens on), and offers the way back.
    expect(await screen.findByRole('heading', { name: 'Sorteio não encontrado' })).toBeInTheDocument()
    expect(screen.getByText('Verifique o código e tente novamente')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/public/raffles/ABC123', expect.anything())
    await user.click(screen.getByRole('link', { name: 'Consultar outro código' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sorteio'))
  })

  it('normalises pasted codes', () => {
    expect(normaliseCode(' ab c12 3xyz9 ')).toBe('ABC123XY')
    expect(normaliseCode('   umdquv')).toBe('UMDQUV')
    expect(normaliseCode('\tUMDQUV\n')).toBe('UMDQUV')
    // Words around it: the code-shaped word, the last one.
    expect(normaliseCode('Código: UMDQUV')).toBe('UMDQUV')
    expect(normaliseCode('Acompanhe em https://rifa.exemplo.com.br/sorteio/K7P2QX')).toBe('K7P2QX')
    expect(normaliseCode('sorteio ABCDEF, código UMDQUV.')).toBe('UMDQUV')
    // None: the first 8 characters, as typed.
    expect(normaliseCode('Código do sorteio')).toBe('CÓDIGODO')
  })

  it('takes a pasted code with spaces before it whole, and keeps 8 characters of a long one', async () => {
    renderApp('/sorteio', { session: signedOut })
    const input = await screen.findByLabelText('Código do sorteio')
    const user = userEvent.setup()
    await user.click(input)
    await user.paste('   umdquv')
    expect(input).toHaveValue('UMDQUV')
    await user.clear(input)
    await user.type(input, 'abc123xyz9')
    expect(input).toHaveValue('ABC123XY')
  })
})
