import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime, formatDateTimeSeconds } from '@/lib/dates'
import { loadFixture, loadTampered } from '@/features/verify-draw/test-fixture'
import { placesText, progressText } from '@/features/verify-draw/verify-text'
import { renderApp, signedOut } from '@/test/render'
import { canonical, pick, poolDigest } from '@/protocol/draw'
import { fromHex } from '@/lib/bytes'

const fixtureText = loadFixture()
const fixture = JSON.parse(fixtureText)

const jsonResponse = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })

function stubFetch(...answers: Array<() => Promise<Response>>) {
  const fetchMock = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!
    return next()
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function openVerify(code = 'k7p2qx') {
  const view = renderApp(`/sorteio/${code}/verificar`, { session: signedOut })
  expect(await screen.findByRole('heading', { name: 'Verificar sorteio', level: 1 })).toBeInTheDocument()
  return { ...view, user: userEvent.setup() }
}

const verdict = () => screen.getByRole('status', { name: 'Resultado da conferência' })
/** Waits for the final verdict; generous, since other test files may keep Web Crypto busy. */
const awaitVerdict = async (text: string) => within(await screen.findByRole('status', { name: 'Resultado da conferência' })).findByText(text, {}, { timeout: 5000 })
const round = (name: RegExp) => screen.getByRole('region', { name })

describe('/sorteio/{code}/verificar', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the prizes, the alternates in order and each alternate called, checked', async () => {
    const { readFileSync } = await import('node:fs')
    const { resolve } = await import('node:path')
    const shared = JSON.parse(readFileSync(resolve(__dirname, '../../../../sync/testdata/draw/alternates.json'), 'utf8')) as {
      records: Array<{ name: string; record: unknown }>
    }
    const twice = shared.records.find((c) => c.name === 'an alternate called twice')!.record
    stubFetch(async () => jsonResponse(200, JSON.stringify(twice)))
    await openVerify('supl3n')
    expect(await awaitVerdict('Não confere')).toBeInTheDocument()
    const winners = screen.getByRole('list', { name: 'Vencedores' })
    expect(within(winners).getByText('Prêmio: Bicicleta')).toBeInTheDocument()
    const alternates = screen.getByRole('list', { name: 'Suplentes, em ordem' })
    expect(within(alternates).getAllByRole('listitem')).toHaveLength(3)
    expect(within(alternates).getAllByRole('listitem')[0]).toHaveTextContent(/^1º suplente: bilhete \d{3} \(/)
    expect(screen.getByText('1º suplente chamado para o 2º lugar')).toBeInTheDocument()
    expect(screen.getByText('1º suplente chamado para o 3º lugar')).toBeInTheDocument()
    expect(screen.getByText('O 1º suplente foi chamado mais de uma vez.')).toBeInTheDocument()
    expect(screen.getAllByText('Confere').length).toBeGreaterThan(0)
  })

  it("says a Loteria Federal record is recomputed from the extraction's prizes, not from seeds", async () => {
    const { readFileSync } = await import('node:fs')
    const { resolve } = await import('node:path')
    const shared = JSON.parse(readFileSync(resolve(__dirname, '../../../../sync/testdata/draw/federal-records.json'), 'utf8')) as {
      cases: Array<{ name: string; export?: unknown }>
    }
    const corrected = shared.cases.find((c) => c.name === 'corrected')!.export
    stubFetch(async () => jsonResponse(200, JSON.stringify(corrected)))
    await openVerify('f3d5ab')
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    expect(screen.getByText(/^Os vencedores são calculados pela regra da Loteria Federal fixada antes da extração \(algoritmo público loteria-federal-v1\)/)).toBeInTheDocument()
    expect(screen.queryByText(/semente aleatória/)).not.toBeInTheDocument()
    expect(verdict()).toHaveTextContent('a partir dos prêmios da Loteria Federal e da lista de bilhetes publicados')
  })

  it('fetches the public record of the upper-cased code, recomputes it and says it matches', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, fixtureText))
    await openVerify()
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/public/raffles/K7P2QX/audit', expect.objectContaining({ method: 'GET' }))
    expect(verdict()).toHaveTextContent('Atenção: 1 rodada foi OFFLINE, com a semente escolhida somente pelo dispositivo do organizador.')
    expect(screen.getByText(/Rifa da festa/)).toBeInTheDocument()
    expect(screen.getByText(/^Os vencedores são calculados pelo algoritmo público sorteio-v1, a partir de uma semente aleatória/)).toBeInTheDocument()
    expect(verdict()).toHaveTextContent('a partir das sementes e da lista de bilhetes publicadas')

    const first = round(/2ª rodada: sorteio \(1º, 2º e 3º lugares\)/)
    const [r1] = fixture.draws
    expect(within(first).getByText('Online')).toBeInTheDocument()
    expect(within(first).getByText('Confere')).toBeInTheDocument()
    expect(within(first).getByText(formatDateTimeSeconds(r1.started_at))).toBeInTheDocument()
    expect(within(first).getByText(formatDateTimeSeconds(r1.completed_at))).toBeInTheDocument()
    for (const value of [r1.client_commitment, r1.client_seed, r1.server_commitment, r1.server_seed, r1.pool_digest]) {
      expect(within(first).getByText(value)).toBeInTheDocument()
    }
    expect(within(first).getByText('27')).toBeInTheDocument()
    expect(within(first).getByText('1º lugar: bilhete 012 (Fábio Melo)')).toBeInTheDocument()
    expect(within(first).getAllByText('confere')).toHaveLength(5)

    const second = round(/3ª rodada: re-sorteio \(2º lugar\)/)
    expect(within(second).getByText('OFFLINE')).toBeInTheDocument()
    expect(within(second).getByText(/a semente foi escolhida somente pelo dispositivo do organizador/)).toBeInTheDocument()
    expect(within(second).getByText('Semente do servidor (não usada no sorteio offline)')).toBeInTheDocument()
    expect(within(second).getByText('20')).toBeInTheDocument()
  })

  it("dates an offline round by its device's clock, said to be the device's, with the server's receipt beside it", async () => {
    const [, r2] = fixture.draws
    stubFetch(async () => jsonResponse(200, fixtureText))
    await openVerify()
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    const second = round(/3ª rodada: re-sorteio \(2º lugar\)/)
    expect(within(second).getByText('Iniciado em (relógio do aparelho do organizador)')).toBeInTheDocument()
    expect(within(second).getByText('Sorteado em (relógio do aparelho do organizador)')).toBeInTheDocument()
    expect(within(second).getByText(formatDateTimeSeconds(r2.device_started_at))).toBeInTheDocument()
    expect(within(second).getByText(formatDateTimeSeconds(r2.device_completed_at))).toBeInTheDocument()
    expect(
      within(second).getByText(
        `Sorteio feito sem conexão: os horários acima são os do relógio do aparelho do organizador. O servidor recebeu o resultado em ${formatDateTimeSeconds(r2.completed_at)}.`,
      ),
    ).toBeInTheDocument()
    // 20 s off at its last sync: no warning.
    expect(within(second).queryByText(/o relógio do aparelho estava/)).toBeNull()
    // The online round keeps the server's times.
    expect(within(round(/2ª rodada: sorteio/)).queryByText(/relógio do aparelho/)).toBeNull()
  })

  it("warns when the device's clock was off by more than 2 minutes at its last sync", async () => {
    const record = JSON.parse(fixtureText)
    record.draws[1].device_clock_offset = -185_000
    stubFetch(async () => jsonResponse(200, JSON.stringify(record)))
    await openVerify()
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    expect(
      within(round(/3ª rodada: re-sorteio/)).getByText(
        'Na última sincronização antes do sorteio, o relógio do aparelho estava 3 min 5 s adiantado: os horários do aparelho podem estar errados.',
      ),
    ).toBeInTheDocument()
  })

  it('shows the abandoned round with its time, in the order of the rounds', async () => {
    stubFetch(async () => jsonResponse(200, fixtureText))
    await openVerify()
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    const abandoned = round(/1ª rodada: sorteio \(1º, 2º e 3º lugares\)/)
    expect(within(abandoned).getByText('Abandonada')).toBeInTheDocument()
    expect(within(abandoned).getByText(`Rodada abandonada em ${formatDateTimeSeconds(1763690100000)}`)).toBeInTheDocument()
    expect(within(abandoned).getByText(/ninguém, nem o organizador, pôde saber qual seria o resultado/)).toBeInTheDocument()
    const titles = screen.getAllByRole('region', { name: /ª rodada/ }).map((r) => r.querySelector('h3')?.textContent ?? '')
    expect(titles.map((t) => t.slice(0, 10))).toEqual(['1ª rodada:', '2ª rodada:', '3ª rodada:'])
    expect(screen.queryByText(/excluído pelo organizador/)).not.toBeInTheDocument()
  })

  it('says when the organiser deleted the raffle, and still checks its record', async () => {
    const deleted = structuredClone(fixture)
    deleted.raffle.deleted_at = 1763800000000
    stubFetch(async () => jsonResponse(200, JSON.stringify(deleted)))
    await openVerify()
    expect(await awaitVerdict('Confere')).toBeInTheDocument()
    expect(screen.getByRole('note')).toHaveTextContent(`Sorteio excluído pelo organizador em ${formatDateTime(1763800000000)}`)
  })

  it('lists the winners, marking the invalidated ones with their time and never a reason', async () => {
    stubFetch(async () => jsonResponse(200, fixtureText))
    await openVerify()
    const list = await screen.findByRole('list', { name: 'Vencedores' })
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent)
    expect(names).toEqual(['Fábio Melo', 'Carla Dias', 'Iara Gomes', 'Gabriela Reis'])
    const iara = within(list).getAllByRole('listitem')[2]!
    expect(within(iara).getByText('2º Lugar')).toBeInTheDocument()
    expect(within(iara).getByText('Bilhete 019')).toBeInTheDocument()
    expect(within(iara).getByText('Invalidado')).toBeInTheDocument()
    expect(within(list).queryByText(/Motivo/)).not.toBeInTheDocument()
    expect(within(iara).getByText(`Invalidado em ${formatDateTime(1763700300000)}`)).toBeInTheDocument()
    expect(within(within(list).getAllByRole('listitem')[0]!).queryByText('Invalidado')).not.toBeInTheDocument()
  })

  it('says plainly what does not match in a tampered record', async () => {
    const tampered = structuredClone(fixture)
    tampered.draws[0].winners[0] = tampered.draws[0].pool[0].id
    tampered.draws[0].pool[3].name = 'Nome trocado'
    stubFetch(async () => jsonResponse(200, JSON.stringify(tampered)))
    await openVerify()
    expect(await awaitVerdict('Não confere')).toBeInTheDocument()
    const first = round(/2ª rodada/)
    expect(within(first).getByText('Não confere')).toBeInTheDocument()
    expect(within(first).getByText(/^1º lugar: o registro diz bilhete \d{3} \(.+\), o cálculo dá bilhete 012 \(Fábio Melo\)\.$/)).toBeInTheDocument()
    const second = round(/3ª rodada/)
    expect(within(second).getByText('A impressão digital (SHA-256) do conjunto de bilhetes não confere com a publicada no início.')).toBeInTheDocument()
    expect(verdict()).toHaveTextContent('O 1º lugar da lista de vencedores (bilhete 012 (Fábio Melo)) não saiu de nenhuma rodada do registro.')
  })

  it("derives each redraw's pool: a redraw over a pool it publishes itself, consistent in itself, does not match", async () => {
    const forged = structuredClone(fixture)
    const redraw = forged.draws[1]
    const everyone = canonical(forged.draws[0].pool)
    redraw.pool = everyone
    redraw.pool_size = everyone.length
    redraw.pool_digest = await poolDigest(everyone)
    redraw.winners = (await pick(fromHex(redraw.client_seed), everyone, 1, false)).map((t) => t.id)
    forged.winners[2].ticket_id = redraw.winners[0]
    stubFetch(async () => jsonResponse(200, JSON.stringify(forged)))
    await openVerify()
    expect(await awaitVerdict('Não confere')).toBeInTheDocument()
    expect(within(round(/2ª rodada/)).getByText('Confere')).toBeInTheDocument()
    const second = round(/3ª rodada/)
    expect(within(second).getByText('Não confere')).toBeInTheDocument()
    expect(within(second).getByText('O conjunto de bilhetes desta rodada tem 20 bilhete(s), mas o registro diz 27.')).toBeInTheDocument()
    expect(within(second).getByText('(o conjunto derivado aqui tem 20)', { exact: false })).toBeInTheDocument()
  })

  it('refuses a redraw relabelled as a first draw, though it recomputes, and says why', async () => {
    const relabelled = loadTampered().find((c) => c.name === 'relabelled redraw')!
    stubFetch(async () => jsonResponse(200, JSON.stringify(relabelled.record)))
    await openVerify()
    expect(await awaitVerdict('Não confere')).toBeInTheDocument()
    expect(within(round(/3ª rodada/)).getByText('Confere')).toBeInTheDocument()
    const forged = round(/4ª rodada: sorteio/)
    expect(within(forged).getByText('Não confere')).toBeInTheDocument()
    for (const problem of relabelled.problems[1]!) expect(within(forged).getByText(problem)).toBeInTheDocument()
  })

  it('downloads exactly the fetched record and says how to check it offline', async () => {
    stubFetch(async () => jsonResponse(200, fixtureText))
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:registro'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    let downloaded: { name: string; href: string } | undefined
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { name: this.download, href: this.getAttribute('href')! }
    })
    const { user } = await openVerify()
    await user.click(await screen.findByRole('button', { name: 'Baixar registro (JSON)' }))
    expect(downloaded).toEqual({ name: 'sorteio-K7P2QX.json', href: 'blob:registro' })
    // jsdom's Blob has no text(); FileReader reads it.
    const saved = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.readAsText(blobs[0]!)
    })
    expect(saved).toBe(fixtureText)
    expect(screen.getByText('sorteio verify sorteio-K7P2QX.json')).toBeInTheDocument()
  })

  it('says when the code does not exist', async () => {
    stubFetch(async () => jsonResponse(404, '{"code":"not_found","message":"Sorteio não encontrado."}'))
    await openVerify('zzzzzz')
    expect(await screen.findByRole('heading', { name: 'Sorteio não encontrado' })).toBeInTheDocument()
    expect(screen.getByText('Verifique o código e tente novamente')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Consultar outro código' })).toHaveAttribute('href', '/sorteio')
    expect(screen.queryByRole('link', { name: 'Voltar ao sorteio' })).not.toBeInTheDocument()
  })

  it('shows loading, explains a network failure and tries again on request', async () => {
    let fail!: () => void
    const fetchMock = stubFetch(
      () => new Promise<Response>((_resolve, reject) => (fail = () => reject(new TypeError('Failed to fetch')))),
      async () => jsonResponse(200, fixtureText),
    )
    const { user } = await openVerify()
    expect(await screen.findByRole('status')).toHaveTextContent('Carregando o registro do sorteio...')
    fail()
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar o registro do sorteio' })).toBeInTheDocument()
    expect(screen.getByText('Sem conexão com o servidor. Verifique sua internet e tente novamente.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('list', { name: 'Vencedores' })).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('reports a record that is not in the expected shape', async () => {
    stubFetch(async () => jsonResponse(200, '{"algorithm":"sorteio-v1","raffle":{"code":"K7P2QX"}}'))
    await openVerify()
    expect(await screen.findByText('O registro recebido não está no formato esperado (draws).')).toBeInTheDocument()
  })

  it('is linked from the public raffle page', async () => {
    const raffle = {
      code: 'K7P2QX',
      title: 'Rifa da festa',
      description: '',
      type: 'simple',
      status: 'completed',
      winners_count: 1,
      countdown_seconds: 0,
      allow_duplicate_wins: false,
      drawn_at: 1,
      created_at: 1,
    }
    const state = { seq: 1, server_time: Date.now(), raffle, counts: { people: 1, tickets: 1 }, round: null, winners: [], names_sample: [] }
    stubFetch(async () => jsonResponse(200, JSON.stringify(state)))
    renderApp('/sorteio/k7p2qx', { session: signedOut })
    expect(await screen.findByRole('link', { name: 'Verificar sorteio' })).toHaveAttribute('href', '/sorteio/K7P2QX/verificar')
  })
})

describe('verification wording', () => {
  it('names the places of a round', () => {
    expect(placesText([2])).toBe('2º lugar')
    expect(placesText([1, 2])).toBe('1º e 2º lugares')
    expect(placesText([1, 2, 3])).toBe('1º, 2º e 3º lugares')
  })

  it('tells which round is being checked and how far along', () => {
    expect(progressText(0, 6, 2, 3)).toBe('Conferindo a rodada 1 de 2... (0%)')
    expect(progressText(4, 6, 2, 3)).toBe('Conferindo a rodada 2 de 2... (67%)')
    expect(progressText(6, 6, 2, 3)).toBe('Conferindo a rodada 2 de 2... (100%)')
  })
})
