import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UNREVEALED } from '@/db/apply-draw'
import { RESULT_MISMATCH_TEXT } from '@/db/draw-check'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import type { NewPerson } from '@/db/participants'
import type { NewRaffle } from '@/db/raffles'
import { db, type DrawRow, type RaffleRow } from '@/db/schema'
import { OFFLINE_DRAW_TEXT, OFFLINE_DRAWN_TEXT, OFFLINE_RESULT_TEXT, secondsLeft } from '@/features/manage-raffle/draw/draw-text'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'
import { readTicketColumns, ticketsById } from '@/db/ticket-reads'

beforeEach(resetDb)
afterEach(() => {
  vi.useRealTimers()
})

const people: NewPerson[] = [{ name: 'Ana Souza', quantity: 2 }, { name: 'Bruno Lima' }, { name: 'Carla Dias' }]
const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)

async function openDrawTab(raffle: RaffleRow) {
  const view = await openManage(raffle)
  await view.user.click(screen.getByRole('tab', { name: 'Sorteio' }))
  return view
}

const raffleWith = (input: Partial<NewRaffle>, who: NewPerson[] = people) => makeRaffle({ countdownSeconds: 0, ...input }, who)
const winnersCard = () => screen.getByRole('heading', { name: 'Vencedores' }).parentElement!
const completeOps = async () => (await db.outbox.toArray()).filter((op) => op.type === 'draw.complete')

/** A round another device opened (this device holds no secret for it). */
async function foreignRound(raffle: RaffleRow, fields: Partial<DrawRow>): Promise<DrawRow> {
  const round: DrawRow = {
    id: '0192f0c1-0000-7000-8000-00000000d0f1',
    raffleId: raffle.id,
    kind: 'draw',
    positions: [1, 2],
    clientCommitment: 'a'.repeat(64),
    serverCommitment: 'b'.repeat(64),
    poolDigest: 'c'.repeat(64),
    poolSize: 4,
    winnersCount: 2,
    allowDuplicateWins: false,
    countdownSeconds: 3,
    startedAt: Date.now(),
    ...UNREVEALED,
    ...fields,
  }
  await db.draws.put(round)
  await db.raffles.update(raffle.id, { status: 'in_progress' })
  return round
}

describe('draw tab', () => {
  it('shows the totals and, when tickets are short, the spec message with the start button disabled', async () => {
    const raffle = await raffleWith({ winnersCount: 5 })
    await openDrawTab(raffle)
    await waitFor(() => expect(screen.getByText('Bilhetes', { selector: 'dt' }).nextSibling).toHaveTextContent('4'))
    expect(screen.getByText('Participantes', { selector: 'dt' }).nextSibling).toHaveTextContent('3')
    expect(screen.getByText('Vencedores', { selector: 'dt' }).nextSibling).toHaveTextContent('5')
    expect(await screen.findByText('Você precisa de pelo menos 5 bilhete(s) para realizar o sorteio. Atualmente há 4.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Iniciar Sorteio' })).toBeDisabled()
  })

  it('without duplicates, also needs as many people as winners', async () => {
    const raffle = await raffleWith({ winnersCount: 4 })
    await openDrawTab(raffle)
    expect(
      await screen.findByText('Para sortear 4 vencedor(es) sem repetir pessoas, são necessários pelo menos 4 participante(s) diferentes. Atualmente há 3.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Iniciar Sorteio' })).toBeDisabled()
  })

  it('countdown 0 draws at once; offline the result shows with its toast, the verify link and the winners', async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 2 })
    const { user } = await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    // The clock stands still from here (timers still run): the reveal moves only when the test says.
    vi.useFakeTimers({ toFake: ['Date'] })
    await user.click(await screen.findByRole('button', { name: 'Sortear agora' }))
    // The room's reveal plays first, with the list and the toast held back; 'Pular animação' goes to the result.
    const show = await screen.findByRole('dialog', { name: 'Sorteio ao vivo' })
    expect(screen.queryByText('Sorteio concluído')).not.toBeInTheDocument()
    expect(screen.getByText('Os vencedores aparecem aqui ao fim da revelação.')).toBeInTheDocument()
    vi.setSystemTime(Date.now() + 3500)
    expect(await within(show).findAllByText('1º Lugar', { exact: true })).not.toHaveLength(0)
    expect(screen.queryByText('Sorteio realizado!')).not.toBeInTheDocument()
    await user.click(within(show).getByRole('button', { name: 'Pular animação' }))
    expect(screen.queryByRole('dialog', { name: 'Sorteio ao vivo' })).not.toBeInTheDocument()
    expect(await screen.findByText('Sorteio realizado!')).toBeInTheDocument()
    expect(screen.getByText('2 vencedores sorteados')).toBeInTheDocument()
    expect(screen.getByText('Sorteio concluído')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Verificar sorteio' })).toHaveAttribute('href', `/sorteio/${raffle.code}/verificar`)
    const [op] = await completeOps()
    expect(op!.payload).toMatchObject({ offline: true })
    const tickets = await ticketsById(raffle.id, (op!.payload as { winners: string[] }).winners, db)
    for (const t of tickets) expect(within(winnersCard()).getByText(new RegExp(t!.name))).toBeInTheDocument()
  })

  it('asks first, with the numbers and the pool’s fingerprint; Cancelar starts nothing', async () => {
    const raffle = await raffleWith({ winnersCount: 2, countdownSeconds: 30 })
    const { user } = await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    const dialog = await screen.findByRole('dialog', { name: 'Sortear 2 vencedores entre 4 bilhetes de 3 pessoas?' })
    expect(dialog).toHaveTextContent('Esta é a impressão digital da lista: ela fica registrada e qualquer um pode conferir depois.')
    const shown = within(dialog).getByText(/^[0-9a-f]{8}$/).textContent
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(await db.draws.count()).toBe(0)
    expect(await db.outbox.filter((o) => o.type === 'draw.start').count()).toBe(0)
    await user.click(start)
    await user.click(await screen.findByRole('button', { name: 'Sortear agora' }))
    expect(await screen.findByRole('timer')).toBeInTheDocument()
    // The fingerprint shown is the one the round publishes.
    expect((await db.draws.toArray())[0]!.poolDigest.slice(0, 8)).toBe(shown)
  })

  it('counts down a round of this device, saying each second, then draws', async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 1, countdownSeconds: 1 })
    const { user } = await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    // The clock stands still from here (timers still run): however slow this machine is, the one
    // second cannot pass before the countdown is read. The page's ticking clock was last read
    // seconds ago, which must not show a longer countdown than the round's.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5000)
    await user.click(start)
    await user.click(await screen.findByRole('button', { name: 'Sortear agora' }))
    const timer = await screen.findByRole('timer')
    expect(timer).toHaveAttribute('aria-live', 'polite')
    expect(timer).toHaveTextContent('Falta 1 segundo para o sorteio')
    expect(timer).toHaveTextContent(/^1/)
    expect(screen.getByText('O sorteio começa em')).toBeInTheDocument()
    // Started offline: the round says so while it counts down, and once drawn.
    expect(screen.getByText(OFFLINE_DRAW_TEXT)).toBeInTheDocument()
    expect(screen.queryByText('Sorteio realizado!')).not.toBeInTheDocument()
    vi.setSystemTime(Date.now() + 1000)
    // Drawn: the room's reveal of its one place (3 s of shuffle, 0.5 s to 'Parabéns!'), then the toast.
    const show = await screen.findByRole('dialog', { name: 'Sorteio ao vivo' }, { timeout: 4000 })
    vi.setSystemTime(Date.now() + 3200)
    expect(await within(show).findAllByText('1º Lugar', { exact: true })).not.toHaveLength(0)
    expect(screen.queryByText('Sorteio realizado!')).not.toBeInTheDocument()
    vi.setSystemTime(Date.now() + 500)
    expect(await within(show).findByRole('heading', { name: 'Parabéns!' })).toBeInTheDocument()
    expect(await screen.findByText('Sorteio realizado!')).toBeInTheDocument()
    expect(screen.getByText('1 vencedor sorteado')).toBeInTheDocument()
    await user.click(within(show).getByRole('button', { name: 'Fechar' }))
    expect(await screen.findByText(OFFLINE_DRAWN_TEXT)).toBeInTheDocument()
  })

  it("'Vencedor re-sorteado!' waits for the end of the redraw's reveal, as the room sees it", async () => {
    const raffle = await raffleWith({ winnersCount: 2 })
    const first = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, first.id)
    await invalidateWinner(testUser.id, raffle.id, `${first.id}:1`, null)
    const { user } = await openDrawTab(raffle)
    const place = await within(winnersCard()).findByRole('button', { name: 'Re-sortear' })
    vi.useFakeTimers({ toFake: ['Date'] })
    await user.click(place)
    // Online, the round waits for the server; here the server's answer is written as a pull would.
    const redrawRound = () => db.draws.filter((d) => d.kind === 'redraw').first()
    await waitFor(async () => expect(await redrawRound()).toBeDefined())
    const round = (await redrawRound())!
    const won = new Set((await db.winners.toArray()).map((w) => w.ticketId))
    const ticketId = (await readTicketColumns(raffle.id, db)).ids.find((id) => !won.has(id))!
    // The tab's redraw resolves once it reads the new winner: seen here, so the toast it used to
    // show at that moment would be on screen before the check below.
    const read = db.winners.get.bind(db.winners)
    let resolved = false
    vi.spyOn(db.winners, 'get').mockImplementation((async (key: string) => {
      const row = await read(key)
      if (key === `${round.id}:1` && row) resolved = true
      return row
    }) as typeof db.winners.get)
    await db.transaction('rw', db.draws, db.winners, async () => {
      await db.draws.update(round.id, { state: 'completed', completedAt: Date.now() })
      await db.winners.put({ id: `${round.id}:1`, raffleId: raffle.id, drawId: round.id, position: 1, ticketId, isValid: true, invalidatedAt: null, invalidationReason: null })
    })
    const show = await screen.findByRole('dialog', { name: 'Sorteio ao vivo' })
    vi.setSystemTime(Date.now() + 3200)
    expect(await within(show).findAllByText('1º Lugar', { exact: true })).not.toHaveLength(0)
    await waitFor(() => expect(resolved).toBe(true))
    await act(async () => {})
    expect(screen.queryByText('Vencedor re-sorteado!')).not.toBeInTheDocument()
    vi.setSystemTime(Date.now() + 500)
    expect(await screen.findByText('Vencedor re-sorteado!')).toBeInTheDocument()
  })

  it('never shows more seconds than the countdown has', () => {
    expect(secondsLeft(11_000, 0, 10)).toBe(10)
    expect(secondsLeft(10_000, 0, 10)).toBe(10)
    expect(secondsLeft(10_000, 1, 10)).toBe(10)
    expect(secondsLeft(10_000, 9_001, 10)).toBe(1)
    expect(secondsLeft(10_000, 10_000, 10)).toBe(0)
    expect(secondsLeft(10_000, 20_000, 10)).toBe(0)
  })

  it('online: the round declares no mode, and says nothing of an offline draw', async () => {
    const raffle = await raffleWith({ winnersCount: 1, countdownSeconds: 30 })
    const { user } = await openDrawTab(raffle)
    const start = screen.getByRole('button', { name: 'Iniciar Sorteio' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    await user.click(await screen.findByRole('button', { name: 'Sortear agora' }))
    expect(await screen.findByRole('timer')).toBeInTheDocument()
    const [op] = (await db.outbox.toArray()).filter((o) => o.type === 'draw.start')
    expect(op!.payload).not.toHaveProperty('offline')
    expect((await db.draws.toArray())[0]).toMatchObject({ offline: false })
    expect(screen.queryByText(OFFLINE_DRAW_TEXT)).not.toBeInTheDocument()
  })

  it('online, countdown over, now offline: waits for the server and says so, never drawing offline', async () => {
    const raffle = await raffleWith({ winnersCount: 2, countdownSeconds: 5 })
    const round = await startDraw(testUser.id, raffle.id, { offline: false })
    await db.draws.update(round.id, { startedAt: Date.now() - 60_000 })
    offline()
    await openDrawTab(raffle)
    expect(await screen.findByText('Sorteando...')).toBeInTheDocument()
    expect(screen.getByText(OFFLINE_RESULT_TEXT)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await completeOps()).toEqual([])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'open', offline: false })
  })

  it('shows a result that does not match the commitments, as a toast that stays and in the tab', async () => {
    const raffle = await raffleWith({ winnersCount: 2 })
    const round = await foreignRound(raffle, { countdownSeconds: 0 })
    await db.draws.update(round.id, {
      state: 'completed',
      offline: false,
      clientSeed: '1'.repeat(64),
      serverSeed: '2'.repeat(64),
      seed: '3'.repeat(64),
      completedAt: Date.now(),
      resultCheck: 'pending',
    })
    await db.raffles.update(raffle.id, { status: 'completed' })
    await openDrawTab(raffle)
    expect(await screen.findByText(RESULT_MISMATCH_TEXT, { selector: '[role="alert"]' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByText(RESULT_MISMATCH_TEXT)).toHaveLength(2))
    expect(await db.draws.get(round.id)).toMatchObject({ resultCheck: 'mismatch' })
  })

  it('a round opened on another device: em andamento, ticking each second on the server clock, then waits for its result', async () => {
    const startedAt = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: startedAt })
    const raffle = await raffleWith({ winnersCount: 2, countdownSeconds: 3 })
    await foreignRound(raffle, { startedAt, countdownSeconds: 3 })
    await openDrawTab(raffle)
    const timer = await screen.findByRole('timer')
    expect(screen.getByText('Sorteio em andamento')).toBeInTheDocument()
    expect(timer).toHaveTextContent('Faltam 3 segundos para o sorteio')
    vi.setSystemTime(startedAt + 1000)
    await waitFor(() => expect(timer).toHaveTextContent('Faltam 2 segundos para o sorteio'))
    expect(within(timer).getByText('2')).toBeInTheDocument()
    vi.setSystemTime(startedAt + 2500)
    await waitFor(() => expect(timer).toHaveTextContent('Falta 1 segundo para o sorteio'))
    vi.setSystemTime(startedAt + 3000)
    expect(await screen.findByText('Sorteando...')).toBeInTheDocument()
    expect(screen.getByText('Sorteio em andamento em outro aparelho: aguardando o resultado.')).toBeInTheDocument()
    expect(await completeOps()).toEqual([])
  })

  it('ends the countdown on the server clock, not this device clock', async () => {
    const raffle = await raffleWith({ winnersCount: 2 })
    // This device runs 20 s behind the server; the round started 5 s ago on the server's clock.
    await db.meta.put({ key: 'serverClockOffset', value: 20_000 })
    await foreignRound(raffle, { startedAt: Date.now() + 20_000 - 5_000, countdownSeconds: 10 })
    await openDrawTab(raffle)
    expect(await screen.findByRole('timer')).toHaveTextContent(/Faltam [45] segundos/)
  })

  it('revealed online but now offline: says the result will come when the connection returns', async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 2 })
    const round = await foreignRound(raffle, { countdownSeconds: 0, state: 'revealing', offline: false, clientSeed: 'd'.repeat(64) })
    await db.drawSecrets.put({ drawId: round.id, raffleId: raffle.id, clientSeed: 'd'.repeat(64) })
    await openDrawTab(raffle)
    expect(await screen.findByText('Sorteando...')).toBeInTheDocument()
    expect(screen.getByText('Sem conexão: o resultado aparecerá quando a conexão voltar.')).toBeInTheDocument()
  })

  it('finishes a round of this device whose countdown ran out while the app was closed', async () => {
    offline()
    const raffle = await raffleWith({ winnersCount: 2, countdownSeconds: 10 })
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await db.draws.update(round.id, { startedAt: Date.now() - 60_000 })
    await openManage(raffle)
    // Revealed from whichever tab shows: the participants tab is open here.
    await waitFor(async () => expect(await completeOps()).toHaveLength(1))
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', offline: true })
  })

  it('completed before the screen opened: the result and winners, without a new toast', async () => {
    const raffle = await raffleWith({ winnersCount: 2 })
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    await openDrawTab(raffle)
    expect(await screen.findByText('Sorteio concluído')).toBeInTheDocument()
    const winners = await db.winners.toArray()
    expect(winners).toHaveLength(2)
    for (const w of winners) {
      const [t] = await ticketsById(raffle.id, [w.ticketId], db)
      expect(within(winnersCard()).getByText(new RegExp(t!.name))).toBeInTheDocument()
    }
    expect(screen.queryByText('Sorteio realizado!')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Iniciar Sorteio' })).not.toBeInTheDocument()
  })
})
