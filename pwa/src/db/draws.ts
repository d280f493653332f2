// The draw on this device (docs/sync-protocol.md "Draw ops", docs/draw-algorithm.md): opening a
// round (first draw or redraw) with a commitment, revealing it online or drawing it offline, and
// invalidating winners. Hashing and the draw itself are WebCrypto calls, which cannot run inside an
// IndexedDB transaction: each write reads and computes first, then re-checks in its transaction
// that nothing it depended on moved.
import { applyOp } from '@/db/apply'
import { knownServerOffset, serverOffset } from '@/db/clock-offset'
import { newId } from '@/db/ids'
import { enqueue } from '@/db/outbox'
import { getRaffle, writeTx } from '@/db/raffles'
import { db as appDb, type DrawKind, type DrawRow, type DrawSecretRow, type RaffleRow, type SorteioDB, type WinnerRow } from '@/db/schema'
import { keptIds, keptPool, poolFingerprint, poolOf, readPoolInputs, readRoundPool } from '@/db/round-pool'
import { countPeople, ticketTables } from '@/db/tickets'
import { pick, pickIndices, poolDigest } from '@/protocol/draw'
import { poolDigestOf } from '@/protocol/pool-digest'
import { checkReason, drawShortfall, LIMITS, RuleError } from '@/protocol/rules'
import { fromHex, sha256Hex, toHex } from '@/lib/bytes'

/** A redraw with nobody left to draw (spec §8 wording). */
export class NoEligibleError extends Error {
  constructor() {
    super('Não há participantes elegíveis para re-sorteio')
    this.name = 'NoEligibleError'
  }
}

/** The rules of opening a round that depend on the raffle's state, as the server checks them. */
async function checkCanOpen(userId: string, raffleId: string, kind: DrawKind, position: number, database: SorteioDB): Promise<RaffleRow> {
  const raffle = await getRaffle(userId, raffleId, database)
  if (!raffle) throw new RuleError('raffle_not_found')
  if (kind === 'draw') {
    if (raffle.status !== 'pending') throw new RuleError('draw_started')
    return raffle
  }
  if (raffle.status !== 'completed') throw new RuleError('not_drawn')
  const rounds = await database.draws.where('raffleId').equals(raffleId).toArray()
  if (rounds.some((d) => d.state === 'open' || d.state === 'revealing')) throw new RuleError('draw_open')
  const atPosition = (await database.winners.where('raffleId').equals(raffleId).toArray()).filter((w) => w.position === position)
  if (atPosition.some((w) => w.isValid) || !atPosition.some((w) => !w.isValid)) throw new RuleError('position_taken')
  return raffle
}

/** How a round is opened: its mode, declared once and for all. */
export interface StartOptions {
  /**
   * The device cannot reach the server now (the sync bar says "Offline"): the round is declared
   * offline and drawn here, at the countdown's end, with this device's seed alone. Otherwise it is
   * online, and its reveal waits for the server however long that takes.
   */
  offline: boolean
  /**
   * The pool digest the organiser was shown (drawPreview): if the pool has changed since, the start
   * is refused rather than recording a fingerprint other than the one the room was told.
   */
  poolDigest?: string
}

/** What a first draw would draw from now, for the organiser to confirm: the pool's digest and size. */
export interface DrawPreview {
  digest: string
  tickets: number
  people: number
}

export async function drawPreview(userId: string, raffleId: string, database: SorteioDB = appDb): Promise<DrawPreview> {
  const { pool, people } = await database.transaction('r', [database.raffles, ...ticketTables(database), database.draws, database.winners], async () => {
    const raffle = await checkCanOpen(userId, raffleId, 'draw', 0, database)
    const [pool, people] = await Promise.all([readRoundPool(raffleId, 'draw', raffle.allowDuplicateWins, database), countPeople(raffleId, database)])
    return { pool, people }
  })
  return { digest: await poolDigestOf(pool.columns, pool.order), tickets: pool.order.length, people }
}

/** Opens a round: publishes the commitment, pool digest and mode, keeps the seed on this device. */
async function openRound(userId: string, raffleId: string, kind: DrawKind, position: number, mode: StartOptions, database: SorteioDB): Promise<DrawRow> {
  // A pulled change may land between the read and the write; then the pool is read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const began = performance.now()
    const { raffle, pool, people } = await database.transaction('r', [database.raffles, ...ticketTables(database), database.draws, database.winners], async () => {
      const raffle = await checkCanOpen(userId, raffleId, kind, position, database)
      const [pool, people] = await Promise.all([readRoundPool(raffleId, kind, raffle.allowDuplicateWins, database), countPeople(raffleId, database)])
      return { raffle, pool, people }
    })
    if (kind === 'draw') {
      // The alternates are drawn in the same round: the pool holds winners and alternates together.
      const shortfall = drawShortfall(raffle, pool.columns.ids.length, people)
      if (shortfall) throw shortfall
    }
    if (pool.order.length === 0) throw new NoEligibleError()
    const seed = crypto.getRandomValues(new Uint8Array(32))
    const drawId = newId()
    const hashing = Promise.all([poolDigestOf(pool.columns, pool.order), sha256Hex(seed)])
    // Made while WebCrypto hashes (off the main thread), and outside the write transaction.
    const kept = mode.offline ? keptPool(drawId, raffleId, pool) : null
    const [digest, commitment] = await hashing
    if (mode.poolDigest !== undefined && digest !== mode.poolDigest) throw new RuleError('pool_changed')
    const type = kind === 'draw' ? 'draw.start' : 'winner.redraw'
    const payload = {
      draw_id: drawId,
      // A first draw names the settings it was started with: had another device changed them, the
      // server refuses the start instead of holding a round no result could match.
      ...(kind === 'redraw' ? { position } : { winners_count: raffle.winnersCount, allow_duplicate_wins: raffle.allowDuplicateWins }),
      // Sent only when there are alternates, so a start without them is what it always was.
      ...(kind === 'draw' && (raffle.alternatesCount ?? 0) > 0 ? { alternates_count: raffle.alternatesCount } : {}),
      client_commitment: commitment,
      pool_digest: digest,
      pool_size: pool.order.length,
      // Online is the default: the field goes only with an offline start.
      ...(mode.offline ? { offline: true } : {}),
    }
    const row = await writeTx(database, async () => {
      await checkCanOpen(userId, raffleId, kind, position, database)
      if ((await poolFingerprint(raffleId, database)) !== pool.fingerprint) return null
      await database.drawSecrets.put({ drawId, raffleId, clientSeed: toHex(seed), offline: mode.offline, deviceStartedAt: Date.now() })
      if (kept) await database.drawPools.put(kept)
      await applyOp(database, userId, raffleId, type, payload, Date.now())
      await enqueue(database, userId, raffleId, type, payload)
      return (await database.draws.get(drawId))!
    })
    if (row) {
      performance.measure('sorteio:open-round', { start: began })
      return row
    }
  }
  throw new RuleError('pool_changed')
}

/**
 * Starts the raffle's draw (pending to in progress), in the mode the device's connection gives now.
 * Refuses, in the spec's words, when there are fewer tickets than winners or, when nobody may win
 * twice, fewer people than winners.
 */
export function startDraw(userId: string, raffleId: string, mode: StartOptions, database: SorteioDB = appDb): Promise<DrawRow> {
  return openRound(userId, raffleId, 'draw', 0, mode, database)
}

export interface FinishOptions {
  /** Stops waiting (sign-out): the promise rejects with the signal's reason. */
  signal?: AbortSignal
  /** How often the wait reads the round again. */
  pollMs?: number
}

/** When a round's countdown ends, on the server's clock. */
export const countdownEnd = (round: Pick<DrawRow, 'startedAt' | 'countdownSeconds'>) => round.startedAt + round.countdownSeconds * 1000

/** 'skipped': nothing to do here (not this device's round, already revealed, or gone). */
export type FinishOutcome = 'online' | 'offline' | 'skipped'

const POLL_MS = 250

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * The round once it may be revealed: its countdown over on the server's clock and, online, the
 * server's start (with its commitment) back. However long that takes: an online round never turns
 * into an offline one. Undefined once the round is gone (its start refused) or no longer open.
 */
async function whenDue(drawId: string, offline: boolean, options: FinishOptions, database: SorteioDB): Promise<DrawRow | undefined> {
  const poll = options.pollMs ?? POLL_MS
  for (;;) {
    options.signal?.throwIfAborted()
    const draw = await database.draws.get(drawId)
    if (!draw || draw.state !== 'open') return undefined
    if (!offline && draw.serverCommitment === null) {
      await sleep(poll, options.signal)
      continue
    }
    // Read again each time: the server's start time, once here, may be later than this device's estimate.
    let left = countdownEnd(draw) - (Date.now() + (await serverOffset(database)))
    // A reveal the server found early (countdown_running) waits a little more than the estimate said.
    const retryAfter = (await database.drawSecrets.get(drawId))?.retryAfter ?? 0
    left = Math.max(left, retryAfter - Date.now())
    if (left <= 0) return draw
    await sleep(Math.min(left, poll), options.signal)
  }
}

/** Writes the reveal, unless another tab (or call) already did. */
function writeReveal(userId: string, draw: DrawRow, payload: Record<string, unknown>, database: SorteioDB): Promise<FinishOutcome> {
  return writeTx(database, async () => {
    const [now, secret] = await Promise.all([database.draws.get(draw.id), database.drawSecrets.get(draw.id)])
    if (!now || now.state !== 'open' || !secret || secret.revealed) return 'skipped'
    await database.drawSecrets.update(draw.id, { revealed: true })
    await database.drawPools.delete(draw.id)
    await applyOp(database, userId, draw.raffleId, 'draw.complete', payload, Date.now())
    await enqueue(database, userId, draw.raffleId, 'draw.complete', payload)
    return payload.offline ? 'offline' : 'online'
  })
}

async function finish(userId: string, drawId: string, options: FinishOptions, database: SorteioDB): Promise<FinishOutcome> {
  const secret = await database.drawSecrets.get(drawId)
  const opened = await database.draws.get(drawId)
  // A reveal the server refused is not sent again (the refusal was shown; a retry would loop).
  if (!secret || secret.revealed || !opened || opened.state !== 'open' || !(await getRaffle(userId, opened.raffleId, database))) return 'skipped'
  // The mode its start declared (the server refuses any other: mode_mismatch).
  const offline = secret.offline === true
  const draw = await whenDue(drawId, offline, options, database)
  if (!draw) return 'skipped'
  if (!offline) return writeReveal(userId, draw, { draw_id: drawId, client_seed: secret.clientSeed, offline: false }, database)
  // Offline: this device's seed alone decides, over the pool it published. The user timing entry
  // (read from IndexedDB to winners) is what the browser benchmark reports.
  const began = performance.now()
  const { winners, alternates } = await offlineWinners(draw, database)
  performance.measure('sorteio:offline-draw', { start: began })
  const payload = {
    draw_id: drawId,
    client_seed: secret.clientSeed,
    offline: true,
    winners,
    ...(alternates.length > 0 ? { alternates } : {}),
    ...(await deviceTimes(secret, database)),
  }
  return writeReveal(userId, draw, payload, database)
}

/**
 * An offline round's times on this device's clock, when the room saw it (the server's are when it
 * received them), and how far this clock was from the server's at the last sync. Left out when the
 * clock reads outside 2020–2100, which the server would refuse with the round's result.
 */
export async function deviceTimes(secret: DrawSecretRow, database: SorteioDB, now = Date.now()): Promise<Record<string, number>> {
  const started = secret.deviceStartedAt ?? now
  const inRange = (t: number) => Number.isSafeInteger(t) && t >= LIMITS.minCreatedAt && t < LIMITS.maxCreatedAt
  if (!inRange(started) || !inRange(now)) return {}
  const offset = await knownServerOffset(database)
  return { device_started_at: started, device_completed_at: now, ...(offset !== null && Number.isSafeInteger(offset) ? { device_clock_offset: offset } : {}) }
}

/**
 * The winners' ticket ids of an offline round, drawn with the device's seed alone. From the pool
 * kept when the round opened when there is one (one record, no rebuild); otherwise from the
 * tickets, rebuilt and checked against the published digest.
 */
async function offlineWinners(draw: DrawRow, database: SorteioDB): Promise<{ winners: string[]; alternates: string[] }> {
  // Read here, not passed in: reading the kept pool from IndexedDB is part of the draw.
  const secret = await database.drawSecrets.get(draw.id)
  if (!secret) throw new RuleError('draw_not_found')
  const seed = fromHex(secret.clientSeed)
  const kept = await database.drawPools.get(draw.id)
  // Alternates continue the same pick past the last position (sorteio-v2, §5a).
  const places = draw.winnersCount + (draw.alternatesCount ?? 0)
  const split = (all: string[]) => ({ winners: all.slice(0, draw.winnersCount), alternates: all.slice(draw.winnersCount) })
  if (kept && keptIds(kept, draw.poolSize, [])) {
    const picked = await pickIndices(seed, kept.groups, places, draw.allowDuplicateWins)
    return split(keptIds(kept, draw.poolSize, picked)!)
  }
  const inputs = await readPoolInputs(draw.raffleId, database)
  const pool = poolOf(draw.kind, draw.allowDuplicateWins, inputs)
  if ((await poolDigest(pool)) !== draw.poolDigest) {
    throw new RuleError('pool_changed', undefined, 'Os participantes deste aparelho não conferem com os do início do sorteio. Conecte-se para concluí-lo.')
  }
  return split((await pick(seed, pool, places, draw.allowDuplicateWins)).map((w) => w.id))
}

const finishing = new Map<string, Promise<FinishOutcome>>()

/**
 * Reveals a round this device opened, in the mode its start declared, once its countdown is over
 * on the server's clock. Online: waits, however long it takes, for the server's start to come back,
 * then queues the seed, and the server draws. Offline: draws here with the seed alone and queues
 * the winners, which show at once. One call per round at a time in this tab (a second call gets the
 * first one's promise); other tabs are kept out by the transaction's re-check.
 */
export function finishRound(userId: string, drawId: string, options: FinishOptions = {}, database: SorteioDB = appDb): Promise<FinishOutcome> {
  const key = `${database.name}:${drawId}`
  const running = finishing.get(key)
  if (running) return running
  const promise = finish(userId, drawId, options, database).finally(() => finishing.delete(key))
  finishing.set(key, promise)
  return promise
}

/**
 * How long after the countdown the device that opened a round still has to reveal it before the
 * owner may abandon it, when the server has not said (servers publish `abandonable_at` with the
 * start). The server's clock and setting decide; this only decides when to offer the button.
 */
export const DEFAULT_ABANDON_GRACE_MS = 60_000

/** When a round may be abandoned, on the server's clock. */
export const abandonableAt = (round: Pick<DrawRow, 'startedAt' | 'countdownSeconds' | 'abandonableAt'>) => round.abandonableAt ?? countdownEnd(round) + DEFAULT_ABANDON_GRACE_MS

/**
 * Abandons an open round whose device never revealed it (lost phone, closed private tab): once its
 * countdown and the grace after it are over on the server's clock. The round stays in the record,
 * marked abandoned; a first draw's raffle is pending again, so a new round can start.
 */
export async function abandonRound(userId: string, raffleId: string, drawId: string, database: SorteioDB = appDb): Promise<void> {
  const payload = { draw_id: drawId }
  await writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    const round = await database.draws.get(drawId)
    if (!round || round.raffleId !== raffleId) throw new RuleError('draw_not_found')
    if (round.state === 'abandoned') throw new RuleError('draw_abandoned')
    if (round.state === 'completed') throw new RuleError('draw_completed')
    if (Date.now() + (await serverOffset(database)) < abandonableAt(round)) throw new RuleError('abandon_too_early')
    await applyOp(database, userId, raffleId, 'draw.abandon', payload, Date.now())
    await enqueue(database, userId, raffleId, 'draw.abandon', payload)
  })
}

/** Invalidates a winner (history is kept); the reason is trimmed, and empty means none. */
export async function invalidateWinner(userId: string, raffleId: string, winnerId: string, reason: string | null | undefined, database: SorteioDB = appDb): Promise<void> {
  const why = checkReason(reason)
  const payload = why === null ? { winner_id: winnerId } : { winner_id: winnerId, reason: why }
  await writeTx(database, async () => {
    const raffle = await getRaffle(userId, raffleId, database)
    if (!raffle) throw new RuleError('raffle_not_found')
    if (raffle.status !== 'completed') throw new RuleError('not_drawn')
    const winner = await database.winners.get(winnerId)
    if (!winner || winner.raffleId !== raffleId) throw new RuleError('winner_not_found')
    if (!winner.isValid) throw new RuleError('winner_invalid')
    await applyOp(database, userId, raffleId, 'winner.invalidate', payload, Date.now())
    await enqueue(database, userId, raffleId, 'winner.invalidate', payload)
  })
}

export interface RedrawOptions extends StartOptions, FinishOptions {
  /** How long to wait for the new winner (online, it comes with the pull) before giving up. */
  resultTimeoutMs?: number
}

/**
 * Redraws one position whose winner was invalidated: opens a round over the redraw pool (throws
 * NoEligibleError when it is empty) in the mode the device's connection gives now, reveals it
 * (redraws have no countdown) and resolves with the new winner once this device knows it. Giving up
 * after resultTimeoutMs leaves the reveal waiting for the server: the winner shows when it comes.
 */
export async function redraw(userId: string, raffleId: string, position: number, options: RedrawOptions, database: SorteioDB = appDb): Promise<WinnerRow> {
  const round = await openRound(userId, raffleId, 'redraw', position, options, database)
  // Online, the reveal may wait long for the server: the winner is watched for meanwhile.
  const failure: { failed: boolean; error?: unknown } = { failed: false }
  finishRound(userId, round.id, options, database).catch((error: unknown) => {
    failure.failed = true
    failure.error = error
  })
  const deadline = Date.now() + (options.resultTimeoutMs ?? 60_000)
  for (;;) {
    const [winner, draw] = await Promise.all([database.winners.get(`${round.id}:${position}`), database.draws.get(round.id)])
    if (winner) return winner
    if (failure.failed) throw failure.error
    if (!draw) throw new Error('O servidor recusou o re-sorteio.')
    if (Date.now() >= deadline) {
      throw new Error('O resultado do re-sorteio ainda não chegou. Ele aparecerá na lista quando o servidor responder.')
    }
    await sleep(options.pollMs ?? POLL_MS)
  }
}
