import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast } from 'sonner'
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

/**
 * Ends the 2-second animation on the fake clock, then waits, on the real one, for the winner: it is
 * computed with Web Crypto, whose answers do not follow the fake clock.
 */
async function finishDrawing(remainingMs = DRAW_DURATION_MS) {
  act(() => vi.advanceTimersByTime(remainingMs))
  vi.useRealTimers()
  return screen.findByTestId('winner', {}, { timeout: 5000 })
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

  it("offers 'Desfazer' after a removal, which puts the person back where they stood", async () => {
    const { list } = await openQuickDraw()
    const user = await addNames(['Ana', 'Bruno', 'Carla'])
    await user.click(screen.getByRole('button', { name: 'Remover Bruno' }))
    const notice = screen.getByText('Removido do sorteio: Bruno.')
    // Below the list: above it, the rows would shift under the pointer that removed one.
    expect(list()!.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // Focus stays in the list, on the next person's button, not lost to the page.
    expect(screen.getByRole('button', { name: 'Remover Carla' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Desfazer' }))
    const names = within(list()!)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(names).toEqual(['1Ana', '2Bruno', '3Carla'])
    expect(screen.getByRole('button', { name: 'Remover Bruno' })).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument()
    expect(screen.getByText('3 participantes')).toBeInTheDocument()
  })

  it('offers back only the last removal, and focuses it when the list is left empty', async () => {
    const { list } = await openQuickDraw()
    const user = await addNames(['Ana', 'Bruno'])
    await user.click(screen.getByRole('button', { name: 'Remover Bruno' }))
    expect(screen.getByRole('button', { name: 'Remover Ana' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByText('Removido do sorteio: Bruno.')).not.toBeInTheDocument()
    expect(screen.getByText('Removido do sorteio: Ana.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Desfazer' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(
      within(list()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Ana'])
  })

  it("drops 'Desfazer' once the draw starts", async () => {
    const { drawButton } = await openQuickDraw()
    const user = await addNames(['Ana', 'Bruno'])
    await user.click(screen.getByRole('button', { name: 'Remover Bruno' }))
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument()
    expect(await finishDrawing()).toHaveTextContent('Ana')
    expect(screen.queryByText('Removido do sorteio: Bruno.')).not.toBeInTheDocument()
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
    expect(names).toContain((await finishDrawing(1)).textContent)
    expect(screen.getByRole('heading', { name: 'Vencedor' })).toBeInTheDocument()
    expect(getRandomValues).toHaveBeenCalled()
    expect(mathRandom).not.toHaveBeenCalled()
  })

  it('shows the winner sorteio-v1 gives for the seed, with the names as tickets in list order', async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno', 'Carla', 'Davi', 'Eva'])
    // The seed 00 01 02 … 1f. sync/testdata/draw/generate.py (the Python reference) over the pool
    // ids 000000…000004, each its own group, picks 000002: Carla. (The old byte-modulo draw gave Bruno.)
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      const bytes = new Uint8Array(array!.buffer, array!.byteOffset, array!.byteLength)
      bytes.forEach((_, i) => (bytes[i] = i))
      return array
    })
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    expect(await finishDrawing()).toHaveTextContent('Carla')
    expect(getRandomValues).toHaveBeenCalledTimes(1)
    expect((getRandomValues.mock.calls[0]![0] as Uint8Array).length).toBe(32)
  })

  it("'Novo Sorteio' clears the winner and the list", async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno'])
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    await finishDrawing()
    fireEvent.click(screen.getByRole('button', { name: 'Novo Sorteio' }))

    expect(screen.queryByTestId('winner')).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Participantes' })).not.toBeInTheDocument()
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sortear' })).toBeDisabled()
    expect(screen.getByLabelText('Nome do participante')).toBeEnabled()
    // The next thing to do is type a name: focus is in the field, not lost to the page's start.
    expect(screen.getByLabelText('Nome do participante')).toHaveFocus()
  })

  it('dates the result', async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno'])
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    await finishDrawing()
    expect(screen.getByText(/^Sorteado entre 2 participantes em \d\d\/\d\d\/\d{4}, \d\d:\d\d\.$/)).toBeInTheDocument()
  })

  it("offers 'Desfazer' after 'Novo Sorteio', which brings back the list and every result, until the next name", async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno', 'Carla'])
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    const winner = (await finishDrawing()).textContent
    fireEvent.click(screen.getByRole('button', { name: 'Novo Sorteio' }))
    expect(screen.getByRole('status')).toHaveTextContent('Lista e resultados apagados.')
    fireEvent.click(screen.getByRole('button', { name: 'Desfazer' }))
    expect(screen.getByText('3 participantes')).toBeInTheDocument()
    expect(screen.getByTestId('winner')).toHaveTextContent(winner!)
    expect(screen.queryByText('Lista e resultados apagados.')).not.toBeInTheDocument()

    // Cleared again, then a new name: the old list is gone for good (no 'Desfazer' over new names).
    fireEvent.click(screen.getByRole('button', { name: 'Novo Sorteio' }))
    vi.useRealTimers()
    await addNames(['Davi'])
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument()
    expect(screen.getByText('1 participante')).toBeInTheDocument()
  })

  it("keeps focus on 'Sorteando...' while the disabled button waits, then on the winner", async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno'])
    drawButton.focus()
    vi.useFakeTimers()
    fireEvent.click(drawButton)
    // Not the disabled button (a browser drops focus from it to the page's start).
    expect(screen.getByText('Sorteando...', { selector: 'p' })).toHaveFocus()
    await finishDrawing()
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Vencedor' })).toHaveFocus())
  })

  it('refuses a name with characters that reverse the text, keeping it typed with the reason', async () => {
    const { input } = await openQuickDraw()
    const user = userEvent.setup()
    await user.type(input, '\u202eevil{Enter}')
    expect(screen.getByText(/caracteres não permitidos/)).toBeInTheDocument()
    expect(input).toHaveValue('\u202eevil')
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
    // Typing again clears the reason; a clean name goes in.
    await user.clear(input)
    await user.type(input, 'Ana{Enter}')
    expect(screen.queryByText(/caracteres não permitidos/)).not.toBeInTheDocument()
    expect(screen.getByText('1 participante')).toBeInTheDocument()
  })
})

describe('toasts around the reveal', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("clears a stale 'Participante adicionado!' as the draw starts, so it never covers the winner", async () => {
    const { drawButton } = await openQuickDraw()
    await addNames(['Ana', 'Bruno'])
    // Made to outlast the test, so only the start can remove it (not its own 4 s on a slow machine).
    toast.success('Participante adicionado!', { description: 'Bruno foi adicionado ao sorteio.', duration: 60_000 })
    expect(await screen.findByText('Bruno foi adicionado ao sorteio.')).toBeInTheDocument()
    fireEvent.click(drawButton)
    expect(screen.getByRole('button', { name: 'Sorteando...' })).toBeDisabled()
    await waitFor(() => expect(screen.queryByText('Participante adicionado!')).not.toBeInTheDocument())
  })
})

describe('useQuickDraw', () => {
  it('a failed draw says so in pt-BR, never with the raw error', async () => {
    render(<AppToaster />)
    // What an insecure context (plain http) gives: Web Crypto refuses.
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new Error('crypto.subtle is undefined'))
    const { result } = renderHook(() => useQuickDraw())
    act(() => void result.current.add('Ana'))
    act(() => result.current.start())
    expect(await screen.findByText('Não foi possível realizar o sorteio')).toBeInTheDocument()
    expect(screen.getByText('Erro inesperado. Tente novamente.')).toBeInTheDocument()
    expect(screen.queryByText(/crypto/)).not.toBeInTheDocument()
    vi.restoreAllMocks()
  })

  it('refuses to draw with no participants and says why', async () => {
    render(<AppToaster />)
    const { result } = renderHook(() => useQuickDraw())
    act(() => result.current.start())
    expect(result.current.phase).toBe('idle')
    expect(await screen.findByText('Adicione participantes')).toBeInTheDocument()
    expect(screen.getByText('Você precisa adicionar pelo menos um participante.')).toBeInTheDocument()
  })
})
