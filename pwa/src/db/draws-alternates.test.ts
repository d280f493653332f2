import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { finishRound, invalidateWinner, redraw, startDraw } from '@/db/draws'
import { applyOp } from '@/db/apply'
import { pendingOps } from '@/db/outbox'
import { addPeople, listTickets, type NewPerson } from '@/db/participants'
import { promoteAlternate, alternatesLeft } from '@/db/promote'
import { createRaffle, writeTx, type NewRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { canonical, pickWithAlternates, poolDigest, type DrawTicket } from '@/protocol/draw'
import { redrawPool } from '@/protocol/draw-pool'
import { ANA, freshDb } from '@/sync/testing/helpers'
import { fromHex } from '@/lib/bytes'

// A first draw with alternates on this device (sorteio-v2, docs/draw-algorithm.md §5a): the start
// needs room for winners and alternates, the offline completion sends both, and a redraw leaves the
// alternates out of its pool as the server does.
const offline = { offline: true }
const people: NewPerson[] = ['Ana', 'Bia', 'Caio', 'Duda', 'Eva', 'Fabi'].map((name) => ({ name, quantity: 2 }))

async function raffleWith(input: Partial<NewRaffle>, who: NewPerson[] = people) {
  const db = freshDb()
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type: 'tickets', winnersCount: 2, countdownSeconds: 0, ...input }, db)
  await addPeople(ANA, raffle.id, who, db)
  return { db, raffleId: raffle.id }
}

async function pool(db: SorteioDB, raffleId: string): Promise<DrawTicket[]> {
  const rows = await listTickets(raffleId, db)
  return canonical(rows.map((t) => ({ id: t.id, group_id: t.groupId, ticket_number: t.ticketNumber, name: t.name })))
}

const opsOf = async (db: SorteioDB, type: string) => (await pendingOps(db, ANA)).filter((o) => o.type === type).map((o) => o.payload as Record<string, unknown>)

describe('a first draw with alternates', () => {
  it('refuses a start without people for winners and alternates together, saying how many', async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 2, alternatesCount: 5 })
    await expect(startDraw(ANA, raffleId, offline, db)).rejects.toMatchObject({
      reason: 'not_enough_people',
      message: 'Para sortear 2 vencedor(es) e 5 suplente(s) sem repetir pessoas, são necessários pelo menos 7 participante(s) diferentes. Atualmente há 6: falta 1.',
    })
    expect(await db.draws.count()).toBe(0)
  })

  it('offline: draws the alternates after the winners and sends both with the completion', async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 2, alternatesCount: 2 })
    const round = await startDraw(ANA, raffleId, offline, db)
    expect((await opsOf(db, 'draw.start'))[0]).toMatchObject({ alternates_count: 2, winners_count: 2 })
    await finishRound(ANA, round.id, {}, db)
    const seed = (await db.drawSecrets.get(round.id))!.clientSeed
    const want = await pickWithAlternates(fromHex(seed), await pool(db, raffleId), 2, 2, false)
    const [complete] = await opsOf(db, 'draw.complete')
    expect(complete).toMatchObject({ winners: want.winners.map((t) => t.id), alternates: want.alternates.map((t) => t.id) })
    expect(await db.draws.get(round.id)).toMatchObject({ state: 'completed', alternatesCount: 2, alternates: want.alternates.map((t) => t.id) })

    // A redraw's pool leaves out the winners, the alternates and their people.
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    await redraw(ANA, raffleId, 1, offline, db)
    const drawnTickets = [...want.winners, ...want.alternates].map((t) => t.id)
    const expected = redrawPool(await pool(db, raffleId), drawnTickets, false)
    expect(expected).toHaveLength(4)
    const [op] = await opsOf(db, 'winner.redraw')
    expect(op).toMatchObject({ pool_size: 4, pool_digest: await poolDigest(expected) })
  })
})

describe("'Chamar suplente'", () => {
  it('calls the next alternate to an invalidated place, offline, until none is left', async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 2, alternatesCount: 2 })
    const round = await startDraw(ANA, raffleId, offline, db)
    await expect(promoteAlternate(ANA, raffleId, 1, db)).rejects.toMatchObject({ reason: 'not_drawn' })
    await finishRound(ANA, round.id, {}, db)
    const alternates = (await db.draws.get(round.id))!.alternates!
    await expect(promoteAlternate(ANA, raffleId, 1, db)).rejects.toMatchObject({ reason: 'position_taken' })

    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    const first = await promoteAlternate(ANA, raffleId, 1, db)
    expect(first).toMatchObject({ id: `${round.id}:a1`, position: 1, ticketId: alternates[0], isValid: true })
    expect(first.promotedAt).toEqual(expect.any(Number))
    expect(await opsOf(db, 'winner.promote')).toEqual([{ position: 1 }])
    expect(await alternatesLeft(raffleId, db)).toBe(1)
    await expect(promoteAlternate(ANA, raffleId, 1, db)).rejects.toMatchObject({ reason: 'position_taken' })

    await invalidateWinner(ANA, raffleId, `${round.id}:a1`, null, db)
    expect(await promoteAlternate(ANA, raffleId, 1, db)).toMatchObject({ id: `${round.id}:a2`, ticketId: alternates[1] })
    await invalidateWinner(ANA, raffleId, `${round.id}:a2`, null, db)
    expect(await alternatesLeft(raffleId, db)).toBe(0)
    await expect(promoteAlternate(ANA, raffleId, 1, db)).rejects.toMatchObject({
      reason: 'no_alternate_left',
      message: "Não há suplente para chamar: todos já foram chamados. Use 'Re-sortear'.",
    })
    expect(await opsOf(db, 'winner.promote')).toHaveLength(2)
  })

  it("takes the server's call over its own guess", async () => {
    const { db, raffleId } = await raffleWith({ winnersCount: 1, alternatesCount: 2 })
    const round = await startDraw(ANA, raffleId, offline, db)
    await finishRound(ANA, round.id, {}, db)
    const alternates = (await db.draws.get(round.id))!.alternates!
    await invalidateWinner(ANA, raffleId, `${round.id}:1`, null, db)
    // Another device called the 1st alternate first: the server gave this call the 2nd.
    await writeTx(db, () =>
      applyOp(db, ANA, raffleId, 'winner.promote', { winner_id: `${round.id}:a2`, position: 1, alternate: 2, ticket_id: alternates[1], promoted_at: 5_000 }, 5_000),
    )
    expect(await db.winners.get(`${round.id}:a2`)).toMatchObject({ ticketId: alternates[1], promotedAt: 5_000, isValid: true })
    expect(await alternatesLeft(raffleId, db)).toBe(1)
  })
})
