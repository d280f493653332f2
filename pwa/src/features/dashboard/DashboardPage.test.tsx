import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createRaffle, type NewRaffle } from '@/db/raffles'
import { db } from '@/db/schema'
import { NetworkError } from '@/lib/api'
import { metaKey } from '@/sync/local'
import { fakeAuthApi, renderApp, signedIn, testUser } from '@/test/render'

const base: NewRaffle = { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }

async function raffleAt(createdAt: number, input: Partial<NewRaffle>, ownerId = testUser.id) {
  vi.spyOn(Date, 'now').mockReturnValue(createdAt)
  const raffle = await createRaffle(ownerId, { ...base, ...input })
  vi.mocked(Date.now).mockRestore()
  return raffle
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()))
  // This device has synced the account once: an empty list is really empty.
  await db.meta.put({ key: metaKey.lastSync(testUser.id), value: 1 })
})

describe('/dashboard', () => {
  it('shows the e-mail, the actions and the empty state', async () => {
    renderApp('/dashboard', { session: signedIn })
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
    expect(screen.getAllByText(testUser.email).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Novo Sorteio' })).toHaveAttribute('href', '/criar-sorteio')
    expect(await screen.findByText('Nenhum sorteio ainda')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Criar Primeiro Sorteio' })).toHaveAttribute('href', '/criar-sorteio')
  })

  it("says 'Confirme seu e-mail' with the page when the session says the address is not proven", async () => {
    renderApp('/dashboard', { session: { status: 'signedIn', user: { ...testUser, email_verified: false } } })
    await screen.findByRole('heading', { name: 'Meus Sorteios' })
    // In the same render as the heading, before any request could answer: nothing is pushed down.
    expect(screen.getByText(/^Confirme seu e-mail/)).toBeInTheDocument()
  })

  it('keeps the loading cards on a device that never synced the account, until it has', async () => {
    await db.meta.delete(metaKey.lastSync(testUser.id))
    renderApp('/dashboard', { session: signedIn })
    expect(await screen.findByText('Carregando sorteios...')).toBeInTheDocument()
    // Its first read has answered (the list's code and IndexedDB): still no empty state.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(screen.getByText('Carregando sorteios...')).toBeInTheDocument()
    expect(screen.queryByText('Nenhum sorteio ainda')).not.toBeInTheDocument()
    await db.meta.put({ key: metaKey.lastSync(testUser.id), value: 2 })
    expect(await screen.findByText('Nenhum sorteio ainda')).toBeInTheDocument()
    expect(screen.queryByText('Carregando sorteios...')).not.toBeInTheDocument()
  })

  it('lists the raffles newest first, with every detail of the card', async () => {
    await raffleAt(1_000, { title: 'Antiga', description: 'Cesta de Natal', type: 'tickets', winnersCount: 3 })
    const newest = await raffleAt(3_000, { title: 'Nova' })
    await raffleAt(2_000, { title: 'Do meio' })
    await raffleAt(4_000, { title: 'De outra conta' }, 'someone-else')
    await db.raffles.update(newest.id, { status: 'completed' })

    renderApp('/dashboard', { session: signedIn })
    const list = await screen.findByRole('list', { name: 'Sorteios' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Nova', 'Do meio', 'Antiga'])

    const [first, , last] = cards
    expect(within(first!).getByText('Concluído')).toBeInTheDocument()
    expect(within(first!).getByText('Sem descrição')).toBeInTheDocument()
    expect(within(first!).getByText(newest.code)).toBeInTheDocument()
    expect(within(first!).getByText('Simples')).toBeInTheDocument()
    expect(within(first!).getByRole('link', { name: /Gerenciar/ })).toHaveAttribute('href', `/gerenciar/${newest.id}`)
    expect(within(last!).getByText('Pendente')).toBeInTheDocument()
    expect(within(last!).getByText('Cesta de Natal')).toBeInTheDocument()
    expect(within(last!).getByText('Com Bilhetes')).toBeInTheDocument()
    expect(within(last!).getByText('3')).toBeInTheDocument()
  })

  it('deletes a raffle only after confirming in an accessible dialog', async () => {
    const raffle = await raffleAt(1_000, { title: 'Bingo' })
    const user = userEvent.setup()
    renderApp('/dashboard', { session: signedIn })
    const trigger = await screen.findByRole('button', { name: 'Excluir sorteio Bingo' })

    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: 'Excluir sorteio?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    // A drawn raffle's public record stays: said before the organiser confirms.
    expect(dialog).toHaveTextContent('Se já houve sorteio, o registro público dele continua na página de verificação')
    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' })
    const confirm = within(dialog).getByRole('button', { name: 'Excluir' })
    expect(cancel).toHaveFocus()
    // Focus stays inside: Tab from the last button wraps to the first, Shift+Tab back.
    await user.tab()
    expect(confirm).toHaveFocus()
    await user.tab()
    expect(cancel).toHaveFocus()
    await user.tab({ shift: true })
    expect(confirm).toHaveFocus()

    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
    expect(await db.raffles.get(raffle.id)).toBeDefined()

    await user.click(trigger)
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Sorteio excluído!')).toBeInTheDocument()
    expect(await screen.findByText('Nenhum sorteio ainda')).toBeInTheDocument()
    expect(await db.raffles.get(raffle.id)).toBeUndefined()
    expect((await db.outbox.toArray()).map((op) => op.type)).toEqual(['raffle.create', 'raffle.delete'])
  })

  it("says 'Erro ao excluir' with the reason when the raffle cannot be deleted", async () => {
    const raffle = await raffleAt(1_000, { title: 'Ao vivo' })
    await db.raffles.update(raffle.id, { status: 'in_progress' })
    const user = userEvent.setup()
    renderApp('/dashboard', { session: signedIn })
    await user.click(await screen.findByRole('button', { name: 'Excluir sorteio Ao vivo' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Erro ao excluir')).toBeInTheDocument()
    expect(screen.getByText('O sorteio está em andamento: aguarde o fim para excluir.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'Ao vivo' })).toBeInTheDocument()
  })

  it("'Sair' signs out and goes to the landing page", async () => {
    const api = fakeAuthApi()
    const { router } = renderApp('/dashboard', { api, session: signedIn })
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }))
    expect(await screen.findByRole('heading', { name: 'Sorteio Público' })).toBeInTheDocument()
    expect(api.signOut).toHaveBeenCalledTimes(1)
    // Give a stray guard redirect the chance to happen: it must not.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(router.state.location.pathname).toBe('/')
  })

  it("'Sair' offline keeps the session and explains why", async () => {
    const api = fakeAuthApi({ signOut: async () => Promise.reject(new NetworkError()) })
    const { router } = renderApp('/dashboard', { api, session: signedIn })
    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }))
    expect(await screen.findByText('Erro ao sair')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
