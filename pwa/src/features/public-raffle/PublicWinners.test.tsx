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

  it('shows no Suplentes without alternates', () => {
    render(<PublicWinners winners={[winner]} />)
    expect(screen.queryByRole('list', { name: 'Suplentes' })).not.toBeInTheDocument()
  })
})
