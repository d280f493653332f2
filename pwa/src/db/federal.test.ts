import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeList, enterResult } from '@/db/federal'
import { pendingOps } from '@/db/outbox'
import { addPeople, countTickets, type NewPerson } from '@/db/participants'
import { createRaffle, getRaffle, updateRaffle } from '@/db/raffles'
import type { FederalSettingsWire } from '@/protocol/wire'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { expectedConcurso } from '@/protocol/federal-concurso'

// Concurso 5732: 1º 50366, 2º 33514, 3º 45504, 4º 94365, 5º 51105.
const PRIZES = ['50366', '33514', '45504', '94365', '51105']
const HOUR = 3_600_000

function settings(at: number, digits = 0, rule = 'final-1-premio'): FederalSettingsWire {
  const minute = Math.floor(at / 60_000) * 60_000
  return { concurso: expectedConcurso(minute), extraction_at: minute, rule, digits }
}

const numbered = (...numbers: string[]): NewPerson[] => numbers.map((n, i) => ({ name: `Pessoa ${i + 1}`, ticketNumber: n }))

async function federalRaffle(numbers: string[], at = Date.now() + HOUR, rule = 'final-1-premio') {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Promoção', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 0 }, db)
  await addPeople(ANA, raffle.id, numbered(...numbers), db)
  await updateRaffle(ANA, raffle.id, { drawMethod: 'federal', federal: settings(at, 0, rule) }, db)
  return { db, raffleId: raffle.id }
}

afterEach(() => vi.useRealTimers())

describe('Loteria Federal on the device', () => {
  it('refuses a rule whose digits cannot reach the tickets, saying the digits needed', async () => {
    const { db, raffleId } = await federalRaffle(['1', '366', '2000'])
    await expect(updateRaffle(ANA, raffleId, { federal: settings(Date.now() + HOUR, 3) }, db)).rejects.toMatchObject({
      reason: 'federal_digits_short',
      message: 'A regra alcança números de até 3 algarismos, mas o maior bilhete, 2000, precisa de 4.',
    })
    expect((await getRaffle(ANA, raffleId, db))?.federal?.digits).toBe(0)
  })

  it('refuses a concurso drawn before the extraction date, under the concurso field', async () => {
    const { db, raffleId } = await federalRaffle(['1', '2'])
    const before = (await getRaffle(ANA, raffleId, db))?.federal
    await expect(updateRaffle(ANA, raffleId, { federal: { ...before!, concurso: 5732 } }, db)).rejects.toMatchObject({
      reason: 'federal_concurso_past',
      field: 'concurso',
      message: expect.stringMatching(/^O concurso 5732 foi sorteado antes da data da extração: .* a extração de \d\d\/\d\d\/\d{4} é a do concurso \d+, aproximadamente\./),
    })
    expect((await getRaffle(ANA, raffleId, db))?.federal).toEqual(before)
  })

  it('refuses ticket numbers that are not digits', async () => {
    const db = freshDb()
    const raffle = await createRaffle(ANA, { title: 'Promoção', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }, db)
    await addPeople(ANA, raffle.id, numbered('A12'), db)
    await expect(updateRaffle(ANA, raffle.id, { drawMethod: 'federal', federal: settings(Date.now() + HOUR) }, db)).rejects.toMatchObject({
      reason: 'federal_ticket_not_numeric',
    })
  })

  it('refuses, when added, a ticket its rule cannot read: nothing is written or queued', async () => {
    const { db, raffleId } = await federalRaffle(['7', '366'])
    const ops = (await pendingOps(db, ANA)).length
    await expect(addPeople(ANA, raffleId, numbered('A12'), db)).rejects.toMatchObject({ reason: 'federal_ticket_not_numeric', field: 'ticketNumber' })
    await expect(addPeople(ANA, raffleId, numbered('007'), db)).rejects.toMatchObject({
      reason: 'federal_ticket_repeated',
      message: 'Os bilhetes “7” e “007” são o mesmo número na Loteria Federal: deixe só um deles.',
    })
    await expect(addPeople(ANA, raffleId, numbered('123456'), db)).rejects.toMatchObject({ reason: 'federal_digits_short' })
    expect((await pendingOps(db, ANA)).length).toBe(ops)
    expect(await countTickets(raffleId, db)).toBe(2)
    // A number the rule reads, and one left to the device, are added.
    expect(await addPeople(ANA, raffleId, [...numbered('500'), { name: 'Sem número' }], db)).toBe(2)
  })

  it('refuses to close the list under a rule that would not give every ticket the same chance, naming the chances', async () => {
    const { db, raffleId } = await federalRaffle(Array.from({ length: 71 }, (_, i) => String(i + 1).padStart(3, '0')))
    const ops = (await pendingOps(db, ANA)).length
    await expect(closeList(ANA, raffleId, db)).rejects.toMatchObject({
      reason: 'federal_rule_unequal',
      message:
        "Com esta lista, a regra não dá a mesma chance a todos os bilhetes: o bilhete 001 teria 30 % de chance; cada um dos outros, 1 %. Escolha 'Resto da divisão pelo número de bilhetes', que dá a mesma chance a qualquer lista.",
    })
    expect((await getRaffle(ANA, raffleId, db))?.status).toBe('pending')
    expect((await pendingOps(db, ANA)).length).toBe(ops)
    await updateRaffle(ANA, raffleId, { federal: settings(Date.now() + HOUR, 0, 'resto-5-premios') }, db)
    expect(await closeList(ANA, raffleId, db)).toMatchObject({ method: 'federal', poolSize: 71 })
  })

  it('closes the list, freezes it, and takes the result offline after the extraction', async () => {
    const { db, raffleId } = await federalRaffle(['12', '300', '366', '370', '800'], Date.now() + HOUR, 'resto-5-premios')
    const round = await closeList(ANA, raffleId, db)
    expect(round).toMatchObject({ method: 'federal', poolSize: 5, state: 'open' })
    expect((await getRaffle(ANA, raffleId, db))?.status).toBe('in_progress')
    await expect(addPeople(ANA, raffleId, numbered('900'), db)).rejects.toMatchObject({ reason: 'draw_started' })
    await expect(enterResult(ANA, raffleId, PRIZES, db)).rejects.toMatchObject({ reason: 'federal_too_early' })

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 2 * HOUR)
    await expect(enterResult(ANA, raffleId, ['5036', ...PRIZES.slice(1)], db)).rejects.toMatchObject({ reason: 'federal_prize_invalid' })
    const steps = await enterResult(ANA, raffleId, PRIZES, db)
    expect(steps.map((s) => s.line)).toEqual([
      'Prêmios do 1º ao 5º em sequência: 5036633514455049436551105 → resto da divisão por 5: 0 → 1º de 5 → bilhete 12',
      'Restam 4 bilhetes → resto da divisão por 4: 1 → 2º de 4 → bilhete 366',
    ])
    const complete = (await pendingOps(db, ANA)).find((o) => o.type === 'draw.complete')
    expect(complete?.payload).toEqual({ draw_id: round.id, prizes: PRIZES, winners: steps.map((s) => s.ticket.id) })
    expect((await getRaffle(ANA, raffleId, db))?.status).toBe('completed')
    expect(await db.winners.where('raffleId').equals(raffleId).count()).toBe(2)
    await expect(enterResult(ANA, raffleId, PRIZES, db)).rejects.toMatchObject({ reason: 'federal_result_entered' })
  })

  it('refuses to close the list once the extraction has begun', async () => {
    const { db, raffleId } = await federalRaffle(['1', '2', '3'], Date.now() + 2 * 60_000)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 3 * 60_000)
    await expect(closeList(ANA, raffleId, db)).rejects.toMatchObject({ reason: 'federal_not_future' })
  })
})
