import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicState } from '@/protocol/public-state'
import { FakeWebSocket } from '@/sync/testing/fakes'
import { formatDateTime } from '@/lib/dates'
import { countingDown, drawn, publicState, T0, winner } from '@/features/public-raffle/test-state'
import { startEarlyState } from '@/features/public-raffle/early-state'
import { feedDeps } from '@/features/public-raffle/usePublicRaffle'
import { renderApp, signedOut } from '@/test/render'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type Route = (url: string, init: RequestInit) => Response | undefined

/** A fake server: the raffle's state, and whatever the test adds for other paths. */
function serve(state: PublicState, ...routes: Route[]) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    for (const route of routes) {
      const answer = route(url, init)
      if (answer) return answer
    }
    if (url === '/api/public/raffles/ABC123') return json(200, state)
    return json(404, { code: 'not_found', message: 'Sorteio não encontrado' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const socket = () => FakeWebSocket.last
const push = (message: unknown) => act(() => socket().send(message))

async function open(path = '/sorteio/abc123') {
  const view = renderApp(path, { session: signedOut })
  await screen.findByRole('heading', { level: 1 })
  return { ...view, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTimeAsync }) }
}

// Only fake time moves in these tests, so each step of the show lands exactly in its window
// whatever the machine's speed. Testing Library advances fake time itself while it waits (findBy*)
// when it sees a `jest` global with the fake clock installed; this one lends it Vitest's.
describe('/sorteio/{code}', { timeout: 30_000 }, () => {
  const realSocket = feedDeps.WebSocket
  // The route's screen loads by import(), which takes real time once: load it before time is fake.
  beforeAll(async () => {
    await Promise.all([
      import('@/features/public-raffle/PublicRafflePage'),
      import('@/features/public-raffle/BigScreenPage'),
      import('@/sync/engine'),
      import('@/db/schema'),
      import('@/db/outbox'),
    ])
  })
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    FakeWebSocket.all = []
    feedDeps.WebSocket = FakeWebSocket
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    feedDeps.WebSocket = realSocket
  })

  it('shows the header, then follows the live feed through countdown, reveal and Parabéns', async () => {
    serve(publicState())
    const { user } = await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Rifa da quermesse' })).toBeInTheDocument()
    expect(screen.getByText('Aguardando')).toBeInTheDocument()
    expect(screen.getByText('Com Bilhetes')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Verificar sorteio' })).toHaveAttribute('href', '/sorteio/ABC123/verificar')
    expect(socket().url).toMatch(/\/ws\/public\?code=ABC123&after=1$/)
    expect(screen.getByText('Conectando...')).toBeInTheDocument()
    await push({ type: 'hello', server_time: T0 })
    expect(screen.getByText('Ao vivo')).toBeInTheDocument()

    // The organiser starts: a 10 s countdown on the server's clock.
    await push({ type: 'state', ...countingDown() })
    const show = screen.getByRole('dialog', { name: 'Sorteio ao vivo' })
    expect(within(show).getByRole('timer')).toHaveTextContent('10 segundos')
    await advance(3_000)
    expect(within(show).getByRole('timer')).toHaveTextContent('7 segundos')
    await advance(7_000)
    expect(within(show).getByText('Sorteando...')).toBeInTheDocument()

    // Recorded by the server as it arrives: the reveal starts then, on every screen.
    await push({ type: 'state', ...drawn(), winners: drawn().winners.map((w) => ({ ...w, drawn_at: T0 + 10_000 })) })
    expect(within(show).getByText('Sorteando...')).toBeInTheDocument()
    // The first place's shuffle runs 3000 ms, then its name stays; the second follows 2000 ms later.
    await advance(2_900)
    expect(within(show).queryByText('1º Lugar', { selector: 'p' })).toBeNull()
    await advance(200)
    expect(within(show).getByText('1º Lugar', { selector: 'p' })).toBeInTheDocument()
    expect(within(show).getAllByText('Bruno Lima').length).toBeGreaterThan(0)
    // A rifa's headline names the ticket beside the name, in the name's own size.
    const ticket = within(show).getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Bilhete 001')
    expect(ticket.className).toContain('text-4xl')
    expect(within(show).queryByText('Carla Dias', { selector: 'li *' })).toBeNull()
    // Second place: 2000 ms of pause and 3000 ms of shuffle after the first (8000 ms in all).
    await advance(4_800)
    expect(within(show).queryByText('2º Lugar', { selector: 'p' })).toBeNull()
    await advance(200)
    expect(within(show).getByText('2º Lugar', { selector: 'p' })).toBeInTheDocument()
    expect(within(show).queryByRole('heading', { name: 'Parabéns!' })).toBeNull()
    await advance(500)
    expect(within(show).getByRole('heading', { name: 'Parabéns!' })).toBeInTheDocument()
    const list = within(show).getByRole('list', { name: 'Vencedores do sorteio' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1º LugarBruno Lima001', '2º LugarCarla Dias002'])

    await user.click(within(show).getByRole('button', { name: 'Fechar' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Finalizado')).toBeInTheDocument()
  })

  it('counts down from the server clock when a viewer opens the page mid-countdown', async () => {
    // This device's clock is 4.5 s behind: the server is 4.5 s into the 10 s countdown.
    serve({ ...countingDown(), server_time: T0 + 4_500 })
    vi.setSystemTime(T0)
    await open()
    expect(screen.getByRole('timer')).toHaveTextContent('6 segundos')
  })

  it('takes the state the entry asked for: one request, its clock, and the feed from its seq', async () => {
    // This device's clock is 4.5 s behind: the server is 4.5 s into the 10 s countdown.
    const fetchMock = serve({ ...countingDown(), server_time: T0 + 4_500 })
    vi.setSystemTime(T0)
    // The request's own times, as the page's resource timing gives them.
    startEarlyState('/sorteio/abc123', undefined, () => ({ sentAt: T0, receivedAt: T0 }))
    await advance(0)
    await open()
    expect(screen.getByRole('timer')).toHaveTextContent('6 segundos')
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/public/raffles/ABC123')).toHaveLength(1)
    expect(socket()).toBeDefined()
  })

  it('waits for the request the entry sent, still on its way, instead of asking again', async () => {
    let answer!: (response: Response) => void
    const fetchMock = serve(publicState())
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    startEarlyState('/sorteio/abc123')
    const view = renderApp('/sorteio/abc123', { session: signedOut })
    await advance(50)
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    answer(json(200, publicState()))
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/public/raffles/ABC123')).toHaveLength(1)
    view.unmount()
  })

  it('takes no clock from a settled state, which a cache may have kept for an hour', async () => {
    // The copy says it is an hour earlier than it is; the socket's hello tells the truth, but with a
    // slower round trip, so the stale sample would win if it were taken.
    serve({ ...drawn(), server_time: T0 - 3_600_000 })
    await open()
    await advance(1_000)
    await push({ type: 'hello', server_time: T0 + 1_000 })
    // A redraw of position 2 (no countdown) opens and draws Davi.
    const redraw = { id: 'r2', started_at: T0 + 1_000, countdown_ends_at: T0 + 1_000, offline: false, positions: [2] }
    await push({ type: 'state', ...drawn(4), round: redraw })
    const winners = [winner(1, 'Bruno Lima'), winner(2, 'Carla Dias', 'r1', { valid: false, invalidated_at: T0 + 500 }), winner(2, 'Davi Reis', 'r2', { drawn_at: T0 + 1_000 })]
    await push({ type: 'state', ...drawn(5), winners })
    // The reveal plays now: its shuffle, then Davi in second place.
    const show = screen.getByRole('dialog', { name: 'Sorteio ao vivo' })
    // The hello came 1 s after the socket opened: its sample puts the server 500 ms ahead, and the
    // reveal runs on the server's clock from Davi's drawn_at.
    await advance(2_600)
    expect(within(show).getByText('2º Lugar', { selector: 'p' })).toBeInTheDocument()
    expect(within(show).getAllByText('Davi Reis').length).toBeGreaterThan(0)
  })

  it('shows a raffle drawn before the viewer came at once, on the winners tab, without invalidated winners', async () => {
    const state = drawn()
    state.winners.push(winner(2, 'Zeca Invalidado', 'r0', { valid: false, invalidated_at: T0 - 1 }))
    serve(state)
    await open()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('tab', { name: 'Vencedores' })).toHaveAttribute('aria-selected', 'true')
    const list = screen.getByRole('list', { name: 'Vencedores' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('1º Lugar')
    expect(items[0]).toHaveTextContent('Bilhete 001')
    expect(items[0]).toHaveTextContent('Bruno Lima')
    expect(items[0]).toHaveTextContent('an***@g***.com')
    expect(list).not.toHaveTextContent('Zeca')
  })

  it('says when nobody has won yet', async () => {
    serve(publicState())
    const { user } = await open()
    await user.click(screen.getByRole('tab', { name: 'Vencedores' }))
    expect(screen.getByText('Nenhum vencedor sorteado ainda')).toBeInTheDocument()
  })

  it('hides a list of over 2,000 tickets until asked, then pages it from the server with search', async () => {
    const people = Array.from({ length: 100 }, (_, i) => ({ name: `Pessoa ${i + 1}`, email: null, tickets: [String(i + 1).padStart(4, '0')] }))
    const calls: string[] = []
    serve(publicState({ counts: { people: 2500, tickets: 2500 } }), (url) => {
      if (!url.includes('/participants?')) return undefined
      calls.push(url)
      const q = new URL(url, 'http://x').searchParams
      if (q.get('q') === 'zeca') return json(200, { total: 0, offset: 0, people: [] })
      return json(200, { total: 2500, offset: Number(q.get('offset')), people })
    })
    const { user } = await open()
    expect(screen.getByText(/pode deixar a página lenta/)).toBeInTheDocument()
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Mostrar lista completa' }))
    expect(await screen.findByText('Mostrando 100 de 2.500')).toBeInTheDocument()
    expect(calls).toEqual(['/api/public/raffles/ABC123/participants?q=&offset=0&limit=100'])
    await user.click(screen.getByRole('button', { name: 'Carregar mais (2.400 restantes)' }))
    expect(await screen.findByText('Mostrando 200 de 2.500')).toBeInTheDocument()
    expect(calls.at(-1)).toBe('/api/public/raffles/ABC123/participants?q=&offset=100&limit=100')

    await user.type(screen.getByRole('searchbox'), 'zeca')
    expect(calls).toHaveLength(2) // nothing before the 300 ms pause
    await advance(300)
    expect(await screen.findByText('Nenhum participante encontrado para "zeca"')).toBeInTheDocument()
    expect(calls).toHaveLength(3)
  })

  it('tells an entrant their tickets, or that the e-mail holds none', async () => {
    const bodies: string[] = []
    serve(publicState(), (url, init) => {
      if (!url.endsWith('/check')) return undefined
      bodies.push(String(init.body))
      const { email } = JSON.parse(String(init.body)) as { email: string }
      return json(200, email === 'ana@exemplo.com' ? { found: true, tickets: ['001', '007'] } : { found: false, tickets: [] })
    })
    const { user } = await open()
    const field = screen.getByLabelText('Seu e-mail ou telefone')
    await user.type(field, 'ana@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Você está participando com 2 bilhetes.')).toBeInTheDocument()
    expect(screen.getByText('001, 007')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, 'outra@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Nenhum bilhete encontrado para este e-mail')).toBeInTheDocument()
    expect(bodies).toEqual(['{"email":"ana@exemplo.com"}', '{"email":"outra@exemplo.com"}'])
  })

  it('searches a hidden big list without showing it whole, the matched ticket first and marked', async () => {
    const holder = { name: 'Fulano de Tal', email: null, tickets: Array.from({ length: 1000 }, (_, i) => String(i + 1).padStart(3, '0')) }
    const calls: string[] = []
    serve(publicState({ counts: { people: 3, tickets: 2500 } }), (url) => {
      if (!url.includes('/participants?')) return undefined
      calls.push(url)
      return json(200, { total: 1, offset: 0, people: [holder] })
    })
    const { user } = await open()
    expect(screen.getByText(/pode deixar a página lenta/)).toBeInTheDocument()
    const box = screen.getByRole('searchbox')
    await user.type(box, '642')
    await advance(300)
    expect(await screen.findByText('Mostrando 1 de 1')).toBeInTheDocument()
    expect(calls).toEqual(['/api/public/raffles/ABC123/participants?q=642&offset=0&limit=100'])
    expect(screen.queryByText(/pode deixar a página lenta/)).not.toBeInTheDocument()
    expect(box).toHaveFocus()
    // A name takes its own direction (an Arabic or Hebrew one reads from the right).
    expect(screen.getByText('Fulano de Tal')).toHaveAttribute('dir', 'auto')
    // Ticket 642 of 1,000 is the one shown first, marked; the rest summed up.
    const marked = screen.getByText('642', { selector: 'mark' })
    expect(marked.parentElement).toHaveTextContent(/^642, 001, 002/)
    expect(marked.parentElement).toHaveTextContent('e mais 988')
    // Cleared: hidden again, with no request for the whole list.
    await user.clear(box)
    await advance(300)
    expect(await screen.findByText(/pode deixar a página lenta/)).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it("tells a winner which of their tickets won; a simple raffle's entrant hears of no tickets", async () => {
    serve(
      publicState({
        raffle: { ...publicState().raffle, status: 'completed' },
        winners: [winner(1, 'Ana Souza', 'r1', { ticket_number: '007' }), winner(2, 'Bruno Lima', 'r1', { ticket_number: '003', valid: false })],
      }),
      (url) => (url.endsWith('/check') ? json(200, { found: true, tickets: ['001', '003', '007'] }) : undefined),
    )
    const { user } = await open()
    await user.type(screen.getByLabelText('Seu e-mail ou telefone'), 'ana@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Seu bilhete 007 foi sorteado: 1º Lugar!')).toBeInTheDocument()
    // An invalidated winner's ticket is not announced.
    expect(screen.queryByText(/bilhete 003 foi sorteado/)).not.toBeInTheDocument()
  })

  it("words a simple raffle's self-check without tickets", async () => {
    serve(publicState({ raffle: { ...publicState().raffle, type: 'simple' } }), (url) => {
      if (!url.endsWith('/check')) return undefined
      return json(200, { found: true, tickets: [null] })
    })
    const { user } = await open()
    expect(screen.getByText('Digite o seu e-mail ou telefone para saber se está participando deste sorteio.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Seu e-mail ou telefone'), 'ana@exemplo.com')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Você está participando deste sorteio.')).toBeInTheDocument()
    expect(screen.queryByText(/bilhete/)).not.toBeInTheDocument()
  })

  it('checks a phone as well, sent in E.164, and says when it holds no tickets', async () => {
    const bodies: string[] = []
    serve(publicState(), (url, init) => {
      if (!url.endsWith('/check')) return undefined
      bodies.push(String(init.body))
      const { phone } = JSON.parse(String(init.body)) as { phone?: string }
      return json(200, phone === '+5511912345678' ? { found: true, tickets: ['003'] } : { found: false, tickets: [] })
    })
    const { user } = await open()
    const field = screen.getByLabelText('Seu e-mail ou telefone')
    await user.type(field, '(11) 91234-5678')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Você está participando com 1 bilhete.')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '21 3234-5678')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Nenhum bilhete encontrado para este telefone')).toBeInTheDocument()
    // A number the phone rule refuses is refused here, in its words, with no request.
    await user.clear(field)
    await user.type(field, '(11) 8123-4567')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(screen.getByText(/Telefone inválido/)).toBeInTheDocument()
    expect(bodies).toEqual(['{"phone":"+5511912345678"}', '{"phone":"+552132345678"}'])
  })

  it('checks the e-mail in its own words, asking the server nothing for a malformed one', async () => {
    const calls: string[] = []
    serve(publicState(), (url) => {
      if (url.endsWith('/check')) calls.push(url)
      return undefined
    })
    const { user } = await open()
    const field = screen.getByLabelText('Seu e-mail ou telefone')
    await user.type(field, 'invalido')
    await user.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(screen.getByText('E-mail inválido.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toEqual([])
    await user.type(field, '@')
    expect(screen.queryByText('E-mail inválido.')).not.toBeInTheDocument()
  })

  it('shows reconnecting after a drop, and the raffle gone when it is deleted', async () => {
    serve(publicState())
    await open()
    await push({ type: 'hello', server_time: T0 })
    await act(() => socket().drop())
    expect(screen.getByText('Reconectando...')).toBeInTheDocument()
    await advance(800)
    await push({ type: 'hello', server_time: T0 })
    expect(screen.getByText('Ao vivo')).toBeInTheDocument()
    await push({ type: 'gone' })
    expect(screen.getByRole('heading', { name: 'Sorteio não encontrado' })).toBeInTheDocument()
  })

  it("dates a draw made without a connection by the organiser's device, said so, with the server's receipt beside it", async () => {
    const state = drawn()
    const receivedAt = T0 + 40 * 60_000
    state.raffle.drawn_at = receivedAt
    state.winners = state.winners.map((w) => ({ ...w, drawn_at: receivedAt, offline: true, device_drawn_at: T0 + 12_000, device_clock_offset: -185_000 }))
    serve(state)
    await open()
    expect(
      screen.getByText(`Sorteado sem conexão em ${formatDateTime(T0 + 12_000)} (relógio do aparelho do organizador); recebido pelo servidor em ${formatDateTime(receivedAt)}`),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Na última sincronização antes do sorteio, o relógio do aparelho estava 3 min 5 s adiantado: os horários do aparelho podem estar errados.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(`Sorteado em ${formatDateTime(receivedAt)}`)).toBeNull()
  })

  it('says a code no raffle has is not found, keeps listening, and shows the raffle synced later without a reload', async () => {
    serve(publicState(), (url) => (url === '/api/public/raffles/ZZZZZ9' ? json(404, { code: 'not_found', message: 'Sorteio não encontrado' }) : undefined))
    const { router } = await open('/sorteio/zzzzz9')
    expect(screen.getByRole('heading', { level: 1, name: 'Sorteio não encontrado' })).toBeInTheDocument()
    expect(screen.getByText('Verifique o código e tente novamente')).toBeInTheDocument()
    expect(screen.queryByText(/Aguardando o sorteio/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Consultar outro código' })).toHaveAttribute('href', '/sorteio')
    expect(document.title).toBe('Sorteio não encontrado · Sorteio')
    // Still listening: the socket is open on the code and the server says it waits.
    expect(socket().url).toMatch(/\/ws\/public\?code=ZZZZZ9$/)
    await push({ type: 'hello', server_time: T0 })
    await push({ type: 'waiting' })
    expect(screen.getByRole('heading', { level: 1, name: 'Sorteio não encontrado' })).toBeInTheDocument()
    await push({ type: 'state', ...publicState({ raffle: { ...publicState().raffle, code: 'ZZZZZ9', title: 'Rifa sincronizada depois' } }) })
    expect(screen.getByRole('heading', { level: 1, name: 'Rifa sincronizada depois' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/sorteio/zzzzz9')
  })

  it('keeps the big screen on its waiting screen for a code no raffle has yet', async () => {
    serve(publicState(), (url) => (url === '/api/public/raffles/ZZZZZ9' ? json(404, { code: 'not_found', message: 'Sorteio não encontrado' }) : undefined))
    await open('/sorteio/zzzzz9/telao')
    expect(screen.getByRole('heading', { level: 1, name: 'Aguardando o sorteio ZZZZZ9…' })).toBeInTheDocument()
    expect(screen.queryByText('Sorteio não encontrado')).toBeNull()
    await push({ type: 'hello', server_time: T0 })
    await push({ type: 'state', ...publicState({ raffle: { ...publicState().raffle, code: 'ZZZZZ9', title: 'Rifa sincronizada depois' } }) })
    expect(screen.getByRole('heading', { level: 1, name: 'Rifa sincronizada depois' })).toBeInTheDocument()
  })

  it('says so when there is no connection, and loads once it is back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderApp('/sorteio/ABC123', { session: signedOut })
    expect(await screen.findByRole('heading', { name: 'Sem conexão' })).toBeInTheDocument()
    serve(publicState())
    // The network comes back: the page loads without being asked.
    await advance(10) // lets the page start listening
    await act(() => window.dispatchEvent(new Event('online')))
    expect(await screen.findByRole('heading', { level: 1, name: 'Rifa da quermesse' })).toBeInTheDocument()
  })

  it('shows a place left empty by an invalidation as waiting for a new draw, with its prize, never the reason', async () => {
    const state = drawn()
    state.raffle.prizes = [{ position: 2, name: 'Cesta' }]
    state.winners = [winner(1, 'Bruno Lima'), winner(2, 'Carla Dias', 'r1', { valid: false, invalidated_at: T0 + 20_000 })]
    serve(state)
    await open()
    const items = within(screen.getByRole('list', { name: 'Vencedores' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Bruno Lima'), '2º prêmio · Cesta: aguardando novo sorteio'])
  })

  it('tells the viewers when the organiser abandons the round they watched, with the verification link', async () => {
    serve(countingDown())
    await open()
    await push({ type: 'hello', server_time: T0 })
    expect(screen.queryByText('Rodada anulada pelo organizador')).toBeNull()
    await advance(12_000)
    await push({ type: 'state', ...publicState({ seq: 3 }) })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Rodada anulada pelo organizador').closest('[role=status]')).not.toBeNull()
    expect(screen.getByRole('link', { name: 'Ver na página de verificação' })).toHaveAttribute('href', '/sorteio/ABC123/verificar')
  })
})
