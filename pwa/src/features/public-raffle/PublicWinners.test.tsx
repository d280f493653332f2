import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PublicWinners } from '@/features/public-raffle/PublicWinners'
import type { PublicWinner } from '@/protocol/public-state'

const winner: PublicWinner = {
  position: 1,
  ticket_number: '001',
  name: 'Ana Souza',
  email: 'an***@g***.com',
  valid: true,
  invalidated_at: null,
  round_id: 'r1',
  drawn_at: 1,
}

describe('public winners tab', () => {
  it("lists the alternates apart, under 'Suplentes', in order", () => {
    render(
      <PublicWinners
        winners={[winner]}
        alternates={[
          { rank: 1, ticket_number: '017', name: 'Carla Dias', email: 'ca***@g***.com' },
          { rank: 2, ticket_number: null, name: 'Davi Rocha', email: null },
        ]}
      />,
    )
    const items = within(screen.getByRole('list', { name: 'Suplentes' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual(['1º suplenteCarla Dias · Bilhete 017ca***@g***.com', '2º suplenteDavi Rocha'])
    expect(within(screen.getByRole('list', { name: 'Vencedores' })).queryByText('Carla Dias')).not.toBeInTheDocument()
  })

  it('marks a place held by an alternate called to it, and the alternate says to which place', () => {
    render(
      <PublicWinners
        winners={[
          winner,
          { ...winner, position: 2, name: 'Bruno Lima', ticket_number: '002', valid: false, invalidated_at: 5 },
          { ...winner, position: 2, name: 'Carla Dias', ticket_number: '017', drawn_at: 6, promoted: true },
        ]}
        prizes={[{ position: 2, name: 'Cesta básica' }]}
        alternates={[
          { rank: 1, ticket_number: '017', name: 'Carla Dias', email: null, called_to: 2 },
          { rank: 2, ticket_number: '018', name: 'Davi Rocha', email: null },
        ]}
      />,
    )
    const places = within(screen.getByRole('list', { name: 'Vencedores' })).getAllByRole('listitem')
    expect(places).toHaveLength(2)
    expect(within(places[0]!).queryByText('Suplente chamado')).not.toBeInTheDocument()
    expect(places[1]).toHaveTextContent(/2º Lugar.*Suplente chamado.*Prêmio: Cesta básica.*Carla Dias/)
    expect(screen.queryByText('Bruno Lima')).not.toBeInTheDocument()
    const alternates = within(screen.getByRole('list', { name: 'Suplentes' })).getAllByRole('listitem')
    expect(alternates[0]).toHaveTextContent('Chamado para o 2º lugar')
    expect(alternates[1]).not.toHaveTextContent('Chamado')
  })

  it('says an empty place waits for an alternate while one is left, and for a new draw once none is', () => {
    const invalidated = { ...winner, valid: false, invalidated_at: 5 }
    const alternate = { rank: 1, ticket_number: '017', name: 'Carla Dias', email: null }
    const gap = () => within(screen.getByRole('list', { name: 'Vencedores' })).getAllByRole('listitem')[0]
    const { rerender } = render(<PublicWinners winners={[invalidated]} alternates={[alternate]} />)
    expect(gap()).toHaveTextContent(/^1º Lugar: aguardando suplente ou novo sorteio$/)
    // Its only alternate was called to another place (and invalidated there since).
    rerender(<PublicWinners winners={[invalidated]} alternates={[{ ...alternate, called_to: 2 }]} />)
    expect(gap()).toHaveTextContent(/^1º Lugar: aguardando novo sorteio$/)
  })

  it('shows no Suplentes without alternates', () => {
    render(<PublicWinners winners={[winner]} />)
    expect(screen.queryByRole('list', { name: 'Suplentes' })).not.toBeInTheDocument()
  })
})
