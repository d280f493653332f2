import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type RaffleRow } from '@/db/schema'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'

beforeEach(resetDb)

async function openSettings(raffle: RaffleRow) {
  const view = await openManage(raffle)
  await view.user.click(screen.getByRole('tab', { name: 'Configurações' }))
  return view
}

const updates = async () => (await db.outbox.toArray()).filter((op) => op.type === 'raffle.update').map((op) => op.payload)

describe('settings tab', () => {
  it('saves a changed field on blur, once, with a toast', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', winnersCount: 2 })
    const { user } = await openSettings(raffle)
    const title = screen.getByLabelText('Título')
    expect(title).toHaveValue('Rifa')
    await user.clear(title)
    await user.type(title, 'Rifa de Natal')
    // Nothing is saved while typing.
    expect(await updates()).toEqual([])
    await user.tab()
    expect(await screen.findByText('Sorteio atualizado')).toBeInTheDocument()
    expect((await db.raffles.get(raffle.id))?.title).toBe('Rifa de Natal')
    expect(await updates()).toEqual([{ title: 'Rifa de Natal' }])
    expect(title).toHaveValue('Rifa de Natal')
    // The header follows the stored value.
    expect(screen.getByRole('heading', { level: 1, name: 'Rifa de Natal' })).toBeInTheDocument()

    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '5')
    await user.tab()
    await waitFor(async () => expect((await db.raffles.get(raffle.id))?.winnersCount).toBe(5))
    expect(await updates()).toEqual([{ title: 'Rifa de Natal' }, { winners_count: 5 }])
  })

  it('saves each prize on blur as its own position, and keeps the others when the winners count goes down', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', winnersCount: 3 })
    const { user } = await openSettings(raffle)
    await user.type(screen.getByLabelText('1º prêmio'), 'Bicicleta')
    await user.type(screen.getByLabelText('3º prêmio'), 'Vale-compras R$ 100')
    await user.tab()
    await waitFor(async () => expect((await db.raffles.get(raffle.id))?.prizes).toHaveLength(2))
    expect(await updates()).toEqual([{ prizes: [{ position: 1, name: 'Bicicleta' }] }, { prizes: [{ position: 3, name: 'Vale-compras R$ 100' }] }])

    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '1')
    await user.tab()
    await waitFor(() => expect(screen.queryByLabelText('3º prêmio')).not.toBeInTheDocument())
    expect(screen.getByLabelText('1º prêmio')).toHaveValue('Bicicleta')
    expect((await db.raffles.get(raffle.id))?.prizes).toEqual([
      { position: 1, name: 'Bicicleta' },
      { position: 3, name: 'Vale-compras R$ 100' },
    ])
  })

  it('saves the number of alternates on blur; outside 0 to 10 it is refused under the field and nothing is saved', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', winnersCount: 2 })
    const { user } = await openSettings(raffle)
    const alternates = screen.getByLabelText('Número de suplentes')
    expect(alternates).toHaveValue(0)
    await user.clear(alternates)
    await user.type(alternates, '11')
    await user.tab()
    expect(await screen.findByText('O número de suplentes deve estar entre 0 e 10.')).toBeInTheDocument()
    expect(await updates()).toEqual([])
    await user.clear(alternates)
    await user.type(alternates, '3')
    await user.tab()
    await waitFor(async () => expect((await db.raffles.get(raffle.id))?.alternatesCount).toBe(3))
    expect(await updates()).toEqual([{ alternates_count: 3 }])
  })

  it('refuses a prize over 120 characters under its field, and saves nothing', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', winnersCount: 2 })
    const { user } = await openSettings(raffle)
    const second = screen.getByLabelText('2º prêmio')
    // maxLength stops typing at 120; a paste of more (or another device) reaches the rule.
    second.removeAttribute('maxlength')
    await user.click(second)
    await user.paste('x'.repeat(121))
    await user.tab()
    expect(await screen.findByText('O prêmio deve ter no máximo 120 caracteres.')).toBeInTheDocument()
    expect(await updates()).toEqual([])
    expect((await db.raffles.get(raffle.id))?.prizes ?? []).toEqual([])
  })

  it('follows the stored value after a save, even when it goes back to the old one (another device)', async () => {
    const raffle = await makeRaffle({ title: 'Rifa' })
    const { user } = await openSettings(raffle)
    const title = screen.getByLabelText('Título')
    await user.clear(title)
    await user.type(title, 'Rifa nova')
    await user.tab()
    await waitFor(async () => expect((await db.raffles.get(raffle.id))?.title).toBe('Rifa nova'))
    // A later change from elsewhere (last writer wins) brings the old title back.
    await db.raffles.update(raffle.id, { title: 'Rifa' })
    await waitFor(() => expect(title).toHaveValue('Rifa'))
  })

  it('a field that only had focus saves nothing when another device changed it, shows the change and offers either value', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', winnersCount: 2 })
    const { user } = await openSettings(raffle)
    const title = screen.getByLabelText('Título')
    await user.click(title)
    // Another device's title and winners arrive while the title has focus.
    await db.raffles.update(raffle.id, { title: 'Bingo 2026', winnersCount: 5 })
    await waitFor(() => expect(title).toHaveValue('Bingo 2026'))
    expect(screen.getByText('Alterado em outro aparelho para “Bingo 2026”.')).toBeInTheDocument()
    await user.tab()
    // The next fields show the stored values, never stale ones, and save nothing either.
    await user.click(screen.getByLabelText('Número de vencedores'))
    expect(screen.getByLabelText('Número de vencedores')).toHaveValue(5)
    await user.clear(screen.getByLabelText('Descrição'))
    await user.type(screen.getByLabelText('Descrição'), 'Prêmios na festa')
    await user.tab()
    await waitFor(async () => expect(await updates()).toEqual([{ description: 'Prêmios na festa' }]))
    expect((await db.raffles.get(raffle.id))?.title).toBe('Bingo 2026')
    // Keeping the other device's value ends the notice and saves nothing.
    await user.click(screen.getByRole('button', { name: 'Ficar com “Bingo 2026”' }))
    expect(screen.queryByText(/Alterado em outro aparelho/)).not.toBeInTheDocument()
    expect(await updates()).toEqual([{ description: 'Prêmios na festa' }])
  })

  it('keeps what was typed when another device changed the field meanwhile, and saves it only when the person chooses it', async () => {
    const raffle = await makeRaffle({ title: 'Rifa' })
    const { user } = await openSettings(raffle)
    const title = screen.getByLabelText('Título')
    await user.clear(title)
    await user.type(title, 'Rifa de Natal')
    await db.raffles.update(raffle.id, { title: 'Bingo 2026' })
    expect(await screen.findByText('Alterado em outro aparelho para “Bingo 2026”.')).toBeInTheDocument()
    expect(title).toHaveValue('Rifa de Natal')
    await user.tab()
    expect(title).toHaveValue('Rifa de Natal')
    expect(screen.getByText('Alterado em outro aparelho para “Bingo 2026”.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ficar com “Rifa de Natal”' }))
    await waitFor(async () => expect(await updates()).toEqual([{ title: 'Rifa de Natal' }]))
    await waitFor(() => expect(screen.queryByText(/Alterado em outro aparelho/)).not.toBeInTheDocument())
    expect(title).toHaveValue('Rifa de Natal')
  })

  it('saves nothing when a field loses focus unchanged', async () => {
    const raffle = await makeRaffle({ title: 'Rifa', countdownSeconds: 10 })
    const { user } = await openSettings(raffle)
    await user.click(screen.getByLabelText('Título'))
    await user.type(screen.getByLabelText('Título'), ' ')
    await user.click(screen.getByLabelText('Contagem regressiva (segundos)'))
    await user.tab()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await updates()).toEqual([])
    expect(screen.queryByText('Sorteio atualizado')).not.toBeInTheDocument()
  })

  it('refuses an invalid value: the typed value stays with the reason under it, and nothing is saved', async () => {
    const raffle = await makeRaffle({ winnersCount: 2, countdownSeconds: 10 })
    const { user } = await openSettings(raffle)
    const winners = screen.getByLabelText('Número de vencedores')
    await user.clear(winners)
    await user.type(winners, '0')
    await user.tab()
    await waitFor(() => expect(winners).toHaveAccessibleDescription('O número de vencedores deve estar entre 1 e 100.'))
    expect(winners).toHaveValue(0)
    expect(winners).toHaveAttribute('aria-invalid', 'true')

    const countdown = screen.getByLabelText('Contagem regressiva (segundos)')
    await user.clear(countdown)
    await user.tab()
    await waitFor(() => expect(countdown).toHaveAccessibleDescription('A contagem regressiva deve estar entre 0 e 300 segundos.'))
    expect(countdown).toHaveValue(null)

    const title = screen.getByLabelText('Título')
    await user.clear(title)
    await user.tab()
    await waitFor(() => expect(title).toHaveAccessibleDescription('O título é obrigatório.'))
    expect(title).toHaveValue('')
    expect(await updates()).toEqual([])
    expect(await db.raffles.get(raffle.id)).toMatchObject({ title: raffle.title, winnersCount: 2, countdownSeconds: 10 })
    // Explained beside the field: no toast that would read as the server refusing it.
    expect(screen.queryByText('Não foi possível atualizar sorteio')).not.toBeInTheDocument()
    // Mended, it saves.
    await user.clear(winners)
    await user.type(winners, '3')
    await user.tab()
    expect(await screen.findByText('Sorteio atualizado')).toBeInTheDocument()
    await waitFor(() => expect(winners).not.toHaveAttribute('aria-invalid'))
  })

  it('saves the duplicate-wins toggle as soon as it flips', async () => {
    const raffle = await makeRaffle()
    const { user } = await openSettings(raffle)
    const toggle = screen.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(await screen.findByText('Sorteio atualizado')).toBeInTheDocument()
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'))
    expect(await updates()).toEqual([{ allow_duplicate_wins: true }])
  })

  it('locks every setting once the draw has started, and says why', async () => {
    const raffle = await makeRaffle()
    await db.raffles.update(raffle.id, { status: 'completed' })
    await openSettings(raffle)
    expect(screen.getByText(/O sorteio já começou, então as configurações não podem mais ser alteradas/)).toBeInTheDocument()
    expect(screen.getByLabelText('Título')).toBeDisabled()
    expect(screen.getByLabelText('Descrição')).toBeDisabled()
    expect(screen.getByLabelText('Número de vencedores')).toBeDisabled()
    expect(screen.getByLabelText('Contagem regressiva (segundos)')).toBeDisabled()
    expect(screen.getByRole('switch')).toBeDisabled()
  })
})
