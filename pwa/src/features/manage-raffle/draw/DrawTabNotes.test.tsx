import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import type { NewPerson } from '@/db/participants'
import type { NewRaffle } from '@/db/raffles'
import { db, type RaffleRow } from '@/db/schema'
import { OFFLINE_START_TEXT } from '@/features/manage-raffle/draw/draw-text'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'

// The draw tab's words around a round: what a simple raffle counts, what an offline round means
// before it starts, and the screen cleared of passing toasts for the reveal.

beforeEach(async () => {
  vi.restoreAllMocks()
  await resetDb()
})

const people: NewPerson[] = [{ name: 'Ana Souza' }, { name: 'Bruno Lima' }, { name: 'Carla Dias' }]
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
const raffleWith = (input: Partial<NewRaffle>) => makeRaffle({ countdownSeconds: 0, ...input }, people)
const winnersCard = () => screen.getByRole('heading', { name: 'Vencedores' }).parentElement!

async function openDrawTab(raffle: RaffleRow) {
  const view = await openManage(raffle)
  await view.user.click(screen.getByRole('tab', { name: 'Sorteio' }))
  return view
}

describe('draw tab notes', () => {
  it('a simple raffle counts participants and never speaks of tickets', async () => {
    const raffle = await raffleWith({ type: 'simple', winnersCount: 4, allowDuplicateWins: true })
    await openDrawTab(raffle)
    const panel = screen.getByRole('tabpanel')
    expect(await within(panel).findByText('Você precisa de pelo menos 4 participante(s) para realizar o sorteio. Atualmente há 3.')).toBeInTheDocument()
    expect(within(panel).getByText('Participantes', { selector: 'dt' }).nextSibling).toHaveTextContent('3')
    expect(within(panel).queryByText('Bilhetes', { selector: 'dt' })).not.toBeInTheDocument()
    expect(panel.textContent).not.toMatch(/bilhete/i)
  })

  it('after the draw a simple raffle still never speaks of tickets: its winners, the invalidate dialog, the place to redraw', async () => {
    const raffle = await raffleWith({ type: 'simple', winnersCount: 2 })
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    const { user } = await openDrawTab(raffle)
    const panel = screen.getByRole('tabpanel')
    // Read in the markup, so names, titles and descriptions count as well as the text shown.
    const ticketWords = (el: HTMLElement) => el.outerHTML.match(/[^<>]{0,40}bilhete[^<>]{0,40}/gi) ?? []
    const invalidate = await within(winnersCard()).findAllByRole('button', { name: 'Invalidar' })
    expect(invalidate).toHaveLength(2)
    expect(ticketWords(panel)).toEqual([])

    await user.click(invalidate[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Invalidar Vencedor' })
    expect(ticketWords(dialog)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Invalidação' }))
    expect(await within(winnersCard()).findByRole('button', { name: 'Re-sortear' })).toBeInTheDocument()
    expect(within(winnersCard()).getByText('Invalidado')).toBeInTheDocument()
    expect(ticketWords(panel)).toEqual([])
  })

  it('a ticket raffle keeps its tickets total and message', async () => {
    const raffle = await raffleWith({ type: 'tickets', winnersCount: 4, allowDuplicateWins: true })
    await openDrawTab(raffle)
    expect(await screen.findByText('Você precisa de pelo menos 4 bilhete(s) para realizar o sorteio. Atualmente há 3.')).toBeInTheDocument()
    expect(screen.getByText('Bilhetes', { selector: 'dt' })).toBeInTheDocument()
  })

  it('offline, says what the public record will show before the round starts, and describes the button with it', async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 1 })
    await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    expect(screen.getByText(OFFLINE_START_TEXT)).toBeInTheDocument()
    expect(start).toHaveAccessibleDescription(OFFLINE_START_TEXT)
  })

  it("offline, offers 'Apresentar' in plain words, and the start's confirmation says the draw is made here and what it draws", async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 1, alternatesCount: 2 })
    const { user } = await openDrawTab(raffle)
    const note = screen.getByText(OFFLINE_START_TEXT)
    expect(note).toHaveTextContent("para mostrar o sorteio à plateia agora, toque em 'Apresentar' (funciona sem internet)")
    expect(note.textContent).not.toMatch(/semente/)
    expect(screen.getByRole('button', { name: 'Apresentar' })).toBeEnabled()
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Sem conexão: o sorteio será feito neste aparelho, sem internet, e vai sortear 1 vencedor e 2 suplentes. O resultado vai para o link público quando a conexão voltar.',
      ),
    ).toBeInTheDocument()
  })

  it('online, says nothing of an offline round', async () => {
    const raffle = await raffleWith({ winnersCount: 1 })
    await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    expect(screen.queryByText(OFFLINE_START_TEXT)).not.toBeInTheDocument()
    expect(start).not.toHaveAccessibleDescription()
  })

  async function withPlaceToRedraw() {
    const raffle = await raffleWith({ winnersCount: 1 })
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    const [winner] = await db.winners.toArray()
    await invalidateWinner(testUser.id, raffle.id, winner!.id, null)
    return raffle
  }

  it('offline with a place to redraw, says it beside the winners and describes Re-sortear with it', async () => {
    const raffle = await withPlaceToRedraw()
    offline()
    await openDrawTab(raffle)
    const redraw = await within(winnersCard()).findByRole('button', { name: 'Re-sortear' })
    expect(within(winnersCard()).getByText(OFFLINE_START_TEXT)).toBeInTheDocument()
    // The winner's own details first, then what an offline round means.
    expect(redraw).toHaveAccessibleDescription(expect.stringContaining(OFFLINE_START_TEXT))
    expect(redraw).toHaveAccessibleDescription(expect.stringMatching(new RegExp(`^1º Lugar Invalidado .* ${OFFLINE_START_TEXT.slice(0, 20)}`)))
  })

  it('online, Re-sortear is described by its winner only', async () => {
    const raffle = await withPlaceToRedraw()
    await openDrawTab(raffle)
    const redraw = await within(winnersCard()).findByRole('button', { name: 'Re-sortear' })
    expect(screen.queryByText(OFFLINE_START_TEXT)).not.toBeInTheDocument()
    expect(redraw).toHaveAccessibleDescription(expect.not.stringContaining('OFFLINE'))
  })

  it('starting the draw clears a passing toast, so nothing covers the reveal', async () => {
    const raffle = await raffleWith({ winnersCount: 1, countdownSeconds: 30 })
    const { user } = await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    // Longer than the wait below, so only the start can have cleared it.
    toast.success('Participante adicionado', { duration: 60_000 })
    expect(await screen.findByText('Participante adicionado')).toBeInTheDocument()
    await user.click(start)
    await user.click(await screen.findByRole('button', { name: 'Sortear agora' }))
    expect(await screen.findByRole('timer')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Participante adicionado')).not.toBeInTheDocument())
  })
})
