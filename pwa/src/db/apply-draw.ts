// The draw ops of schema version 2 (docs/sync-protocol.md, "Draw ops"), applied to the local tables.
// Each op comes in two shapes: the device's own payload (applied at once, and again on top of
// server state while it waits in the outbox) and the server's enriched one (pulled from the log,
// with the facts only the server knows). A pulled fact always wins; a local op never overwrites
// what the server already said about its round. Must run inside writeTx (apply.ts calls it).
import { serverOffset } from '@/db/clock-offset'
import { applyCorrect } from '@/db/apply-correct'
import { applyPromote } from '@/db/apply-promote'
import type { DrawKind, DrawRow, SorteioDB, WinnerRow } from '@/db/schema'
import { deviceTimesOf } from '@/protocol/device-time'
import type { DrawWire, WinnerWire } from '@/protocol/wire'

type Payload = Record<string, unknown>

const winnerId = (drawId: string, position: number) => `${drawId}:${position}`
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null)
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** A round from a snapshot or a pulled start (whose completion, if any, comes separately). */
export function drawFromWire(raffleId: string, w: DrawWire): DrawRow {
  const completedAt = num(w.completed_at)
  const abandonedAt = num(w.abandoned_at)
  return {
    id: w.draw_id,
    raffleId,
    kind: w.kind === 'redraw' ? 'redraw' : 'draw',
    positions: w.positions,
    clientCommitment: w.client_commitment,
    serverCommitment: str(w.server_commitment),
    poolDigest: w.pool_digest,
    poolSize: w.pool_size,
    winnersCount: w.winners_count,
    allowDuplicateWins: w.allow_duplicate_wins === true,
    countdownSeconds: w.countdown_seconds,
    startedAt: w.started_at,
    round: num(w.round),
    abandonableAt: num(w.abandonable_at),
    abandonedAt,
    state: completedAt !== null ? 'completed' : abandonedAt !== null ? 'abandoned' : 'open',
    offline: w.offline,
    clientSeed: completedAt === null ? null : str(w.client_seed),
    serverSeed: completedAt === null ? null : str(w.server_seed),
    seed: completedAt === null ? null : str(w.seed),
    completedAt,
    alternatesCount: num(w.alternates_count) ?? 0,
    alternates: completedAt === null ? null : ids(w.alternates),
    ...(w.method === 'federal' ? { method: 'federal' as const, federal: w.federal ?? null, prizes: completedAt === null ? null : ids(w.prizes) } : {}),
    ...(w.replaces ? { replaces: w.replaces } : {}),
    ...(typeof w.replaced_at === 'number' ? { replacedAt: w.replaced_at, replacedBy: str(w.replaced_by) } : {}),
    ...(completedAt !== null && w.offline && deviceTimesOf(w) ? { device: deviceTimesOf(w) } : {}),
  }
}

export function winnerFromWire(raffleId: string, w: WinnerWire, drawId?: string): WinnerRow {
  const draw = String(w.draw_id ?? drawId)
  return {
    id: w.id,
    raffleId,
    drawId: draw,
    position: w.position,
    ticketId: w.ticket_id,
    isValid: w.is_valid !== false,
    invalidatedAt: num(w.invalidated_at),
    invalidationReason: str(w.invalidation_reason),
    promotedAt: num(w.promoted_at),
  }
}

/** Removes a raffle's rounds and winners (its deletion, or before its snapshot). Secrets stay. */
export async function deleteDrawsOf(database: SorteioDB, raffleId: string): Promise<void> {
  await database.draws.where('raffleId').equals(raffleId).delete()
  await database.winners.where('raffleId').equals(raffleId).delete()
}

/** The completion fields of a round nobody has revealed yet (offline: the mode, unknown here). */
export const UNREVEALED = { state: 'open', offline: null, clientSeed: null, serverSeed: null, seed: null, completedAt: null } as const

const completionFields = Object.keys(UNREVEALED) as Array<keyof typeof UNREVEALED>

/**
 * A round as the server now describes it (a pulled start or a snapshot), merged with what this
 * device knew of it before: the first server commitment it saw stays (a later one is compared with
 * it at the completion, never trusted over it), so does the mode its start declared, and so does
 * the check of its result. A first server completion of a round whose server commitment was held
 * is marked for that check (db/draw-check.ts). Inside writeTx.
 */
export function keepKnown(before: DrawRow | undefined, incoming: DrawRow): DrawRow {
  if (!before) return incoming
  const row: DrawRow = { ...incoming }
  if (before.serverCommitment !== null) row.serverCommitment = before.serverCommitment
  if (before.resultCheck) row.resultCheck = before.resultCheck
  else if (heldCommitment(before) && incoming.serverSeed !== null) row.resultCheck = 'pending'
  return row
}

/** The round had the server's commitment and no server result yet. */
const heldCommitment = (draw: DrawRow) => draw.serverCommitment !== null && draw.serverSeed === null

async function applyStart(database: SorteioDB, raffleId: string, kind: DrawKind, p: Payload, at: number): Promise<void> {
  const raffle = await database.raffles.get(raffleId)
  if (!raffle) return
  const id = String(p.draw_id)
  const existing = await database.draws.get(id)
  let row: DrawRow
  if (typeof p.started_at === 'number') {
    row = drawFromWire(raffleId, { ...(p as unknown as DrawWire), kind })
    // The start may come again (a re-pulled page) after the round's completion or abandonment: keep those.
    if (existing) {
      for (const f of completionFields) if (f !== 'offline') (row as unknown as Payload)[f] = existing[f]
      row.alternates = existing.alternates ?? null
      row.abandonedAt = existing.abandonedAt ?? null
      row = keepKnown(existing, row)
    }
  } else {
    // Our own start, still waiting: whatever is known about the round (from the server) stays.
    if (existing) return
    row = {
      id,
      raffleId,
      kind,
      positions: kind === 'draw' ? Array.from({ length: raffle.winnersCount }, (_, i) => i + 1) : [Number(p.position)],
      clientCommitment: String(p.client_commitment),
      serverCommitment: null,
      poolDigest: String(p.pool_digest),
      poolSize: Number(p.pool_size),
      winnersCount: kind === 'draw' ? raffle.winnersCount : 1,
      allowDuplicateWins: raffle.allowDuplicateWins,
      // Redraws have no countdown.
      countdownSeconds: kind === 'draw' ? raffle.countdownSeconds : 0,
      // Alternates come with a first draw only (sorteio-v2).
      alternatesCount: kind === 'draw' ? (raffle.alternatesCount ?? 0) : 0,
      alternates: null,
      startedAt: at + (await serverOffset(database)),
      // An estimate until the server's start comes: the server numbers the rounds.
      round: (await database.draws.where('raffleId').equals(raffleId).count()) + 1,
      abandonableAt: null,
      abandonedAt: null,
      ...UNREVEALED,
      // The mode is the start's: offline only when it says so.
      offline: p.offline === true,
    }
    if (p.method === 'federal') {
      // A list closed for the Loteria Federal: no commitment, no countdown, no alternates.
      Object.assign(row, { method: 'federal', federal: p.federal, prizes: null, clientCommitment: '', countdownSeconds: 0, alternatesCount: 0 })
    }
  }
  await database.draws.put(row)
  if (kind === 'draw' && raffle.status === 'pending') await database.raffles.update(raffleId, { status: 'in_progress' })
}

/** Puts a round's winners, keeping the invalidation of a winner already known with the same ticket. */
async function putWinners(database: SorteioDB, raffleId: string, drawId: string, winners: WinnerRow[]): Promise<void> {
  const known = new Map((await database.winners.where('raffleId').equals(raffleId).toArray()).map((w) => [w.id, w]))
  const ids = new Set(winners.map((w) => w.id))
  const stale = [...known.values()].filter((w) => w.drawId === drawId && !ids.has(w.id)).map((w) => w.id)
  if (stale.length > 0) await database.winners.bulkDelete(stale)
  await database.winners.bulkPut(
    winners.map((w) => {
      const before = known.get(w.id)
      return before && before.ticketId === w.ticketId ? before : w
    }),
  )
}

/** The winners of a round this device completed itself, by position. */
function ownWinners(raffleId: string, draw: DrawRow, tickets: readonly string[]): WinnerRow[] {
  return tickets.map((ticketId, i) => {
    const position = draw.positions[i] ?? i + 1
    return { id: winnerId(draw.id, position), raffleId, drawId: draw.id, position, ticketId, isValid: true, invalidatedAt: null, invalidationReason: null }
  })
}

async function applyComplete(database: SorteioDB, raffleId: string, p: Payload, at: number): Promise<void> {
  const draw = await database.draws.get(String(p.draw_id))
  if (!draw || draw.raffleId !== raffleId) return
  const offline = p.offline === true
  const clientSeed = str(p.client_seed)
  let completed: Partial<DrawRow>
  let winners: WinnerRow[] = []
  if (typeof p.completed_at === 'number') {
    const list = (Array.isArray(p.winners) ? p.winners : []) as WinnerWire[]
    winners = list.map((w) => winnerFromWire(raffleId, w, draw.id))
    completed = {
      state: 'completed',
      offline,
      clientSeed,
      serverSeed: str(p.server_seed),
      seed: str(p.seed),
      completedAt: p.completed_at,
      alternates: ids(p.alternates),
      device: offline ? deviceTimesOf(p) : null,
    }
    if (Array.isArray(p.prizes)) completed.prizes = ids(p.prizes)
    if (!draw.resultCheck && heldCommitment(draw)) completed.resultCheck = 'pending'
  } else {
    // Our own reveal: only an open round takes it (the server's result, once here, stays).
    if (draw.state !== 'open') return
    if (Array.isArray(p.prizes)) {
      // A Loteria Federal result: the winners this device computed from the five prizes.
      winners = ownWinners(raffleId, draw, ids(p.winners))
      completed = { state: 'completed', offline: false, prizes: ids(p.prizes), completedAt: at + (await serverOffset(database)), alternates: [] }
      await database.draws.update(draw.id, completed)
      await putWinners(database, raffleId, draw.id, winners)
      await database.raffles.update(raffleId, { status: 'completed', drawnAt: completed.completedAt ?? null })
      return
    }
    if (!offline) {
      await database.draws.update(draw.id, { state: 'revealing', offline: false, clientSeed })
      return
    }
    winners = ownWinners(raffleId, draw, ids(p.winners))
    completed = {
      state: 'completed',
      offline: true,
      clientSeed,
      serverSeed: null,
      seed: clientSeed,
      completedAt: at + (await serverOffset(database)),
      alternates: ids(p.alternates),
      device: deviceTimesOf(p),
    }
  }
  await database.draws.update(draw.id, completed)
  await putWinners(database, raffleId, draw.id, winners)
  if (draw.kind === 'draw') await database.raffles.update(raffleId, { status: 'completed', drawnAt: completed.completedAt ?? null })
}

async function applyInvalidate(database: SorteioDB, raffleId: string, p: Payload, at: number): Promise<void> {
  const winner = await database.winners.get(String(p.winner_id))
  if (!winner || winner.raffleId !== raffleId) return
  const pulled = typeof p.invalidated_at === 'number'
  // Our own invalidation again, on top of itself or of the server's: the first time stays.
  if (!pulled && !winner.isValid) return
  await database.winners.update(winner.id, {
    isValid: false,
    invalidatedAt: pulled ? (p.invalidated_at as number) : at + (await serverOffset(database)),
    invalidationReason: str(p.reason),
  })
}

/**
 * A round given up without a result: pulled (with the server's time) or this device's own, applied at
 * once. A first draw's raffle is pending again; a redraw's stays completed. A round that has ended
 * meanwhile is left alone (the server refuses the abandon then).
 */
async function applyAbandon(database: SorteioDB, raffleId: string, p: Payload, at: number): Promise<void> {
  const draw = await database.draws.get(String(p.draw_id))
  if (!draw || draw.raffleId !== raffleId) return
  const pulled = typeof p.abandoned_at === 'number'
  if (!pulled && draw.state !== 'open') return
  const abandonedAt = pulled ? (p.abandoned_at as number) : at + (await serverOffset(database))
  await database.draws.update(draw.id, { state: 'abandoned', abandonedAt })
  if (draw.kind === 'draw') {
    const raffle = await database.raffles.get(raffleId)
    if (raffle && raffle.status === 'in_progress') await database.raffles.update(raffleId, { status: 'pending' })
  }
  // Nothing of this round is to be revealed or drawn here any more.
  await database.drawPools.delete(draw.id)
}

export async function applyDrawOp(database: SorteioDB, raffleId: string, type: string, payload: Payload, at: number): Promise<void> {
  switch (type) {
    case 'draw.start':
      return applyStart(database, raffleId, 'draw', payload, at)
    case 'winner.redraw':
      return applyStart(database, raffleId, 'redraw', payload, at)
    case 'draw.complete':
      return applyComplete(database, raffleId, payload, at)
    case 'winner.invalidate':
      return applyInvalidate(database, raffleId, payload, at)
    case 'draw.abandon':
      return applyAbandon(database, raffleId, payload, at)
    case 'winner.promote':
      return applyPromote(database, raffleId, payload, at)
    case 'draw.correct':
      return applyCorrect(database, raffleId, payload, at)
  }
}
