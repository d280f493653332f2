import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { UNREVEALED } from '@/db/apply-draw'
import { saveServerOffset } from '@/db/clock-offset'
import { startDraw } from '@/db/draws'
import type { NewPerson } from '@/db/participants'
import { db, type DrawRow, type RaffleRow } from '@/db/schema'
import { ABANDON_CONFIRM_TEXT } from '@/features/manage-raffle/draw/draw-text'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'

beforeEach(resetDb)

const people: NewPerson[] = [{ name: 'Ana Souza', quantity: 2 }, { name: 'Bruno Lima' }, { name: 'Carla Dias' }]

async function openDrawTab(raffle: RaffleRow) {
  const view = await openManage(raffle)
  await view.user.click(screen.getByRole('tab', { name: 'Sorteio' }))
  return view
}

/** A round another device opened (this device holds no secret for it), abandonable from `abandonableAt`. */
async function foreignRound(raffle: RaffleRow, abandonableAt: number): Promise<DrawRow> {
  const round: DrawRow = {
    id: '0192f0c1-0000-7000-8000-00000000d0f1',
    raffleId: raffle.id,
    kind: 'draw',
    positions: [1],
    clientCommitment: 'a'.repeat(64),
    serverCommitment: 'b'.repeat(64),
    poolDigest: 'c'.repeat(64),
    poolSize: 4,
    winnersCount: 1,
    allowDuplicateWins: false,
    countdownSeconds: 0,
    startedAt: Date.now() - 120_000,
    round: 1,
    abandonableAt,
    abandonedAt: null,
    ...UNREVEALED,
  }
  await db.draws.put(round)
  await db.raffles.update(raffle.id, { status: 'in_progress' })
  return round
}

describe('abandoning a round nobody revealed', () => {
  it("offers it for another device's round once abandonable, asks first, and queues draw.abandon; the raffle can start again", async () => {
    const raffle = await makeRaffle({ countdownSeconds: 0, winnersCount: 1 }, people)
    const round = await foreignRound(raffle, Date.now() - 1_000)
    const { user } = await openDrawTab(raffle)
    await user.click(await screen.findByRole('button', { name: 'Abandonar rodada' }))
    const dialog = screen.getByRole('dialog', { name: 'Abandonar rodada' })
    expect(within(dialog).getByText(ABANDON_CONFIRM_TEXT)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Abandonar rodada' }))
    expect(await screen.findByText('Rodada abandonada')).toBeInTheDocument()
    const ops = (await db.outbox.toArray()).filter((op) => op.type === 'draw.abandon')
    expect(ops.map((op) => op.payload)).toEqual([{ draw_id: round.id }])
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'abandoned' })
    expect(await screen.findByRole('button', { name: 'Iniciar Sorteio' })).toBeInTheDocument()
    expect((await db.raffles.get(raffle.id))!.status).toBe('pending')
  })

  it('is not offered before the countdown and the grace are over', async () => {
    const raffle = await makeRaffle({ countdownSeconds: 0, winnersCount: 1 }, people)
    await foreignRound(raffle, Date.now() + 600_000)
    await openDrawTab(raffle)
    expect(await screen.findByText('Sorteando...')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Abandonar rodada' })).not.toBeInTheDocument()
  })

  it("follows the server's clock, not this device's", async () => {
    // Abandonable in a minute by this device's clock; the server's runs 10 minutes ahead.
    const raffle = await makeRaffle({ countdownSeconds: 0, winnersCount: 1 }, people)
    await foreignRound(raffle, Date.now() + 60_000)
    await saveServerOffset(600_000)
    await openDrawTab(raffle)
    expect(await screen.findByRole('button', { name: 'Abandonar rodada' })).toBeInTheDocument()
  })

  it('is not offered for a round this device holds the seed of (it will reveal it)', async () => {
    const mine = await makeRaffle({ countdownSeconds: 300, winnersCount: 1 }, people)
    const own = await startDraw(testUser.id, mine.id, { offline: false })
    await db.draws.update(own.id, { abandonableAt: Date.now() - 1_000 })
    await openDrawTab((await db.raffles.get(mine.id))!)
    await waitFor(() => expect(screen.getAllByRole('timer').length).toBeGreaterThan(0))
    expect(screen.queryByRole('button', { name: 'Abandonar rodada' })).not.toBeInTheDocument()
  })
})
