import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { db } from '@/db/schema'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { renderApp, signedIn } from '@/test/render'
import { listTickets } from '@/db/participants'
import { recordScrolls } from '@/test/scroll'

beforeEach(resetDb)

describe('/gerenciar/{id}', () => {
  it('shows the header with its status label and copies the public link', async () => {
    const raffle = await makeRaffle()
    const { user } = await openManage(raffle)
    expect(screen.getByText(raffle.code)).toBeInTheDocument()
    expect(screen.getByText('Prêmio: bicicleta')).toBeInTheDocument()
    expect(screen.getByText('Aguardando')).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Participantes', 'Configurações', 'Sorteio'])

    await user.click(screen.getByRole('button', { name: 'Copiar link público' }))
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sorteio/${raffle.code}`)
  })

  it.each([
    ['in_progress', 'Em andamento'],
    ['completed', 'Finalizado'],
  ] as const)('labels status %s as %s', async (status, label) => {
    const raffle = await makeRaffle()
    await db.raffles.update(raffle.id, { status })
    await openManage(raffle)
    expect(screen.getByText(label)).toBeInTheDocument()
  })

  it('opens on the Sorteio tab while a draw is under way (a reload during its countdown), else on Participantes', async () => {
    const raffle = await makeRaffle()
    await openManage(raffle)
    expect(screen.getByRole('tab', { name: 'Participantes' })).toHaveAttribute('aria-selected', 'true')
    cleanup()
    await db.raffles.update(raffle.id, { status: 'in_progress' })
    await openManage(raffle)
    expect(screen.getByRole('tab', { name: 'Sorteio' })).toHaveAttribute('aria-selected', 'true')
  })

  it('without a sync engine to bring it, a raffle not on this device is not found: back to the dashboard', async () => {
    const { router } = renderApp('/gerenciar/nao-existe', { session: signedIn })
    expect(await screen.findByText('Sorteio não encontrado ou você não tem permissão')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Meus Sorteios' })).toBeInTheDocument()
  })

  it("treats another account's raffle as not found", async () => {
    const raffle = await makeRaffle()
    await db.raffles.update(raffle.id, { ownerId: 'outra-conta' })
    const { router } = renderApp(`/gerenciar/${raffle.id}`, { session: signedIn })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(screen.queryByRole('heading', { name: raffle.title })).not.toBeInTheDocument()
  })

  it('adds a participant, with the ticket field only in ticket raffles', async () => {
    const raffle = await makeRaffle({ type: 'tickets' })
    const { user } = await openManage(raffle)
    await user.click(screen.getByRole('button', { name: 'Adicionar participante' }))
    const name = screen.getByLabelText('Nome')
    expect(screen.getByText('Nome é obrigatório')).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription('Nome é obrigatório')
    expect(await listTickets(raffle.id, db)).toHaveLength(0)

    await user.type(name, 'Ana Souza')
    await user.type(screen.getByLabelText('E-mail (opcional)'), 'ana@exemplo.com')
    await user.type(screen.getByLabelText('Bilhete (opcional)'), '042')
    await user.click(screen.getByRole('button', { name: 'Adicionar participante' }))
    expect(await screen.findByText('Participante adicionado')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Participantes' })
    expect(within(list).getByText('Ana Souza')).toBeInTheDocument()
    expect(within(list).getByText('ana@exemplo.com')).toBeInTheDocument()
    expect(within(list).getByText('· 042')).toBeInTheDocument()
    expect(name).toHaveValue('')
    expect(name).toHaveFocus()
    expect(await listTickets(raffle.id, db)).toMatchObject([{ name: 'Ana Souza', email: 'ana@exemplo.com', ticketNumber: '042' }])
  })

  it('keeps what is typed after Enter while the save runs: every name is stored exactly', async () => {
    const raffle = await makeRaffle({ type: 'simple' })
    const { user } = await openManage(raffle)
    const name = screen.getByLabelText('Nome')
    const names = ['Ana Paula Souza', 'Bruno Oliveira', 'Carla Mendes', 'Davi Lima']
    // One burst of keys: each name starts while the previous one's save is still running.
    await user.type(name, names.map((n) => `${n}{Enter}`).join(''))
    await waitFor(async () => expect((await listTickets(raffle.id, db)).map((p) => p.name).sort()).toEqual([...names].sort()))
    expect(name).toHaveValue('')
    expect(name).toHaveFocus()
  })

  it('refuses a ticket number already in the raffle next to the field, keeping what was typed, brought into view', async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [{ name: 'Ana', ticketNumber: '001' }])
    const { user } = await openManage(raffle)
    const { scrolled, restore } = recordScrolls()
    onTestFinished(restore)
    await user.type(screen.getByLabelText('Nome'), 'Bruno')
    await user.type(screen.getByLabelText('Bilhete (opcional)'), '001')
    await user.click(screen.getByRole('button', { name: 'Adicionar participante' }))
    expect(await screen.findByText('Já existe o bilhete 001 neste sorteio.')).toBeInTheDocument()
    // On a phone it could otherwise sit under the sync bar, focus being back in Nome.
    await waitFor(() => expect(scrolled.map((el) => el.textContent)).toContain('Já existe o bilhete 001 neste sorteio.'))
    expect(screen.getByLabelText('Bilhete (opcional)')).toHaveAccessibleDescription('Já existe o bilhete 001 neste sorteio.')
    expect(screen.getByLabelText('Nome')).toHaveValue('Bruno')
    expect((await listTickets(raffle.id, db)).length).toBe(1)
    // Left empty, the number is the next free one.
    await user.clear(screen.getByLabelText('Bilhete (opcional)'))
    await user.click(screen.getByRole('button', { name: 'Adicionar participante' }))
    expect(await screen.findByText('Participante adicionado')).toBeInTheDocument()
    await waitFor(async () => expect((await listTickets(raffle.id, db)).map((t) => t.ticketNumber).sort()).toEqual(['001', '002']))
  })

  it('has no ticket field in simple raffles and shows invalid e-mails next to the field', async () => {
    const raffle = await makeRaffle({ type: 'simple' })
    const { user } = await openManage(raffle)
    expect(screen.queryByLabelText('Bilhete (opcional)')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Nome'), 'Bruno')
    await user.type(screen.getByLabelText('E-mail (opcional)'), 'bruno@')
    await user.click(screen.getByRole('button', { name: 'Adicionar participante' }))
    expect(await screen.findByText('E-mail inválido.')).toBeInTheDocument()
    expect(screen.getByLabelText('E-mail (opcional)')).toHaveAccessibleDescription('E-mail inválido.')
    expect(await listTickets(raffle.id, db)).toHaveLength(0)
  })

  it('shows the totals on the draw tab and what is still missing', async () => {
    const raffle = await makeRaffle({ winnersCount: 3 }, [{ name: 'Ana', quantity: 4 }, { name: 'Bruno' }])
    const { user } = await openManage(raffle)
    await user.click(screen.getByRole('tab', { name: 'Sorteio' }))
    const totals = screen.getByRole('tabpanel')
    // The totals show a skeleton until the tickets are read.
    await waitFor(() => expect(within(totals).getByText('Participantes', { selector: 'dt' }).nextSibling).toHaveTextContent('2'))
    expect(within(totals).getByText('Bilhetes', { selector: 'dt' }).nextSibling).toHaveTextContent('5')
    expect(within(totals).getByText('Vencedores', { selector: 'dt' }).nextSibling).toHaveTextContent('3')
    expect(within(totals).getByText(/são necessários pelo menos 3 participante\(s\) diferentes/)).toBeInTheDocument()
    expect(within(totals).getByRole('button', { name: 'Iniciar Sorteio' })).toBeDisabled()
  })
})
