import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { normaliseCode } from '@/features/public-raffle/code'
import { renderApp, signedOut } from '@/test/render'

describe('/sorteio code entry', () => {
  it('upper-cases the code, keeps 8 characters and opens /sorteio/{CODE}', async () => {
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
    expect(await screen.findByRole('heading', { name: 'ABC123' })).toBeInTheDocument()
  })

  it('normalises pasted codes', () => {
    expect(normaliseCode(' ab c12 3xyz9 ')).toBe('ABC123XY')
  })
})
