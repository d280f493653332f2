import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { formatDateTime } from '@/lib/dates'
import { RuleError } from '@/protocol/rules'
import { WinnersList, type WinnerView } from '@/features/manage-raffle/draw/WinnersList'

const invalidatedAt = Date.parse('2025-11-21T17:30:00Z')

function winner(over: Partial<WinnerView> & Pick<WinnerView, 'id' | 'position' | 'name'>): WinnerView {
  return { ticketNumber: null, email: null, isValid: true, invalidatedAt: null, invalidationReason: null, ...over }
}

// Place 2 was invalidated and redrawn; place 3 was invalidated twice and is empty now.
const history: WinnerView[] = [
  winner({ id: 'd1:3', position: 3, name: 'Caio', ticketNumber: '030', isValid: false, invalidatedAt: invalidatedAt + 1000, invalidationReason: null }),
  winner({ id: 'd2:2', position: 2, name: 'Bia', ticketNumber: '020', email: 'bia@exemplo.com' }),
  winner({ id: 'd1:1', position: 1, name: 'Ana', ticketNumber: '010', email: 'ana@exemplo.com' }),
  winner({ id: 'd1:2', position: 2, name: 'Davi', ticketNumber: '040', isValid: false, invalidatedAt, invalidationReason: 'Não compareceu' }),
  winner({ id: 'd3:3', position: 3, name: 'Eva', ticketNumber: '050', isValid: false, invalidatedAt: invalidatedAt + 5000, invalidationReason: 'Bilhete falso' }),
]

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function renderList(props: Partial<Parameters<typeof WinnersList>[0]> = {}) {
  const onInvalidate = vi.fn(async (_id: string, _reason: string | null) => {})
  const onRedraw = vi.fn(async (_position: number) => {})
  const ui = (winners: WinnerView[]) => (
    <>
      <WinnersList winners={winners} isAdmin showEmail onInvalidate={onInvalidate} onRedraw={onRedraw} {...props} />
      <AppToaster />
    </>
  )
  const view = render(ui(history))
  return { onInvalidate, onRedraw, user: userEvent.setup(), rerender: (winners: WinnerView[]) => view.rerender(ui(winners)) }
}

const items = () => within(screen.getByRole('list', { name: 'Vencedores' })).getAllByRole('listitem')
const item = (name: string) => items().find((li) => within(li).queryByText(name))!

describe('WinnersList', () => {
  it('says when nobody has been drawn yet', () => {
    render(<WinnersList winners={[]} isAdmin showEmail />)
    expect(screen.getByText('Nenhum vencedor sorteado ainda')).toBeInTheDocument()
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('lists every winner ever drawn by position, the valid one first, the latest invalidation next', () => {
    renderList()
    // Place 3 has no winner now: its gap says so below its invalidated ones (place 2 was redrawn).
    expect(items().map((li) => li.querySelector('p')?.textContent ?? li.textContent)).toEqual(['Ana', 'Bia', 'Davi', 'Eva', 'Caio', '3º Lugar: aguardando novo sorteio'])
    expect(within(item('Ana')).getByText('1º Lugar')).toBeInTheDocument()
    expect(within(item('Ana')).getByText('Bilhete 010')).toBeInTheDocument()
    expect(within(item('Ana')).queryByText('Invalidado')).not.toBeInTheDocument()
    expect(within(item('Davi')).getByText('2º Lugar')).toBeInTheDocument()
    expect(within(item('Davi')).getByText('Invalidado')).toBeInTheDocument()
    expect(within(item('Davi')).getByText('Motivo: Não compareceu')).toBeInTheDocument()
    expect(within(item('Davi')).getByText(`Invalidado em ${formatDateTime(invalidatedAt)}`)).toBeInTheDocument()
    // No reason given: no 'Motivo' line.
    expect(within(item('Caio')).queryByText(/Motivo/)).not.toBeInTheDocument()
  })

  it('says an empty place may take an alternate while one is left to call', () => {
    renderList({ onPromote: vi.fn(async () => {}), alternatesLeft: 1 })
    expect(items().at(-1)).toHaveTextContent(/^3º Lugar: aguardando suplente ou novo sorteio$/)
  })

  it('shows e-mails only when asked to', () => {
    const { unmount } = render(<WinnersList winners={history} isAdmin={false} showEmail />)
    expect(screen.getByText('ana@exemplo.com')).toBeInTheDocument()
    unmount()
    render(<WinnersList winners={history} isAdmin={false} showEmail={false} />)
    expect(screen.queryByText('ana@exemplo.com')).not.toBeInTheDocument()
  })

  it('offers no actions to viewers, nor to admins without handlers', () => {
    const { unmount } = render(<WinnersList winners={history} isAdmin={false} showEmail onInvalidate={vi.fn()} onRedraw={vi.fn()} />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    unmount()
    render(<WinnersList winners={history} isAdmin showEmail />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('offers Invalidar on valid winners and Re-sortear once per place left without one', () => {
    renderList()
    expect(within(item('Ana')).getByRole('button', { name: 'Invalidar' })).toHaveAccessibleDescription(/1º Lugar.*Ana/)
    expect(within(item('Bia')).getByRole('button', { name: 'Invalidar' })).toBeInTheDocument()
    // Place 2 has a valid winner again: no redraw for Davi.
    expect(within(item('Davi')).queryByRole('button')).not.toBeInTheDocument()
    // Place 3 is empty: one redraw button, on the latest invalidated winner.
    expect(within(item('Eva')).getByRole('button', { name: 'Re-sortear' })).toBeInTheDocument()
    expect(within(item('Caio')).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Re-sortear' })).toHaveLength(1)
  })

  describe('invalidating', () => {
    it('asks in a dialog that takes focus, closes on Escape and gives focus back', async () => {
      const { user, onInvalidate } = renderList()
      const open = within(item('Ana')).getByRole('button', { name: 'Invalidar' })
      await user.click(open)
      const dialog = screen.getByRole('dialog', { name: 'Invalidar Vencedor' })
      expect(dialog).toHaveAccessibleDescription(/Ana \(1º Lugar\) será marcado como vencedor inválido, e um novo sorteio será permitido para esta posição/)
      expect(within(dialog).getByLabelText('Motivo (opcional)')).toHaveFocus()
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled()
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(open).toHaveFocus()

      await user.click(open)
      await user.click(screen.getByRole('button', { name: 'Cancelar' }))
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
      expect(onInvalidate).not.toHaveBeenCalled()
    })

    it('sends the trimmed reason, is busy while it runs, then confirms and closes', async () => {
      const pending = deferred()
      const onInvalidate = vi.fn(() => pending.promise)
      const { user } = renderList({ onInvalidate })
      await user.click(within(item('Bia')).getByRole('button', { name: 'Invalidar' }))
      await user.type(screen.getByLabelText('Motivo (opcional)'), '  Não retirou o prêmio  ')
      await user.click(screen.getByRole('button', { name: 'Confirmar Invalidação' }))

      expect(onInvalidate).toHaveBeenCalledWith('d2:2', 'Não retirou o prêmio')
      expect(screen.getByRole('button', { name: 'Confirmar Invalidação' })).toBeDisabled()
      expect(screen.getByRole('button', { name: 'Confirmar Invalidação' })).toHaveAttribute('aria-busy', 'true')
      expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
      expect(screen.getByLabelText('Motivo (opcional)')).toBeDisabled()
      await user.keyboard('{Escape}')
      expect(screen.getByRole('dialog')).toBeInTheDocument()

      pending.resolve()
      expect(await screen.findByText('Vencedor invalidado')).toBeInTheDocument()
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })

    it('sends null for a blank reason, and starts each opening with an empty one', async () => {
      const { user, onInvalidate } = renderList()
      await user.click(within(item('Ana')).getByRole('button', { name: 'Invalidar' }))
      await user.type(screen.getByLabelText('Motivo (opcional)'), 'rascunho')
      await user.keyboard('{Escape}')
      await user.click(within(item('Ana')).getByRole('button', { name: 'Invalidar' }))
      expect(screen.getByLabelText('Motivo (opcional)')).toHaveValue('')
      await user.type(screen.getByLabelText('Motivo (opcional)'), '   ')
      await user.click(screen.getByRole('button', { name: 'Confirmar Invalidação' }))
      expect(onInvalidate).toHaveBeenCalledWith('d1:1', null)
    })

    it('moves focus to the new Re-sortear button when the list shows the winner invalidated', async () => {
      const { user, onInvalidate, rerender } = renderList()
      await user.click(within(item('Ana')).getByRole('button', { name: 'Invalidar' }))
      await user.click(screen.getByRole('button', { name: 'Confirmar Invalidação' }))
      expect(onInvalidate).toHaveBeenCalledWith('d1:1', null)
      await screen.findByText('Vencedor invalidado')
      // The live query brings the change: the button the dialog gave focus back to becomes
      // 'Re-sortear' (React keeps the element), so keyboard users stay on Ana's entry.
      const updated = history.map((w) => (w.id === 'd1:1' ? { ...w, isValid: false, invalidatedAt: invalidatedAt + 9000 } : w))
      rerender(updated)
      expect(within(item('Ana')).getByRole('button', { name: 'Re-sortear' })).toHaveFocus()
    })

    it('says why it failed and keeps the dialog open to try again', async () => {
      const onInvalidate = vi.fn(async () => {
        throw new RuleError('winner_invalid')
      })
      const { user } = renderList({ onInvalidate })
      await user.click(within(item('Ana')).getByRole('button', { name: 'Invalidar' }))
      await user.type(screen.getByLabelText('Motivo (opcional)'), 'Fraude')
      await user.click(screen.getByRole('button', { name: 'Confirmar Invalidação' }))
      expect(await screen.findByText('Não foi possível invalidar o vencedor')).toBeInTheDocument()
      expect(screen.getByText('Este vencedor já foi invalidado.')).toBeInTheDocument()
      expect(screen.getByRole('dialog')).toBeInTheDocument()
      expect(screen.getByLabelText('Motivo (opcional)')).toHaveValue('Fraude')
      expect(screen.getByRole('button', { name: 'Confirmar Invalidação' })).toBeEnabled()
    })
  })

  describe('redrawing', () => {
    it('redraws the place, disabled while it runs, and confirms', async () => {
      const pending = deferred()
      const onRedraw = vi.fn(() => pending.promise)
      const { user } = renderList({ onRedraw })
      const button = screen.getByRole('button', { name: 'Re-sortear' })
      await user.click(button)
      expect(onRedraw).toHaveBeenCalledWith(3)
      expect(button).toBeDisabled()
      await user.click(button)
      expect(onRedraw).toHaveBeenCalledTimes(1)
      pending.resolve()
      expect(await screen.findByText('Vencedor re-sorteado!')).toBeInTheDocument()
      expect(button).toBeEnabled()
    })

    it('says when nobody is left to draw', async () => {
      const onRedraw = vi.fn(async () => {
        throw Object.assign(new Error('no eligible tickets'), { name: 'NoEligibleError' })
      })
      const { user } = renderList({ onRedraw })
      await user.click(screen.getByRole('button', { name: 'Re-sortear' }))
      expect(await screen.findByText('Não há participantes elegíveis para re-sorteio')).toBeInTheDocument()
      expect(screen.queryByText('no eligible tickets')).not.toBeInTheDocument()
    })

    it('reports a refused redraw with its pt-BR reason', async () => {
      const onRedraw = vi.fn(async () => {
        throw new RuleError('draw_open')
      })
      const { user } = renderList({ onRedraw })
      await user.click(screen.getByRole('button', { name: 'Re-sortear' }))
      expect(await screen.findByText('Não foi possível realizar o re-sorteio')).toBeInTheDocument()
      expect(screen.getByText('Há um sorteio em andamento: aguarde o resultado.')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Re-sortear' })).toBeEnabled()
    })

    it('never shows a raw error message (an IndexedDB failure is in English)', async () => {
      const onRedraw = vi.fn(async () => {
        throw new Error('Transaction aborted: UnknownError')
      })
      const { user } = renderList({ onRedraw })
      await user.click(screen.getByRole('button', { name: 'Re-sortear' }))
      expect(await screen.findByText('Erro inesperado. Tente novamente.')).toBeInTheDocument()
      expect(screen.queryByText(/Transaction aborted/)).not.toBeInTheDocument()
    })
  })
})

describe("'Chamar no WhatsApp' on a winner's card", () => {
  it("names the place's prize, and says an alternate called to the place was called", () => {
    render(
      <WinnersList
        isAdmin
        showEmail
        title="Rifa da Igreja"
        winners={[
          winner({ id: 'd1:1', position: 1, name: 'Ana', phone: '+5511912345678', prize: 'Bicicleta' }),
          winner({ id: 'd1:a1', position: 2, name: 'Duda', phone: '+5521998765432', promoted: true }),
        ]}
      />,
    )
    const [first, second] = screen.getAllByRole('link', { name: 'Chamar no WhatsApp' }).map((a) => new URL(a.getAttribute('href')!).searchParams.get('text'))
    expect(first).toBe('Olá, Ana! Você foi sorteado(a) no sorteio "Rifa da Igreja": ficou com o 1º prêmio: Bicicleta. Parabéns!')
    expect(second).toBe('Olá, Duda! Você foi chamado(a) como suplente no sorteio "Rifa da Igreja": ficou com o 2º lugar. Parabéns!')
    expect(within(screen.getByRole('list', { name: 'Vencedores' })).getAllByText('Suplente chamado')).toHaveLength(1)
  })
})
