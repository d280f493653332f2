import 'fake-indexeddb/auto'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '@/app/AppToaster'
import { db } from '@/db/schema'
import { COPIED_FEEDBACK_MS, ParticipantGroupItem } from '@/features/manage-raffle/participants/ParticipantGroupItem'
import { ParticipantsList } from '@/features/manage-raffle/participants/ParticipantsList'
import { buildGroupIndex, previewIndex } from '@/features/manage-raffle/participants/participants-logic'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { listTickets } from '@/db/participants'

beforeEach(resetDb)

const list = () => screen.getByRole('list', { name: 'Participantes' })
const names = () =>
  within(list())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span')?.textContent)

describe('participants list', () => {
  it('summarises people and tickets, badges ranges and duplicates, and expands the tickets', async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [
      { name: 'Ana Souza', email: 'ana@exemplo.com', quantity: 3 },
      { name: 'Bruno', ticketNumber: '050' },
      { name: '  ana souza ', ticketNumber: '077' },
    ])
    const { user } = await openManage(raffle)
    expect(await screen.findByText('3 participantes · 5 bilhetes')).toBeInTheDocument()
    const [ana, bruno, ana2] = within(list()).getAllByRole('listitem')
    expect(within(ana!).getByText('3 bilhetes')).toBeInTheDocument()
    // The quantity's tickets follow the highest number in the raffle (077).
    expect(within(ana!).getByText('· 078–080')).toBeInTheDocument()
    expect(within(ana!).getByText('Duplicado')).toBeInTheDocument()
    expect(within(ana2!).getByText('Duplicado')).toBeInTheDocument()
    expect(within(bruno!).queryByText('Duplicado')).not.toBeInTheDocument()
    expect(within(bruno!).getByText('1 bilhete')).toBeInTheDocument()
    // Numbers the device chose are provisional until sent; a typed one is not.
    expect(await within(ana!).findByText('provisório')).toBeInTheDocument()
    expect(within(bruno!).queryByText(/provisório/)).not.toBeInTheDocument()
    expect(within(bruno!).queryByRole('button', { name: /Ver todos os bilhetes/ })).not.toBeInTheDocument()

    const expand = within(ana!).getByRole('button', { name: /Ver todos os bilhetes/ })
    expect(expand).toHaveAttribute('aria-expanded', 'false')
    await user.click(expand)
    expect(expand).toHaveAttribute('aria-expanded', 'true')
    const tickets = within(ana!).getByRole('list', { name: 'Bilhetes de Ana Souza' })
    expect(
      within(tickets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['078 provisório', '079 provisório', '080 provisório'])
  })

  it('searches name, e-mail and ticket number after a 300 ms pause, and clears', async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [
      { name: 'Ana', email: 'ana@exemplo.com', ticketNumber: '001' },
      { name: 'Bruno', email: 'bruno@correio.com', ticketNumber: '002' },
      { name: 'Carla', ticketNumber: '117' },
    ])
    const { user } = await openManage(raffle)
    const search = await screen.findByPlaceholderText('Buscar por nome, email ou bilhete...')
    expect(search).toHaveAccessibleName('Buscar participantes')

    await user.type(search, 'correio')
    // Debounced: the list has not changed yet.
    expect(names()).toEqual(['Ana', 'Bruno', 'Carla'])
    await waitFor(() => expect(names()).toEqual(['Bruno']))
    expect(screen.getByText('Mostrando 1 de 1')).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, '117')
    await waitFor(() => expect(names()).toEqual(['Carla']))

    await user.clear(search)
    await user.type(search, 'zé')
    expect(await screen.findByText('Nenhum participante encontrado para "zé"')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Limpar busca' }))
    expect(search).toHaveValue('')
    expect(search).toHaveFocus()
    expect(names()).toEqual(['Ana', 'Bruno', 'Carla'])
    expect(screen.getByText('3 participantes · 3 bilhetes')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).not.toBeInTheDocument()
  })

  it('shows the empty text of a raffle without participants', async () => {
    const raffle = await makeRaffle({ type: 'simple' })
    await openManage(raffle)
    expect(await screen.findByText('Nenhum participante cadastrado ainda.')).toBeInTheDocument()
  })

  it('pages 100 people at a time', async () => {
    const people = Array.from({ length: 250 }, (_, i) => ({ name: `Pessoa ${String(i).padStart(3, '0')}` }))
    const raffle = await makeRaffle({ type: 'simple' }, people)
    const { user } = await openManage(raffle)
    expect(await screen.findByText('Mostrando 100 de 250')).toBeInTheDocument()
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100)
    await user.click(screen.getByRole('button', { name: 'Carregar mais (150 restantes)' }))
    expect(within(list()).getAllByRole('listitem')).toHaveLength(200)
    await user.click(screen.getByRole('button', { name: 'Carregar mais (50 restantes)' }))
    expect(within(list()).getAllByRole('listitem')).toHaveLength(250)
    expect(screen.queryByRole('button', { name: /Carregar mais/ })).not.toBeInTheDocument()
    expect(screen.getByText('250 participantes')).toBeInTheDocument()
    // 250 list items queried by role in jsdom: over 20 s on a loaded two-core machine.
  }, 60_000)

  it('removes a person with all their tickets while pending, naming them in the toast', async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [{ name: 'Ana', quantity: 3 }, { name: 'Bruno' }])
    const { user } = await openManage(raffle)
    const remove = await screen.findByRole('button', { name: 'Remover Ana e seus 3 bilhete(s)' })
    expect(remove).toHaveAttribute('title', 'Remover Ana e seus 3 bilhete(s)')
    await user.click(remove)
    // It asks first, naming the person and their tickets.
    const dialog = await screen.findByRole('dialog', { name: 'Remover participante?' })
    expect(dialog).toHaveAccessibleDescription('Ana e os bilhetes 001, 002 e 003 sairão do sorteio.')
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }))
    expect(await screen.findByText('Ana removido(a) com 3 bilhete(s)')).toBeInTheDocument()
    await waitFor(() => expect(names()).toEqual(['Bruno']))
    expect(await listTickets(raffle.id, db)).toHaveLength(1)
  })

  it('cancelling the removal keeps the person and queues nothing', async () => {
    const raffle = await makeRaffle({ type: 'simple' }, [{ name: 'Ana' }, { name: 'Bruno' }])
    const { user } = await openManage(raffle)
    const before = await db.outbox.count()
    await user.click(await screen.findByRole('button', { name: 'Remover Ana' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remover participante?' })
    expect(dialog).toHaveAccessibleDescription('Ana sairá do sorteio.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(names()).toEqual(['Ana', 'Bruno'])
    expect(await listTickets(raffle.id, db)).toHaveLength(2)
    expect(await db.outbox.count()).toBe(before)
  })

  it("'Adicionar bilhete' gives the person another ticket in their group, with the next number", async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [
      { name: 'Ana', ticketNumber: '001' },
      { name: 'Bruno', ticketNumber: '002' },
    ])
    const { user } = await openManage(raffle)
    expect(await screen.findByText('2 participantes · 2 bilhetes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Adicionar bilhete para Ana' }))
    expect(await screen.findByText('Bilhete 003 adicionado')).toBeInTheDocument()
    expect(await screen.findByText('2 participantes · 3 bilhetes')).toBeInTheDocument()
    const [ana] = within(list()).getAllByRole('listitem')
    expect(within(ana!).getByText('2 bilhetes')).toBeInTheDocument()
    const groups = new Set((await listTickets(raffle.id, db)).filter((t) => t.name === 'Ana').map((t) => t.groupId))
    expect(groups.size).toBe(1)
  })

  it("has no 'Adicionar bilhete' in simple raffles", async () => {
    const raffle = await makeRaffle({ type: 'simple' }, [{ name: 'Ana' }])
    await openManage(raffle)
    await screen.findByText('Ana')
    expect(screen.queryByRole('button', { name: /Adicionar bilhete/ })).not.toBeInTheDocument()
  })

  it('offers no removal once the draw has started', async () => {
    const raffle = await makeRaffle({ type: 'tickets' }, [{ name: 'Ana', quantity: 2 }])
    await db.raffles.update(raffle.id, { status: 'in_progress' })
    const { user } = await openManage(raffle)
    // A raffle under way opens on its draw.
    await user.click(screen.getByRole('tab', { name: 'Participantes' }))
    await screen.findByText('Ana')
    expect(screen.queryByRole('button', { name: /^Remover/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Adicionar bilhete/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Adicionar participante' })).toBeDisabled()
  })
})

describe('participants list on a preview', () => {
  it('shows the first page and the totals, waits to search and page on, then takes the whole index', async () => {
    const people = Array.from({ length: 150 }, (_, i) => ({ id: `g${i}`, groupId: `g${i}`, name: i === 149 ? 'Ana' : `P${i}`, email: null, ticketNumber: null }))
    people[0] = { ...people[0]!, name: 'ana' }
    const preview = previewIndex(people.slice(0, 100), { people: 150, tickets: 150 })
    const props = { isTicketRaffle: false, canDelete: false, onRemove: async () => true }
    const view = render(<ParticipantsList index={preview} {...props} />)
    expect(screen.getByText('Mostrando 100 de 150')).toBeInTheDocument()
    expect(within(list()).getAllByRole('listitem')).toHaveLength(100)
    // 'ana' repeats past the first page: no badge until that is known.
    expect(within(list()).queryByText('Duplicado')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Carregar mais (50 restantes)' })).toBeDisabled()

    await userEvent.setup().type(screen.getByRole('searchbox'), 'ana')
    await waitFor(() => expect(screen.getByText('Carregando participantes...')).toBeInTheDocument())

    view.rerender(<ParticipantsList index={buildGroupIndex(people)} {...props} />)
    expect(screen.getByText('Mostrando 2 de 2')).toBeInTheDocument()
    expect(within(list()).getAllByText('Duplicado')).toHaveLength(2)
  })
})

describe('copy-ID button', () => {
  it('shows the last 8 characters, copies the whole id, confirms, and resets after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const id = '0190d3c4-aaaa-7bbb-8ccc-ddddeeeeffff'
      const [group] = buildGroupIndex([{ id, groupId: id, name: 'Ana', email: null, ticketNumber: '001' }]).groups
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      render(
        <>
          <ul>
            <ParticipantGroupItem group={group!} showTickets canDelete={false} onRemove={async () => {}} />
          </ul>
          <AppToaster />
        </>,
      )
      const button = screen.getByRole('button', { name: 'Copiar ID eeeeffff de Ana' })
      expect(button).toHaveTextContent(/^eeeeffff$/)
      await user.click(button)
      expect(await navigator.clipboard.readText()).toBe(id)
      expect(await screen.findByText('ID copiado!')).toBeInTheDocument()
      expect(button).toHaveTextContent('Copiado!')
      act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS - 100))
      expect(button).toHaveTextContent('Copiado!')
      act(() => vi.advanceTimersByTime(200))
      expect(button).toHaveTextContent(/^eeeeffff$/)
    } finally {
      vi.useRealTimers()
    }
  })
})
