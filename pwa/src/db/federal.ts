// The Loteria Federal on this device (docs/draw-algorithm.md §12): its settings checked against the
// raffle's tickets, closing the list for the extraction ('Fechar a lista para a extração', which
// needs the connection: the server's clock decides), and entering the five prizes after it, which
// works offline: the winners are computed here and the server recomputes them. The settings' check
// is db/federal-check.ts.
import { applyOp } from '@/db/apply'
import { serverOffset } from '@/db/clock-offset'
import { newId } from '@/db/ids'
import { enqueue } from '@/db/outbox'
import { getRaffle, writeTx } from '@/db/raffles'
import { canonicalTickets } from '@/db/federal-check'
import { poolFingerprint } from '@/db/round-pool'
import { db as appDb, type DrawRow, type SorteioDB } from '@/db/schema'
import { ticketTables } from '@/db/tickets'
import { poolDigest } from '@/protocol/draw'
import { federal, type FederalStep } from '@/protocol/federal'
import { federalChances } from '@/protocol/federal-chances'
import { checkFederalTime, federalRuleError } from '@/protocol/federal-settings'
import { RuleError } from '@/protocol/rules'

const ZEROS = ['00000', '00000', '00000', '00000', '00000']

function withRule<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    throw federalRuleError(e)
  }
}

const now = async (database: SorteioDB) => Date.now() + (await serverOffset(database))

/** The raffle's open Loteria Federal round, if its list is closed and waits for the result. */
export async function federalRound(raffleId: string, database: SorteioDB = appDb): Promise<DrawRow | undefined> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  return rounds.find((d) => d.method === 'federal' && d.state === 'open')
}

/**
 * Closes the list for the extraction: freezes the participants and publishes the pool's digest and
 * size with the rule and the concurso. Refused under a rule that would not give every ticket of the
 * list the same chance (federal_rule_unequal, naming the chances). The caller checks the connection; the server refuses it at or
 * after the extraction's time by its own clock.
 */
export async function closeList(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<DrawRow> {
  const tables = [database.raffles, ...ticketTables(database), database.draws, database.winners]
  const { raffle, tickets, fingerprint } = await database.transaction('r', tables, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    return { raffle, tickets: await canonicalTickets(raffleId, database), fingerprint: await poolFingerprint(raffleId, database) }
  })
  const f = raffle.federal
  if (raffle.drawMethod !== 'federal' || !f) throw new RuleError('federal_not_chosen')
  checkFederalTime('close', f, await now(database))
  withRule(() => federal({ kind: f.rule, digits: f.digits }, ZEROS, tickets, raffle.winnersCount, raffle.allowDuplicateWins))
  // Every ticket the same chance under the rule, within 1 % (docs/draw-algorithm.md §12.2a).
  withRule(() => federalChances({ kind: f.rule, digits: f.digits }, tickets))
  const drawId = newId()
  const payload = {
    draw_id: drawId,
    method: 'federal',
    federal: f,
    pool_digest: await poolDigest(tickets),
    pool_size: tickets.length,
    winners_count: raffle.winnersCount,
    allow_duplicate_wins: raffle.allowDuplicateWins,
  }
  return writeTx(database, async () => {
    const current = await getRaffle(userId, raffleId, database)
    if (!current || current.status !== 'pending') throw new RuleError('draw_started')
    if ((await poolFingerprint(raffleId, database)) !== fingerprint) throw new RuleError('pool_changed')
    await applyOp(database, userId, raffleId, 'draw.start', payload, Date.now())
    await enqueue(database, userId, raffleId, 'draw.start', payload)
    return (await database.draws.get(drawId))!
  })
}

/** The raffle's result in force: its latest completed Loteria Federal round that no correction replaced. */
export function resultInForce(rounds: readonly DrawRow[]): DrawRow | undefined {
  return rounds.filter((r) => r.state === 'completed' && !r.replacedBy).at(-1)
}

/** The raffle's Loteria Federal rounds, the list closed and its result, oldest first. */
export async function federalRounds(raffleId: string, database: SorteioDB = appDb): Promise<DrawRow[]> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  return rounds.filter((d) => d.method === 'federal').sort((a, b) => (a.round ?? 0) - (b.round ?? 0))
}

/** How each winner of a completed round follows from its prizes ('1º prêmio 50366 → final 366 → bilhete 366'). */
export async function resultSteps(round: DrawRow, database: SorteioDB = appDb): Promise<FederalStep[]> {
  if (!round.prizes || round.prizes.length !== 5) return []
  return stepsOver(round, round.prizes, database)
}

/**
 * What the five prizes give over the closed list, for the organiser to confirm before saving: the
 * open round's list, or when correcting, the list of the result in force (the same list).
 */
export async function previewResult(raffleId: string, prizes: readonly string[], database: SorteioDB = appDb, correcting = false): Promise<FederalStep[]> {
  const round = correcting ? resultInForce(await federalRounds(raffleId, database)) : await federalRound(raffleId, database)
  if (!round) throw new RuleError('draw_not_found')
  return stepsOver(round, prizes, database)
}

async function stepsOver(round: DrawRow, prizes: readonly string[], database: SorteioDB): Promise<FederalStep[]> {
  const raffleId = round.raffleId
  if (!round.federal) throw new RuleError('draw_not_found')
  const f = round.federal
  const tickets = await canonicalTickets(raffleId, database)
  // The list is the one closed: a device holding another cannot compute this result.
  if (tickets.length !== round.poolSize || (await poolDigest(tickets)) !== round.poolDigest) {
    throw new RuleError('pool_changed', undefined, 'Os participantes deste aparelho não conferem com a lista fechada. Conecte-se para atualizar e tente de novo.')
  }
  return withRule(() => federal({ kind: f.rule, digits: f.digits }, prizes, tickets, round.winnersCount, round.allowDuplicateWins)).steps
}

/**
 * Enters the extraction's result: the winners are computed here from the five prizes and the closed
 * list (works offline) and queued with the prizes; the server recomputes them. Refused before the
 * extraction's time (by the server's clock as this device estimates it) and after a first entry.
 */
export async function enterResult(userId: string, raffleId: string, prizes: readonly string[], database: SorteioDB = appDb): Promise<FederalStep[]> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  const closed = rounds.filter((d) => d.method === 'federal')
  if (closed.length > 0 && closed.every((d) => d.state === 'completed')) throw new RuleError('federal_result_entered')
  const round = await federalRound(raffleId, database)
  if (!round?.federal) throw new RuleError('draw_not_found')
  checkFederalTime('result', round.federal, await now(database))
  const steps = await previewResult(raffleId, prizes, database)
  const payload = { draw_id: round.id, prizes: [...prizes], winners: steps.map((s) => s.ticket.id) }
  await writeTx(database, async () => {
    if (!(await getRaffle(userId, raffleId, database))) throw new RuleError('raffle_not_found')
    const current = await database.draws.get(round.id)
    if (!current || current.state !== 'open') throw new RuleError('federal_result_entered')
    await applyOp(database, userId, raffleId, 'draw.complete', payload, Date.now())
    await enqueue(database, userId, raffleId, 'draw.complete', payload)
  })
  return steps
}

/**
 * 'Corrigir o resultado': a result typed wrong is replaced by a new round over the same closed list
 * (draw.correct); the wrong one stays in the public record, marked replaced with the time of the
 * correction. Only the result in force, before any of its winners is invalidated, and only with
 * other prizes. Works offline like the first entry: the winners are computed here and the server
 * recomputes them.
 */
export async function correctResult(userId: string, raffleId: string, prizes: readonly string[], database: SorteioDB = appDb): Promise<FederalStep[]> {
  const current = resultInForce(await federalRounds(raffleId, database))
  if (!current) throw new RuleError('not_drawn')
  await checkCorrectable(raffleId, current, prizes, database)
  const steps = await stepsOver(current, prizes, database)
  const payload = { draw_id: newId(), replaces: current.id, prizes: [...prizes], winners: steps.map((s) => s.ticket.id) }
  await writeTx(database, async () => {
    if (!(await getRaffle(userId, raffleId, database))) throw new RuleError('raffle_not_found')
    const again = await database.draws.get(current.id)
    if (!again || again.replacedBy) throw new RuleError('federal_correction_not_latest')
    await applyOp(database, userId, raffleId, 'draw.correct', payload, Date.now())
    await enqueue(database, userId, raffleId, 'draw.correct', payload)
  })
  return steps
}

/** The server's refusals this device can see: a later round, an invalidated winner, the same prizes. */
async function checkCorrectable(raffleId: string, current: DrawRow, prizes: readonly string[], database: SorteioDB): Promise<void> {
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  const winners = await database.winners.where('raffleId').equals(raffleId).toArray()
  if (rounds.some((r) => (r.round ?? 0) > (current.round ?? 0)) || winners.some((w) => !w.isValid || w.promotedAt != null)) {
    throw new RuleError('federal_correction_not_latest')
  }
  if (current.prizes && current.prizes.join() === prizes.join()) throw new RuleError('federal_correction_same')
}
