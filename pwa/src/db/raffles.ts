// Raffle reads and writes. Each write changes the local tables and queues its op in one transaction.
import Dexie from 'dexie'
import { applyOp } from '@/db/apply'
import { checkFederalUpdate } from '@/db/federal-check'
import { newCode, newId } from '@/db/ids'
import { enqueue } from '@/db/outbox'
import { db as appDb, type RaffleRow, type RaffleType, type SorteioDB } from '@/db/schema'
import { mergePrizes, type Prize } from '@/protocol/prizes'
import { checkAlternates, checkCountdown, checkDescription, checkPrize, checkRaffleType, checkTitle, checkWinners, RuleError } from '@/protocol/rules'
import { checkDrawMethod, checkFederalShape } from '@/protocol/federal-settings'
import type { FederalSettingsWire, RaffleWire } from '@/protocol/wire'

export interface NewRaffle {
  title: string
  description: string
  type: RaffleType
  winnersCount: number
  countdownSeconds: number
  allowDuplicateWins?: boolean
  /** The prize of each position, by position (1-based); empty ones are left out. */
  prizes?: Prize[]
  alternatesCount?: number
}

export type RaffleSettings = Partial<Pick<RaffleRow, 'title' | 'description' | 'winnersCount' | 'countdownSeconds' | 'allowDuplicateWins' | 'alternatesCount' | 'drawMethod'>> & {
  /** The Loteria Federal's extraction (schema version 5). */
  federal?: FederalSettingsWire
  /** Positions whose prize changed (an empty name clears one). */
  prizes?: Prize[]
}

/**
 * A read-write transaction over every table: a change and its outbox entry commit together. The
 * callback is wrapped in an async function so Dexie keeps the transaction across the store's own
 * awaits (a plain function returning a promise loses it: PrematureCommitError).
 */
function writeTx<T>(database: SorteioDB, fn: () => Promise<T>): Promise<T> {
  const d = database
  return d.transaction(
    'rw',
    [d.raffles, d.ticketChunks, d.ticketSummaries, d.ticketPeople, d.draws, d.winners, d.drawSecrets, d.drawPools, d.syncState, d.outbox, d.meta, d.refused],
    async () => fn(),
  )
}

/** Creates a raffle on this device (status pending); the server may later replace its code. */
export async function createRaffle(userId: string, input: NewRaffle, database: SorteioDB = appDb): Promise<RaffleRow> {
  const payload: RaffleWire = {
    id: newId(),
    code: newCode(),
    title: checkTitle(input.title),
    description: checkDescription(input.description),
    type: checkRaffleType(input.type),
    winners_count: checkWinners(input.winnersCount),
    countdown_seconds: checkCountdown(input.countdownSeconds),
    allow_duplicate_wins: input.allowDuplicateWins ?? false,
    created_at: Date.now(),
    prizes: mergePrizes([], checkPrizes(input.prizes ?? [])),
    alternates_count: checkAlternates(input.alternatesCount ?? 0),
  }
  return writeTx(database, async () => {
    await applyOp(database, userId, payload.id, 'raffle.create', payload, payload.created_at)
    await enqueue(database, userId, payload.id, 'raffle.create', payload)
    return (await database.raffles.get(payload.id))!
  })
}

/** Each prize through the text rule and the 120-character limit, as the server checks it. */
function checkPrizes(prizes: readonly Prize[]): Prize[] {
  return prizes.map((p) => ({ position: checkWinners(p.position), name: checkPrize(p.name) }))
}

/** Changes settings; rejected locally, like on the server, once the draw has started. */
export async function updateRaffle(userId: string, raffleId: string, settings: RaffleSettings, database: SorteioDB = appDb): Promise<void> {
  const payload: Record<string, unknown> = {}
  if (settings.title !== undefined) payload.title = checkTitle(settings.title)
  if (settings.description !== undefined) payload.description = checkDescription(settings.description)
  if (settings.winnersCount !== undefined) payload.winners_count = checkWinners(settings.winnersCount)
  if (settings.countdownSeconds !== undefined) payload.countdown_seconds = checkCountdown(settings.countdownSeconds)
  if (settings.allowDuplicateWins !== undefined) payload.allow_duplicate_wins = settings.allowDuplicateWins
  if (settings.prizes !== undefined && settings.prizes.length > 0) payload.prizes = checkPrizes(settings.prizes)
  if (settings.alternatesCount !== undefined) payload.alternates_count = checkAlternates(settings.alternatesCount)
  const method = settings.drawMethod === undefined ? undefined : checkDrawMethod(settings.drawMethod)
  const federal = settings.federal === undefined ? undefined : checkFederalShape(settings.federal)
  if (method !== undefined) payload.draw_method = method
  if (federal !== undefined) payload.federal = federal
  if (Object.keys(payload).length === 0) return
  await writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    if (method !== undefined || federal !== undefined) await checkFederalUpdate(raffle, method, federal, database)
    await applyOp(database, userId, raffleId, 'raffle.update', payload, Date.now())
    await enqueue(database, userId, raffleId, 'raffle.update', payload)
  })
}

export async function deleteRaffle(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<void> {
  await writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status === 'in_progress') throw new RuleError('draw_in_progress')
    // Queued first: it records the raffle's cursor (base_seq), which the delete then removes.
    await enqueue(database, userId, raffleId, 'raffle.delete', {})
    await applyOp(database, userId, raffleId, 'raffle.delete', {}, Date.now())
    // Rebuilds keep the secrets of unrevealed rounds; the organiser's own deletion ends them.
    await database.drawSecrets.where('raffleId').equals(raffleId).delete()
    await database.drawPools.where('raffleId').equals(raffleId).delete()
  })
}

/** The account's raffles, newest first. */
export function listRaffles(userId: string, database: SorteioDB = appDb): Promise<RaffleRow[]> {
  return database.raffles.where('[ownerId+createdAt]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).reverse().toArray()
}

/** One raffle of the account; another account's raffle is answered like a missing one. */
export async function getRaffle(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<RaffleRow | undefined> {
  const raffle = await database.raffles.get(raffleId)
  return raffle && raffle.ownerId === userId ? raffle : undefined
}

export { writeTx }
