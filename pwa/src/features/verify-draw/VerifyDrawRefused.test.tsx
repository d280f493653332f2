import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDateTimeSeconds } from '@/lib/dates'
import { loadRefused } from '@/features/verify-draw/test-fixture'
import { renderApp, signedOut } from '@/test/render'

const cases = loadRefused()
const record = (name: string) =>
  structuredClone(cases.find((c) => c.name === name)!.record) as Record<string, unknown> & {
    refused_rounds: Array<Record<string, unknown>>
  }

function serve(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  )
}

async function verdictSays(text: string) {
  const verdict = await screen.findByRole('status', { name: 'Resultado da conferência' })
  return within(verdict).findByText(text, {}, { timeout: 5000 })
}

describe('/sorteio/{code}/verificar with refused offline rounds', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('lists each refused round with its reason in one line, its times and the winners the room saw', async () => {
    const body = record('genuine')
    serve(body)
    renderApp('/sorteio/r3cus4/verificar', { session: signedOut })
    expect(await verdictSays('Confere')).toBeInTheDocument()
    expect(screen.getByText('3 rodadas feitas offline foram recusadas pelo servidor: elas estão no registro, mas não contam.')).toBeInTheDocument()
    const section = screen.getByRole('heading', { name: 'Rodadas recusadas', level: 2 })
    expect(section).toBeInTheDocument()

    const first = screen.getAllByRole('region', { name: 'Sorteio recusado (1º, 2º e 3º lugares)' })[0]!
    expect(within(first).getByText('Não valeu: a lista mudou em outro aparelho antes da sincronização.')).toBeInTheDocument()
    const r1 = body.refused_rounds[0]!
    expect(within(first).getByText(new RegExp(formatDateTimeSeconds(r1.device_at as number)))).toBeInTheDocument()
    expect(within(first).getByText('1º lugar: bilhete 001 (Ana Souza)')).toBeInTheDocument()
    expect(within(first).getByText(/A lista de bilhetes do aparelho não está no registro/)).toBeInTheDocument()

    const redraw = screen.getByRole('region', { name: 'Re-sorteio recusado (2º lugar)' })
    expect(within(redraw).getByText('Não valeu: este lugar já foi re-sorteado em outro aparelho.')).toBeInTheDocument()
    expect(within(redraw).getByText('2º lugar: bilhete 020 (João da Conceição)')).toBeInTheDocument()
    expect(within(redraw).getByText(/os sorteados foram recalculados neste navegador/)).toBeInTheDocument()
    expect(within(redraw).getByText('Confere')).toBeInTheDocument()

    const unrevealed = screen.getAllByRole('region', { name: 'Sorteio recusado (1º, 2º e 3º lugares)' })[1]!
    expect(within(unrevealed).getByText('O aparelho não revelou a semente desta rodada: não há sorteados registrados.')).toBeInTheDocument()
    // The refused winners are not among the raffle's winners.
    const winners = screen.getByRole('list', { name: 'Vencedores' })
    expect(within(winners).queryByText(/João da Conceição/)).toBeNull()
  })

  it('says a refused round does not match when its seed is not the one committed to', async () => {
    serve(record('seed not committed'))
    renderApp('/sorteio/r3cus4/verificar', { session: signedOut })
    expect(await verdictSays('Não confere')).toBeInTheDocument()
    const redraw = screen.getByRole('region', { name: 'Re-sorteio recusado (2º lugar)' })
    expect(within(redraw).getByText('A semente revelada desta rodada recusada não corresponde ao compromisso que o aparelho declarou.')).toBeInTheDocument()
  })

  it('shows a raffle whose only round was refused: nothing counted, the round kept', async () => {
    const body = { ...record('genuine'), draws: [], winners: [] }
    body.refused_rounds = body.refused_rounds.slice(0, 1)
    serve(body)
    renderApp('/sorteio/r3cus4/verificar', { session: signedOut })
    expect(await verdictSays('Confere')).toBeInTheDocument()
    expect(screen.getByText(/Nenhuma rodada valeu: não há vencedores/)).toBeInTheDocument()
    expect(screen.getByText('Nenhum vencedor sorteado ainda')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Sorteio recusado (1º, 2º e 3º lugares)' })).toBeInTheDocument()
  })
})
