import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import type { NewPerson } from '@/db/participants'
import { db, type RaffleRow } from '@/db/schema'
import { ticketsById } from '@/db/ticket-reads'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'

beforeEach(resetDb)

const people: NewPerson[] = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Eva Melo'].map((name) => ({ name }))

async function openDrawTab(raffle: RaffleRow) {
  const view = await openManage(raffle)
  await view.user.click(screen.getByRole('tab', { name: 'Sorteio' }))
  return view
}

describe("draw tab: 'Suplentes' and 'Chamar suplente'", () => {
  it('lists the alternates apart, in order, and offers the next one for an invalidated place until none is left', async () => {
    const raffle = await makeRaffle({ countdownSeconds: 0, winnersCount: 1, alternatesCount: 1 }, people)
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    const [alternate] = await ticketsById(raffle.id, (await db.draws.get(round.id))!.alternates!, db)
    const { user } = await openDrawTab(raffle)

    const list = await screen.findByRole('list', { name: 'Suplentes' })
    expect(within(list).getByText('1º suplente')).toBeInTheDocument()
    expect(within(list).getByText(alternate!.name)).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Vencedores' })).queryByText(alternate!.name)).not.toBeInTheDocument()

    await invalidateWinner(testUser.id, raffle.id, `${round.id}:1`, null)
    await user.click(await screen.findByRole('button', { name: 'Chamar suplente' }))
    // Public and final: asked first.
    await user.click(within(screen.getByRole('dialog', { name: 'Chamar o próximo suplente para o 1º lugar?' })).getByRole('button', { name: 'Chamar suplente' }))
    expect(await screen.findByText('Suplente chamado!')).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Vencedores' })).getByText(new RegExp(alternate!.name))).toBeInTheDocument())
    expect(within(list).getByText('Chamado para o 1º lugar')).toBeInTheDocument()
    expect(within(screen.getByRole('list', { name: 'Vencedores' })).getByText('Suplente chamado')).toBeInTheDocument()

    // The called alternate invalidated in turn: none is left, so only 'Re-sortear'.
    await invalidateWinner(testUser.id, raffle.id, `${round.id}:a1`, null)
    expect(await screen.findByRole('button', { name: /Re-sortear/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Chamar suplente' })).not.toBeInTheDocument()
  })
})
