import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import { updateRaffle } from '@/db/raffles'
import { db } from '@/db/schema'
import { CLOSE_LIST_NOTE, PROMOTE_NOTE } from '@/features/manage-raffle/draw/draw-text'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'
import { expectedConcurso } from '@/protocol/federal-concurso'

// 'Chamar suplente' and 'Fechar a lista para a extração' are public and cannot be undone: each asks
// first, and 'Cancelar' leaves everything as it was.

beforeEach(resetDb)

describe('public actions ask first', () => {
  it("'Chamar suplente' calls nobody until confirmed", async () => {
    const raffle = await makeRaffle({ winnersCount: 1, countdownSeconds: 0, alternatesCount: 1 }, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }])
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    await invalidateWinner(testUser.id, raffle.id, `${round.id}:1`, null)
    const { user } = await openManage(raffle)
    await user.click(screen.getByRole('tab', { name: 'Sorteio' }))

    await user.click(await screen.findByRole('button', { name: 'Chamar suplente' }))
    const dialog = screen.getByRole('dialog', { name: 'Chamar o próximo suplente para o 1º lugar?' })
    expect(within(dialog).getByText(PROMOTE_NOTE)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect((await db.outbox.toArray()).filter((o) => o.type === 'winner.promote').length).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Chamar suplente' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Chamar suplente' }))
    expect(await screen.findByText('Suplente chamado!')).toBeInTheDocument()
    await waitFor(async () => expect((await db.outbox.toArray()).filter((o) => o.type === 'winner.promote').length).toBe(1))
  })

  it("'Fechar a lista para a extração' closes nothing until confirmed", async () => {
    const raffle = await makeRaffle({ winnersCount: 1 }, [
      { name: 'Ana', ticketNumber: '12' },
      { name: 'Bia', ticketNumber: '300' },
    ])
    const at = Math.floor((Date.now() + 3_600_000) / 60_000) * 60_000
    await updateRaffle(testUser.id, raffle.id, { drawMethod: 'federal', federal: { concurso: expectedConcurso(at), extraction_at: at, rule: 'resto-5-premios', digits: 0 } })
    const { user } = await openManage(raffle)
    await user.click(screen.getByRole('tab', { name: 'Sorteio' }))

    await user.click(await screen.findByRole('button', { name: 'Fechar a lista para a extração' }))
    const dialog = screen.getByRole('dialog', { name: 'Fechar a lista para a extração?' })
    expect(within(dialog).getByText(CLOSE_LIST_NOTE)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await db.draws.where('raffleId').equals(raffle.id).count()).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Fechar a lista para a extração' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar a lista' }))
    expect(await screen.findByText('Lista fechada para a extração')).toBeInTheDocument()
    expect(await db.draws.where('raffleId').equals(raffle.id).count()).toBe(1)
  })
})
