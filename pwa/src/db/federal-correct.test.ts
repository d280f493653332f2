import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeTx } from '@/db/raffles'
import { applyOp } from '@/db/apply'
import { invalidateWinner } from '@/db/draws'
import { closeList, correctResult, enterResult, federalRounds, previewResult } from '@/db/federal'
import { pendingOps } from '@/db/outbox'
import { addPeople, type NewPerson } from '@/db/participants'
import { createRaffle, updateRaffle } from '@/db/raffles'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { expectedConcurso } from '@/protocol/federal-concurso'

// Concurso 5732, and the same result with the 1st prize typed 50512.
const PRIZES = ['50366', '33514', '45504', '94365', '51105']
const TYPO = ['50512', ...PRIZES.slice(1)]
const HOUR = 3_600_000

const numbered = (...numbers: string[]): NewPerson[] => numbers.map((n, i) => ({ name: `Pessoa ${i + 1}`, ticketNumber: n }))

/** A Loteria Federal raffle of five tickets, two winners, whose result was entered as prizes. */
async function entered(prizes: string[]) {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Promoção', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 0 }, db)
  await addPeople(ANA, raffle.id, numbered('12', '300', '366', '370', '800'), db)
  const at = Math.floor((Date.now() + HOUR) / 60_000) * 60_000
  await updateRaffle(ANA, raffle.id, { drawMethod: 'federal', federal: { concurso: expectedConcurso(at), extraction_at: at, rule: 'resto-5-premios', digits: 0 } }, db)
  const round = await closeList(ANA, raffle.id, db)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 2 * HOUR)
  await enterResult(ANA, raffle.id, prizes, db)
  return { db, raffleId: raffle.id, first: round.id }
}

const winnersOf = async (db: ReturnType<typeof freshDb>, raffleId: string) =>
  (await db.winners.where('raffleId').equals(raffleId).toArray()).sort((a, b) => a.position - b.position)

afterEach(() => vi.useRealTimers())

describe("'Corrigir o resultado' on the device", () => {
  it('replaces the result by a new round, offline, keeping the wrong one marked replaced', async () => {
    const { db, raffleId, first } = await entered(TYPO)
    expect((await winnersOf(db, raffleId)).map((w) => w.drawId)).toEqual([first, first])
    const preview = await previewResult(raffleId, PRIZES, db, true)
    const steps = await correctResult(ANA, raffleId, PRIZES, db)
    expect(steps).toEqual(preview)
    expect(steps.map((s) => s.line)).toEqual([
      'Prêmios do 1º ao 5º em sequência: 5036633514455049436551105 → resto da divisão por 5: 0 → 1º de 5 → bilhete 12',
      'Restam 4 bilhetes → resto da divisão por 4: 1 → 2º de 4 → bilhete 366',
    ])
    const op = (await pendingOps(db, ANA)).find((o) => o.type === 'draw.correct')
    const [old, now] = await federalRounds(raffleId, db)
    expect(op?.payload).toEqual({ draw_id: now!.id, replaces: first, prizes: PRIZES, winners: steps.map((s) => s.ticket.id) })
    expect(old).toMatchObject({ id: first, prizes: TYPO, replacedBy: now!.id, state: 'completed' })
    expect(old!.replacedAt).toBe(now!.completedAt)
    expect(now).toMatchObject({ replaces: first, prizes: PRIZES, state: 'completed', poolDigest: old!.poolDigest })
    const winners = await winnersOf(db, raffleId)
    expect(winners.map((w) => [w.drawId, w.ticketId])).toEqual(steps.map((s) => [now!.id, s.ticket.id]))

    // The server's logged correction brings its own times and keeps the rest.
    await writeTx(db, () =>
      applyOp(
        db,
        ANA,
        raffleId,
        'draw.correct',
        {
          ...now,
          draw_id: now!.id,
          replaces: first,
          round: 2,
          started_at: 1_700_000_000_000,
          completed_at: 1_700_000_000_000,
          replaced_at: 1_700_000_000_000,
          prizes: PRIZES,
          winners: winners.map((w) => ({ id: w.id, position: w.position, ticket_id: w.ticketId })),
        },
        Date.now(),
      ),
    )
    const [old2, now2] = await federalRounds(raffleId, db)
    expect([old2!.replacedAt, now2!.completedAt, now2!.round]).toEqual([1_700_000_000_000, 1_700_000_000_000, 2])
    expect((await winnersOf(db, raffleId)).map((w) => w.ticketId)).toEqual(steps.map((s) => s.ticket.id))
  })

  it('refuses the same prizes, and a result whose winner was invalidated, changing nothing', async () => {
    const { db, raffleId, first } = await entered(PRIZES)
    const ops = (await pendingOps(db, ANA)).length
    await expect(correctResult(ANA, raffleId, PRIZES, db)).rejects.toMatchObject({
      reason: 'federal_correction_same',
      message: 'Os cinco prêmios informados são os mesmos do resultado registrado: não há o que corrigir.',
    })
    await invalidateWinner(ANA, raffleId, `${first}:1`, null, db)
    await expect(correctResult(ANA, raffleId, TYPO, db)).rejects.toMatchObject({ reason: 'federal_correction_not_latest' })
    expect((await pendingOps(db, ANA)).length).toBe(ops + 1)
    expect((await federalRounds(raffleId, db)).map((r) => r.replacedBy ?? null)).toEqual([null])
  })
})
