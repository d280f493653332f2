// The ata page's line above the verification address names what the winners are recomputed from:
// the seeds of a verifiable draw, the Loteria Federal's prizes for a federal one.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AtaDocument } from '@/components/ata/AtaDocument'
import { federal5732, onlineRound } from '@/components/ata/test-round'
import { buildAta, type AtaInput } from '@/protocol/ata'

const input: AtaInput = {
  raffle: { code: 'ABC123', title: 'Rifa da escola', description: '', type: 'tickets', status: 'completed' },
  organiserEmail: null,
  counts: { people: 2, tickets: 2 },
  algorithm: 'sorteio-v1',
  rounds: [onlineRound([1], 2)],
  roundOpen: false,
  winners: [{ position: 1, roundId: 'r1', name: 'Ana', ticketNumber: '366', email: null, valid: true, invalidatedAt: null }],
  winnersCount: 1,
  verifyUrl: 'https://sorteio.example.com/sorteio/ABC123/verificar',
}

function renderAta(extra: Partial<AtaInput>) {
  const ata = buildAta({ ...input, ...extra })
  if (ata.status !== 'drawn') throw new Error(ata.status)
  render(<AtaDocument ata={ata} />)
}

describe('AtaDocument', () => {
  it('says a verifiable draw is recomputed from its seeds', () => {
    renderAta({})
    expect(screen.getByText(/a partir das sementes e da lista de bilhetes publicadas, na página:$/)).toBeInTheDocument()
    expect(screen.queryByText(/prêmios da Loteria Federal/)).toBeNull()
  })

  it('says a Loteria Federal draw is recomputed from the extraction’s prizes', () => {
    renderAta({
      federal: federal5732,
    })
    expect(screen.getByText(/a partir dos prêmios da Loteria Federal e da lista de bilhetes publicados, na página:$/)).toBeInTheDocument()
    expect(screen.queryByText(/a partir das sementes/)).toBeNull()
  })
})
