import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import type { NewPerson } from '@/db/participants'
import { promoteAlternate } from '@/db/promote'
import { db } from '@/db/schema'
import { ticketsById } from '@/db/ticket-reads'
import { organiserAtaInput } from '@/features/manage-raffle/ata-input'
import { makeRaffle, resetDb } from '@/features/manage-raffle/test-fixtures'
import { ataTime, buildAta } from '@/protocol/ata'
import { testUser } from '@/test/render'

beforeEach(resetDb)

const people: NewPerson[] = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha', 'Eva Melo', 'Fábio Reis'].map((name, i) => ({
  name,
  email: `pessoa${i + 1}@exemplo.com`,
}))

describe("the organiser's ata from this device's tables", () => {
  it('lists each prize, the alternates in order and the call of one with its time, never the reason', async () => {
    const raffle = await makeRaffle(
      {
        countdownSeconds: 0,
        winnersCount: 2,
        alternatesCount: 2,
        prizes: [
          { position: 1, name: 'Bicicleta' },
          { position: 2, name: 'Cesta básica' },
        ],
      },
      people,
    )
    const round = await startDraw(testUser.id, raffle.id, { offline: true })
    await finishRound(testUser.id, round.id)
    const [first, second] = await ticketsById(raffle.id, (await db.draws.get(round.id))!.alternates!, db)
    await invalidateWinner(testUser.id, raffle.id, `${round.id}:2`, 'Não apareceu para retirar')
    const called = await promoteAlternate(testUser.id, raffle.id, 2)

    const stored = (await db.raffles.get(raffle.id))!
    const input = organiserAtaInput(stored, await drawOverview(raffle.id), { people: 6, tickets: 6 }, 'org@exemplo.com', 'https://sorteio.app')
    const ata = buildAta(input)
    if (ata.status !== 'drawn') throw new Error(ata.status)

    expect(ata.positions.map((p) => p.prize)).toEqual(['Bicicleta', 'Cesta básica'])
    const place = ata.positions[1]!
    expect(place.holders).toHaveLength(2)
    const callTime = ataTime(called.promotedAt!).brasilia
    expect(place.holders[0]).toMatchObject({ valid: false, then: `Lugar preenchido pelo suplente ${first!.name}, chamado em ${callTime}.` })
    expect(place.holders[0]!.invalidated).not.toBeNull()
    expect(place.holders[1]).toMatchObject({ name: first!.name, valid: true, origin: `Suplente chamado em ${callTime}` })
    expect(ata.alternates).toEqual([
      {
        rank: 1,
        label: '1º suplente',
        name: first!.name,
        ticketNumber: first!.ticketNumber,
        email: expect.stringMatching(/^pe\*\*\*@e\*\*\*\.com$/),
        usedFor: `Chamado para o 2º lugar em ${callTime}`,
      },
      { rank: 2, label: '2º suplente', name: second!.name, ticketNumber: second!.ticketNumber, email: expect.stringMatching(/\*\*\*/), usedFor: null },
    ])
    expect(ata.invalidations).toBe(1)
    expect(JSON.stringify(ata)).not.toMatch(/apareceu|retirar|motivo/i)
  })

  it('prints no Suplentes section for a raffle drawn without alternates', async () => {
    const raffle = await makeRaffle({ countdownSeconds: 0, winnersCount: 1 }, people)
    await finishRound(testUser.id, (await startDraw(testUser.id, raffle.id, { offline: true })).id)
    const stored = (await db.raffles.get(raffle.id))!
    const ata = buildAta(organiserAtaInput(stored, await drawOverview(raffle.id), { people: 6, tickets: 6 }, 'org@exemplo.com', 'https://sorteio.app'))
    if (ata.status !== 'drawn') throw new Error(ata.status)
    expect(ata.alternates).toBeNull()
  })
})
