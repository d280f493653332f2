import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyOp } from '@/db/apply'
import { checkRoundResult } from '@/db/draw-check'
import { closeList, enterResult } from '@/db/federal'
import { addPeople, type NewPerson } from '@/db/participants'
import { createRaffle, updateRaffle, writeTx } from '@/db/raffles'
import type { DrawRow, SorteioDB } from '@/db/schema'
import type { FederalStep } from '@/protocol/federal'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { expectedConcurso } from '@/protocol/federal-concurso'

// The organiser's device checks each result the server sends for a round it saw start. A Loteria
// Federal round has no seeds or commitments: its result is checked by the rule, from the five
// prizes over the closed list. Concurso 5732: 1º 50366, 2º 33514, 3º 45504, 4º 94365, 5º 51105.
const PRIZES = ['50366', '33514', '45504', '94365', '51105']
const HOUR = 3_600_000

afterEach(() => vi.useRealTimers())

const numbered = (...numbers: string[]): NewPerson[] => numbers.map((n, i) => ({ name: `Pessoa ${i + 1}`, ticketNumber: n }))

/** The server's logged payloads, as a pull brings them (sync/protocol DrawStarted, DrawCompleted). */
function serverStart(round: DrawRow) {
  return {
    draw_id: round.id,
    round: 1,
    kind: 'draw',
    positions: round.positions,
    client_commitment: '',
    server_commitment: '',
    pool_digest: round.poolDigest,
    pool_size: round.poolSize,
    offline: false,
    winners_count: round.winnersCount,
    allow_duplicate_wins: round.allowDuplicateWins,
    countdown_seconds: 0,
    method: 'federal',
    federal: round.federal,
    started_at: round.startedAt,
    abandonable_at: round.startedAt,
  }
}

function serverComplete(round: DrawRow, tickets: string[], at: number) {
  return {
    draw_id: round.id,
    offline: false,
    client_seed: '',
    server_seed: '',
    seed: '',
    completed_at: at,
    winners: tickets.map((ticketId, i) => ({ id: `${round.id}:${i + 1}`, position: i + 1, ticket_id: ticketId })),
    prizes: PRIZES,
  }
}

const pulled = (db: SorteioDB, raffleId: string, type: string, payload: unknown) => writeTx(db, () => applyOp(db, ANA, raffleId, type, payload, Date.now()))

/** A list closed, its start pulled back, the result entered on this device after the extraction. */
async function resultEntered(): Promise<{ db: SorteioDB; raffleId: string; round: DrawRow; steps: FederalStep[] }> {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Promoção', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 0 }, db)
  await addPeople(ANA, raffle.id, numbered('12', '300', '366', '370', '800'), db)
  const at = Math.floor((Date.now() + HOUR) / 60_000) * 60_000
  await updateRaffle(ANA, raffle.id, { drawMethod: 'federal', federal: { concurso: expectedConcurso(at), extraction_at: at, rule: 'resto-5-premios', digits: 0 } }, db)
  const round = await closeList(ANA, raffle.id, db)
  await pulled(db, raffle.id, 'draw.start', serverStart(round))
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at + 10 * 60_000)
  const steps = await enterResult(ANA, raffle.id, PRIZES, db)
  return { db, raffleId: raffle.id, round, steps }
}

describe("the organiser's device checks a Loteria Federal result by its rule", () => {
  it('a genuine result from the server checks ok: no alarm, now or after a reload', async () => {
    const { db, raffleId, round, steps } = await resultEntered()
    await pulled(
      db,
      raffleId,
      'draw.complete',
      serverComplete(
        round,
        steps.map((s) => s.ticket.id),
        Date.now(),
      ),
    )
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', resultCheck: 'pending' })
    expect(await checkRoundResult(round.id, db)).toBe('ok')
    expect(await db.draws.get(round.id)).toMatchObject({ resultCheck: 'ok' })
  })

  it('winners the prizes do not give are still a mismatch', async () => {
    const { db, raffleId, round, steps } = await resultEntered()
    const swapped = steps.map((s) => s.ticket.id).reverse()
    await pulled(db, raffleId, 'draw.complete', serverComplete(round, swapped, Date.now()))
    expect(await checkRoundResult(round.id, db)).toBe('mismatch')
  })
})
