import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '@/db/schema'
import { renderApp, signedIn, testUser } from '@/test/render'

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()))
})

async function openForm() {
  const view = renderApp('/criar-sorteio', { session: signedIn })
  await screen.findByRole('heading', { name: 'Criar Novo Sorteio' })
  return { ...view, user: userEvent.setup() }
}

/** The error text announced with a field (aria-describedby), i.e. shown next to it. */
function describedError(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

describe('/criar-sorteio', () => {
  it('has every field, the zero-countdown hint and a Cancelar link to the dashboard', async () => {
    await openForm()
    expect(screen.getByLabelText('Título')).toBeRequired()
    expect(screen.getByLabelText('Descrição (opcional)')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Simples' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Com Bilhetes' })).not.toBeChecked()
    expect(screen.getByLabelText('Número de vencedores')).toHaveValue(1)
    expect(screen.getByLabelText('Contagem regressiva (segundos)')).toHaveValue(0)
    expect(screen.getByText(/Com 0, o sorteio acontece imediatamente/)).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/dashboard')
  })

  it('creates a raffle with a prize per position, only for the positions the winners count keeps', async () => {
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Título'), 'Rifa da festa')
    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '3')
    await user.type(screen.getByLabelText('1º prêmio'), ' Bicicleta ')
    await user.type(screen.getByLabelText('3º prêmio'), 'Vale')
    await user.clear(winners)
    await user.type(winners, '2')
    expect(screen.queryByLabelText('3º prêmio')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/gerenciar\//))
    const [raffle] = await db.raffles.toArray()
    expect(raffle?.prizes).toEqual([{ position: 1, name: 'Bicicleta' }])
    const [op] = await db.outbox.toArray()
    expect((op?.payload as { prizes: unknown }).prizes).toEqual([{ position: 1, name: 'Bicicleta' }])
  })

  it('refuses a prize over 120 characters next to its field, and creates nothing', async () => {
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Título'), 'Rifa')
    const prize = screen.getByLabelText('1º prêmio')
    prize.removeAttribute('maxlength')
    await user.click(prize)
    await user.paste('é'.repeat(121))
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('O prêmio deve ter no máximo 120 caracteres.')).toBeInTheDocument()
    expect(describedError(prize)).toBe('O prêmio deve ter no máximo 120 caracteres.')
    expect(prize).toHaveFocus()
    expect(await db.raffles.count()).toBe(0)
  })

  it('shows a missing title next to the field and creates nothing', async () => {
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Título'), '   ')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    const title = screen.getByLabelText('Título')
    expect(await screen.findByText('O título é obrigatório.')).toBeInTheDocument()
    expect(describedError(title)).toBe('O título é obrigatório.')
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title).toHaveFocus()
    expect(router.state.location.pathname).toBe('/criar-sorteio')
    expect(await db.raffles.count()).toBe(0)
    expect(screen.queryByText('Erro ao criar sorteio')).not.toBeInTheDocument()
  })

  it('refuses a title with a bidi override or an escape next to the field, and creates nothing', async () => {
    const { user, router } = await openForm()
    // user.type would read the brackets as key names; paste puts the text in as it is.
    await user.click(screen.getByLabelText('Título'))
    await user.paste('Rifa \u202eacifáR\u001b[8m')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    const message = 'O texto tem caracteres não permitidos (invisíveis, de controle ou que invertem a direção do texto).'
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(describedError(screen.getByLabelText('Título'))).toBe(message)
    expect(router.state.location.pathname).toBe('/criar-sorteio')
    expect(await db.raffles.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('asks for 0 alternates by default; 11 is refused next to the field, 2 is created', async () => {
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Título'), 'Rifa')
    const alternates = screen.getByLabelText('Número de suplentes')
    expect(alternates).toHaveValue(0)
    await user.clear(alternates)
    await user.type(alternates, '11')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('O número de suplentes deve estar entre 0 e 10.')).toBeInTheDocument()
    expect(describedError(alternates)).toBe('O número de suplentes deve estar entre 0 e 10.')
    expect(await db.raffles.count()).toBe(0)
    await user.clear(alternates)
    await user.type(alternates, '2')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/gerenciar\//))
    expect((await db.raffles.toArray())[0]?.alternatesCount).toBe(2)
  })

  it('shows out-of-range numbers next to their fields', async () => {
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Título'), 'Rifa')
    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '101')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('O número de vencedores deve estar entre 1 e 100.')).toBeInTheDocument()
    expect(describedError(winners)).toBe('O número de vencedores deve estar entre 1 e 100.')

    await user.clear(winners)
    await user.type(winners, '2')
    const countdown = screen.getByLabelText('Contagem regressiva (segundos)')
    await user.clear(countdown)
    await user.type(countdown, '301')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('A contagem regressiva deve estar entre 0 e 300 segundos.')).toBeInTheDocument()
    expect(describedError(countdown)).toBe('A contagem regressiva deve estar entre 0 e 300 segundos.')
    expect(await db.raffles.count()).toBe(0)
  })

  it('refuses a number with decimals instead of cutting it to a whole one', async () => {
    const { user } = await openForm()
    await user.type(screen.getByLabelText('Título'), 'Rifa')
    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '2.5')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('O número de vencedores deve estar entre 1 e 100.')).toBeInTheDocument()
    expect(await db.raffles.count()).toBe(0)
  })

  it('creates the raffle (a non-number winners count becomes 1), confirms with its code and opens it', async () => {
    const { user, router } = await openForm()
    await user.type(screen.getByLabelText('Título'), '  Rifa da Escola ')
    await user.type(screen.getByLabelText('Descrição (opcional)'), 'Prêmio: bicicleta')
    await user.click(screen.getByRole('radio', { name: 'Com Bilhetes' }))
    await user.clear(screen.getByLabelText('Número de vencedores'))
    const countdown = screen.getByLabelText('Contagem regressiva (segundos)')
    await user.clear(countdown)
    await user.type(countdown, '10')
    await user.click(screen.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' }))
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))

    expect(await screen.findByText('Sorteio criado!')).toBeInTheDocument()
    const [raffle] = await db.raffles.toArray()
    expect(raffle).toMatchObject({
      ownerId: testUser.id,
      title: 'Rifa da Escola',
      description: 'Prêmio: bicicleta',
      type: 'tickets',
      status: 'pending',
      winnersCount: 1,
      countdownSeconds: 10,
      allowDuplicateWins: true,
    })
    expect(screen.getByText(`Código: ${raffle!.code}`)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gerenciar/${raffle!.id}`))
    expect(await screen.findByRole('heading', { name: 'Rifa da Escola' })).toBeInTheDocument()
    expect((await db.outbox.toArray()).map((op) => op.type)).toEqual(['raffle.create'])
  })

  it("says 'Erro ao criar sorteio' when the device cannot store it", async () => {
    const { user, router } = await openForm()
    vi.spyOn(db, 'transaction').mockRejectedValue(new Error('disk gone'))
    await user.type(screen.getByLabelText('Título'), 'Rifa')
    await user.click(screen.getByRole('button', { name: 'Criar Sorteio' }))
    expect(await screen.findByText('Erro ao criar sorteio')).toBeInTheDocument()
    expect(screen.getByText('Erro inesperado. Tente novamente.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/criar-sorteio')
    expect(screen.getByRole('button', { name: 'Criar Sorteio' })).toBeEnabled()
  })
})
