import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, redraw, startDraw } from '@/db/draws'
import { addPeople } from '@/db/participants'
import { createRaffle } from '@/db/raffles'
import type { SorteioDB } from '@/db/schema'
import { pullAll } from '@/sync/pull'
import { pushOutbox, type SyncEvent } from '@/sync/push'
import { roundReasonLine } from '@/sync/refused-round'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

const offline = { offline: true }

/** One account on two devices, A and B, both holding a five-person raffle of two winners. */
async function twoDevices(type: 'tickets' | 'simple' = 'tickets') {
  const server = new FakeSyncServer()
  server.user = ANA
  const a = contextFor(freshDb(), server, ANA)
  const b = contextFor(freshDb(), server, ANA)
  const raffle = await createRaffle(ANA, { title: 'Rifa', description: '', type, winnersCount: 2, countdownSeconds: 0 }, a.db)
  await addPeople(ANA, raffle.id, [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }, { name: 'Duda' }, { name: 'Eva' }], a.db)
  await sync(a)
  await pullAll(b)
  return { server, a, b, raffleId: raffle.id }
}

async function sync(ctx: ReturnType<typeof contextFor>) {
  await pushOutbox(ctx)
  await pullAll(ctx)
}

/** The winners of one round as this device shows them, 'position name (bilhete n)'. */
async function drawnHere(db: SorteioDB, raffleId: string, drawId: string, tickets = true): Promise<string> {
  const { winners } = await drawOverview(raffleId, db)
  return winners
    .filter((w) => w.drawId === drawId)
    .map((w) => `${w.position}º ${w.name}${tickets ? ` (bilhete ${w.ticketNumber})` : ''}`)
    .join(', ')
}

/** The one event of a refused offline round: its full text, in a toast that stays. */
function roundRefused(raffleId: string, opType: string, reason: string, message: string): SyncEvent {
  // However many of the raffle's ops it stands for (all kept in 'Não enviados').
  return { type: 'rejected', raffleId, opType, reason, message, count: expect.any(Number) as unknown as number, lasting: true }
}

describe('a round drawn offline that the server refuses', () => {
  it('the list changed on another device: the device that drew says its round did not count, with whom it drew', async () => {
    const { a, b, raffleId } = await twoDevices()
    // Both offline: A adds a person, B draws (the room sees B's winners); A syncs first.
    await addPeople(ANA, raffleId, [{ name: 'Fábio' }], a.db)
    const round = await startDraw(ANA, raffleId, offline, b.db)
    await finishRound(ANA, round.id, {}, b.db)
    const seen = await drawnHere(b.db, raffleId, round.id)
    await sync(a)
    await sync(b)

    expect(b.events).toEqual([
      roundRefused(
        raffleId,
        'draw.start',
        'pool_changed',
        `O sorteio feito offline neste aparelho não valeu: a lista mudou em outro aparelho antes da sincronização. Sorteados aqui: ${seen}.`,
      ),
    ])
    expect(seen).toMatch(/^1º \S+ \(bilhete \d{3}\), 2º \S+ \(bilhete \d{3}\)$/)
  })

  it('a simple raffle names the winners without tickets', async () => {
    const { a, b, raffleId } = await twoDevices('simple')
    await addPeople(ANA, raffleId, [{ name: 'Fábio' }], a.db)
    const round = await startDraw(ANA, raffleId, offline, b.db)
    await finishRound(ANA, round.id, {}, b.db)
    const seen = await drawnHere(b.db, raffleId, round.id, false)
    await sync(a)
    await sync(b)
    expect(b.events.map((e) => (e.type === 'rejected' ? e.message : e.type))).toEqual([
      `O sorteio feito offline neste aparelho não valeu: a lista mudou em outro aparelho antes da sincronização. Sorteados aqui: ${seen}.`,
    ])
    expect(seen).not.toContain('bilhete')
  })

  it('both redrew the same place offline: the redraw that lost says so, not the invalidation refused before it', async () => {
    const { a, b, raffleId } = await twoDevices()
    const first = await startDraw(ANA, raffleId, offline, a.db)
    await finishRound(ANA, first.id, {}, a.db)
    await sync(a)
    await pullAll(b)
    const second = (await drawOverview(raffleId, a.db)).winners.find((w) => w.position === 2)!
    // Both offline: each invalidates the 2nd place and redraws it.
    for (const device of [a, b]) {
      await invalidateWinner(ANA, raffleId, second.id, 'Não compareceu', device.db)
      await redraw(ANA, raffleId, 2, offline, device.db)
    }
    const redrawB = (await drawOverview(raffleId, b.db)).rounds.find((r) => r.kind === 'redraw')!
    const seen = await drawnHere(b.db, raffleId, redrawB.id)
    await sync(a)
    await sync(b)

    expect(b.events).toEqual([
      roundRefused(
        raffleId,
        'winner.redraw',
        'position_taken',
        `O re-sorteio feito offline neste aparelho não valeu: este lugar já foi re-sorteado em outro aparelho. Sorteado aqui: ${seen}.`,
      ),
    ])
    expect(seen).toMatch(/^2º \S+ \(bilhete \d{3}\)$/)
  })

  it('a refusal of any other op keeps its own message', async () => {
    const { a, b, raffleId } = await twoDevices()
    await startDraw(ANA, raffleId, { offline: false }, a.db)
    await sync(a)
    await addPeople(ANA, raffleId, [{ name: 'Fábio' }], b.db)
    await sync(b)
    expect(b.events).toMatchObject([{ opType: 'participants.add', reason: 'draw_started', message: 'O sorteio já começou: não é mais possível alterá-lo.' }])
    expect(b.events[0]).not.toHaveProperty('lasting')
  })

  it("a round refused before it drew anyone keeps its reason's own message", async () => {
    const { a, b, raffleId } = await twoDevices()
    await addPeople(ANA, raffleId, [{ name: 'Fábio' }], a.db)
    await startDraw(ANA, raffleId, offline, b.db)
    await sync(a)
    await sync(b)
    expect(b.events).toMatchObject([
      { opType: 'draw.start', reason: 'pool_changed', message: 'Os participantes mudaram antes do início do sorteio: confira a lista e tente de novo.' },
    ])
  })

  it('a completion refused in a way that leaves the round open is not called a round that did not count', async () => {
    const { b, raffleId } = await twoDevices()
    const round = await startDraw(ANA, raffleId, offline, b.db)
    await finishRound(ANA, round.id, {}, b.db)
    // Winners in another order than the seed gives: the server keeps the round open.
    const complete = (await b.db.outbox.toArray()).find((op) => op.type === 'draw.complete')!
    const payload = complete.payload as { winners: string[] }
    await b.db.outbox.update(complete.seq!, { payload: { ...payload, winners: [...payload.winners].reverse() } })
    await sync(b)
    expect(b.events).toEqual([
      { type: 'rejected', raffleId, opType: 'draw.complete', reason: 'result_mismatch', message: 'O resultado enviado não confere com a semente e os participantes.', count: 1 },
    ])
  })

  it('a reason without a line of its own reads as the catalogue message, lower-cased and without its stop', () => {
    expect(roundReasonLine('no_eligible')).toBe('não há participantes elegíveis para re-sorteio')
    expect(roundReasonLine('seed_mismatch')).toBe('a semente revelada não corresponde ao compromisso publicado no início')
    expect(roundReasonLine('not_enough_tickets', true)).toBe('não há participantes suficientes para sortear todos os vencedores')
  })
})
