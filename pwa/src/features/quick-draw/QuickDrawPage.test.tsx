import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { DRAW_DURATION_MS, useQuickDraw } from '@/features/quick-draw/useQuickDraw'
import { renderApp, signedOut } from '@/test/render'

async function openQuickDraw() {
  renderApp('/sorteio-publico', { session: signedOut })
  await screen.findByRole('heading', { name: 'Sorteio Rápido' })
  return {
    input: screen.getByLabelText('Nome do participante'),
    drawButton: screen.getByRole('button', { name: 'Sortear' }),
    list: () => screen.queryByRole('list', { name: 'Participantes' }),
  }
}

async function addNames(names: string[]) {
  const user = userEvent.setup()
  const input = screen.getByLabelText('Nome do participante')
  for (const name of names) await user.type(input, `${name}{Enter}`)
  return user
}

describe('quick draw screen', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('adds names with the Enter key, clears the field and confirms with a toast', async () => {
    const { input, list } = await openQuickDraw()
    await addNames(['Ana'])
    expect(within(list()!).getByText('Ana')).toBeInTheDocument()
    expect(input).toHaveValue('')
    expect(await screen.findByText('Participante adicionado!')).toBeInTheDocument()
    expect(screen.getByText('Ana foi adicionado ao sorteio.')).toBeInTheDocument()
  })

  it('adds with the button too, trimming the name', async () => {
    const { input, list } = await openQuickDraw()
    const user = userEvent.setup()
    await user.type(input, '  Bruno  ')
    await user.click(screen.getByRole('button', { name: 'Adicionar' }))
    expect(within(list()!).getByText('Bruno')).toBeInTheDocument()
  })

  it('ignores blank names', async () => {
    const { list } = await openQuickDraw()
    await addNames(['   '])
    expect(list()).toBeNull()
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
    expect(screen.queryByText('Participante adicionado!')).not.toBeInTheDocument()
  })

  it('counts with singular and plural wording', async () => {
    await openQuickDraw()
    await addNames(['Ana'])
    expect(screen.getByText('1 participante')).toBeInTheDocument()
    await addNames(['Bruno'])
    expect(screen.getByText('2 participantes')).toBeInTheDocument()
  })

  it('removes one participant at a time', async () => {
    const { list } = await openQuickDraw()
    const user = await addNames(['Ana', 'Bruno', 'Carla'])
    await user.click(screen.getByRole('button', { name: 'Remover Bruno' }))
    const items = within(list()!).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['1Ana', '2Carla'])
    expect(screen.getByText('2 participantes')).toBeInTheDocument()
  })

  it('disables the draw button while the list is empty', async () => {
    const { drawButton } = await openQuickDraw()
    expect(drawButton).toBeDisabled()
    const user = await addNames(['Ana'])
    expect(drawButton).toBeEnabled()
    await user.click(screen.getByRole('button', { name: 'Remover Ana' }))
    expect(drawButton).toBeDisabled()
  })

  it('animates for 2 seconds, then shows a winner from the list, picked with crypto', async () => {
    const names = ['Ana', 'Bruno', 'Carla']
    const { drawButton } = await openQuickDraw()
    await addNames(names)
    const mathRandom = vi.spyOn(Math, 'random')
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues')
    vi.useFakeTimers()

    fireEvent.click(drawButton)
    const busy = screen.getByRole('button', { name: 'Sorteando...' })
    expect(busy).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Remover Ana' })).not.toBeInTheDocument()

    act(() => vi.advanceTimersByTime(DRAW_DURATION_MS - 1))
    expect(screen.queryByTestId('winner')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))

    expect(names).toContain(screen.getByTestId('winner').textContent)
    expect(screen.getByRole('heading', { name: 'Vencedor' })).toBeInTheDocument()
    expect(getRandomValues).toHaveBeenCalled()
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('shows the participant the random bytes select', async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno', 'Carla'])
    // 0x00000005 % 3 = 2, the third name.
    vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set([0, 0, 0, 5])
      return array
    })
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    act(() => vi.advanceTimersByTime(DRAW_DURATION_MS))
    expect(screen.getByTestId('winner')).toHaveTextContent('Carla')
  })

  it("'Novo Sorteio' clears the winner and the list", async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno'])
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    act(() => vi.advanceTimersByTime(DRAW_DURATION_MS))
    fireEvent.click(screen.getByRole('button', { name: 'Novo Sorteio' }))

    expect(screen.queryByTestId('winner')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Participantes' })).not.toBeInTheDocument()
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sortear' })).toBeDisabled()
    expect(screen.getByLabelText('Nome do participante')).toBeEnabled()
  })
})

describe('useQuickDraw', () => {
  it('refuses to draw with no participants and says why', async () => {
    render(<AppToaster />)
    const { result } = renderHook(() => useQuickDraw())
    act(() => result.current.start())
    expect(result.current.phase).toBe('idle')
    expect(await screen.findByText('Adicione participantes')).toBeInTheDocument()
    expect(screen.getByText('Você precisa adicionar pelo menos um participante.')).toBeInTheDocument()
  })
})
