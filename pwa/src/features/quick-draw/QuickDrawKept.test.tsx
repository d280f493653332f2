import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { DRAW_DURATION_MS, useQuickDraw } from '@/features/quick-draw/useQuickDraw'
import { renderApp, signedOut } from '@/test/render'

const seed = () => Uint8Array.from({ length: 32 }, (_, i) => i)

type Hook = { current: ReturnType<typeof useQuickDraw> }

/** Presses 'Sortear' (or 'Sortear novamente') and waits out the 2-second animation. */
async function draw(result: Hook) {
  vi.useFakeTimers()
  act(() => result.current.start())
  act(() => vi.advanceTimersByTime(DRAW_DURATION_MS))
  vi.useRealTimers()
  const rounds = result.current.rounds.length
  await waitFor(() => expect(result.current.rounds.length).toBe(rounds + 1))
}

const names = (list: readonly { name: string }[]) => list.map((p) => p.name)

describe('the quick draw keeps its list and results', () => {
  afterEach(() => vi.useRealTimers())

  it('draws several winners at once, then again without the earlier ones, each result in order', async () => {
    render(<AppToaster />)
    const { result } = renderHook(() => useQuickDraw(seed))
    for (const name of ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva']) act(() => void result.current.add(name))
    act(() => result.current.setCount(2))
    await draw(result)
    const first = names(result.current.rounds[0]!)
    expect(first).toHaveLength(2)
    expect(new Set(first).size).toBe(2)
    await draw(result)
    const second = names(result.current.rounds[1]!)
    expect(second).toHaveLength(2)
    // The same seed would pick the same people again: only leaving them out gives others.
    expect(second.filter((n) => first.includes(n))).toEqual([])
    // One person is left; two winners cannot be drawn, and nothing changes.
    act(() => result.current.start())
    expect(await screen.findByText('Não há participantes suficientes')).toBeInTheDocument()
    expect(result.current.rounds).toHaveLength(2)
  })

  it('finds the list, the winners per draw and the results again after a reload, until Novo Sorteio', async () => {
    const first = renderHook(() => useQuickDraw(seed))
    for (const name of ['Ana', 'Bruno', 'Carla']) act(() => void first.result.current.add(name))
    act(() => first.result.current.setCount(2))
    await draw(first.result)
    const won = names(first.result.current.rounds[0]!)
    first.unmount()

    const second = renderHook(() => useQuickDraw(seed))
    expect(names(second.result.current.participants)).toEqual(['Ana', 'Bruno', 'Carla'])
    expect(second.result.current.count).toBe(2)
    expect(second.result.current.phase).toBe('done')
    expect(names(second.result.current.rounds[0]!)).toEqual(won)
    act(() => second.result.current.reset())
    second.unmount()

    const third = renderHook(() => useQuickDraw(seed))
    expect(third.result.current.participants).toEqual([])
    expect(third.result.current.rounds).toEqual([])
    expect(third.result.current.phase).toBe('idle')
  })

  it('starts empty when what is kept is not a list this code wrote', () => {
    localStorage.setItem('sorteio:quick-draw', '{"participants":[{"name":1}],"rounds":[],"count":1}')
    const { result } = renderHook(() => useQuickDraw(seed))
    expect(result.current.participants).toEqual([])
  })
})

describe('a pasted list in the quick draw', () => {
  function paste(input: HTMLElement, text: string) {
    fireEvent.paste(input, { clipboardData: { getData: (type: string) => (type === 'text/plain' ? text : '') } })
  }

  it("becomes one participant a line after 'Adicionar 4 participantes?'", async () => {
    renderApp('/sorteio-publico', { session: signedOut })
    const input = await screen.findByLabelText('Nome do participante')
    paste(input, '1. Ana Souza\n2. Bruno Lima\n- Carla Dias\nDaniel Rocha - 3 números\n')
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar 4 participantes?' })
    expect(within(dialog).getByText('— 3 números')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }))
    const list = await screen.findByRole('list', { name: 'Participantes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Ana Souza', '2Bruno Lima', '3Carla Dias', '4Daniel Rocha3 chances'])
    expect(input).toHaveValue('')
  })

  it('adds nothing from a list with a bad line, and says which line', async () => {
    renderApp('/sorteio-publico', { session: signedOut })
    const input = await screen.findByLabelText('Nome do participante')
    paste(input, 'Ana\nBia - 0 números')
    expect(await screen.findByText('Linha 2: Quantidade inválida para Bia: 0')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
  })

  it('cancelling adds nothing; one line pastes into the field as a name', async () => {
    renderApp('/sorteio-publico', { session: signedOut })
    const input = await screen.findByLabelText('Nome do participante')
    paste(input, 'Ana\nBia')
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('0 participantes')).toBeInTheDocument()
    paste(input, 'Ana Souza')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
