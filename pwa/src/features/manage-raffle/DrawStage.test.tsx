import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '@/db/schema'
import { DrawStage } from '@/features/manage-raffle/DrawStage'
import { makeRaffle, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'

beforeEach(resetDb)

describe('the draw stage before the rounds are read', () => {
  it("shows nothing for a raffle under way: no 'Sorteando...' that the countdown then replaces", async () => {
    const made = await makeRaffle({ countdownSeconds: 30, winnersCount: 1 })
    await db.raffles.update(made.id, { status: 'in_progress' })
    const raffle = (await db.raffles.get(made.id))!
    const { container } = render(
      <MemoryRouter>
        <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready={false} view={undefined} />
      </MemoryRouter>,
    )
    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByText('Sorteando...')).not.toBeInTheDocument()
  })

  it('shows the start button, disabled, for a raffle not yet drawn', async () => {
    const raffle = await makeRaffle({ winnersCount: 1 })
    render(
      <MemoryRouter>
        <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready={false} view={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('button', { name: 'Iniciar Sorteio' })).toBeDisabled()
  })
})
