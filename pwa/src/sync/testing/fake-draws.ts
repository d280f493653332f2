// The draw ops for the fake server (fake-server.ts): the state rules of docs/sync-protocol.md
// "Draw ops", with the winners computed by the TypeScript sorteio-v1 (@/protocol/draw), and the
// enriched changes the real server logs. Test code only.
import { combineSeeds, pick, poolDigest, type DrawTicket } from '@/protocol/draw'
import { firstDrawPool, redrawPool } from '@/protocol/draw-pool'
import { ROUND_REASON_LINES } from '@/protocol/round-reasons'
import { trimSpace } from '@/protocol/rules'
import { fromHex, sha256Hex, toHex } from '@/lib/bytes'
import type { DrawWire, TicketWire, WinnerWire } from '@/protocol/wire'

interface ServerRound {
  wire: DrawWire & { draw_id: string; positions: number[]; offline: boolean }
  pool: DrawTicket[]
  serverSeed: string
  /** The completion's logged facts, once completed. */
  completion: Record<string, unknown> | null
  /** When the owner abandoned it, or null. */
  abandonedAt: number | null
}

/** The server's grace after a countdown before a round may be abandoned (DRAW_ABANDON_GRACE). */
export const FAKE_ABANDON_GRACE_MS = 60_000

/**
 * A round drawn offline whose start the server refused, kept for the public record as
 * sync/protocol/refused_rounds.go keeps it: what the device declared, and the seed and winners its
 * completion revealed (ticket ids; the Go store adds the server's numbers and names).
 */
export interface RefusedRound {
  draw_id: string
  kind: 'draw' | 'redraw'
  positions: number[]
  client_commitment: string
  reason: string
  client_seed?: string
  winners: { position: number; ticket_id: string }[]
}

/** The parts of a fake server raffle the draw reads and changes. */
export interface DrawHost {
  raffle: { status?: string; winners_count: number; countdown_seconds: number; allow_duplicate_wins: boolean; drawn_at: number | null }
  tickets: Map<string, TicketWire>
  rounds: Map<string, ServerRound>
  winners: Map<string, Required<Omit<WinnerWire, 'draw_id' | 'promoted_at'>> & { draw_id: string }>
  /** The refused offline rounds of the record, by draw id. */
  refusedRounds: Map<string, RefusedRound>
}

/** A rejection reason, or the payload the server logs. */
export type DrawOutcome = { reason: string } | { payload: Record<string, unknown> }

function poolTickets(h: DrawHost): DrawTicket[] {
  return [...h.tickets.values()].map((t) => ({ id: t.id, group_id: t.group_id, ticket_number: t.ticket_number ?? null, name: t.name }))
}

async function open(h: DrawHost, p: Record<string, unknown>, kind: 'draw' | 'redraw', now: number): Promise<DrawOutcome> {
  const r = h.raffle
  let pool: DrawTicket[]
  const position = Number(p.position)
  const taken = h.rounds.has(String(p.draw_id))
  if (kind === 'draw') {
    if (r.status !== 'pending') return { reason: 'draw_started' }
    if (taken) return { reason: 'invalid_payload' }
    // The settings the device drew with, when it names them, must still be the raffle's.
    if (('winners_count' in p && p.winners_count !== r.winners_count) || ('allow_duplicate_wins' in p && p.allow_duplicate_wins !== r.allow_duplicate_wins)) {
      return { reason: 'settings_changed' }
    }
    const tickets = poolTickets(h)
    if (tickets.length < r.winners_count) return { reason: 'not_enough_tickets' }
    if (!r.allow_duplicate_wins && new Set(tickets.map((t) => t.group_id)).size < r.winners_count) return { reason: 'not_enough_people' }
    pool = firstDrawPool(tickets)
  } else {
    if (r.status !== 'completed') return { reason: 'not_drawn' }
    if ([...h.rounds.values()].some((d) => !d.completion && d.abandonedAt === null)) return { reason: 'draw_open' }
    const at = [...h.winners.values()].filter((w) => w.position === position)
    if (at.some((w) => w.is_valid) || !at.some((w) => !w.is_valid)) return { reason: 'position_taken' }
    if (taken) return { reason: 'invalid_payload' }
    pool = redrawPool(
      poolTickets(h),
      [...h.winners.values()].map((w) => w.ticket_id),
      r.allow_duplicate_wins,
    )
    if (pool.length === 0) return { reason: 'no_eligible' }
  }
  if (p.pool_size !== pool.length || p.pool_digest !== (await poolDigest(pool))) return { reason: 'pool_changed' }
  const serverSeed = toHex(crypto.getRandomValues(new Uint8Array(32)))
  const wire = {
    draw_id: String(p.draw_id),
    kind,
    positions: kind === 'draw' ? Array.from({ length: r.winners_count }, (_, i) => i + 1) : [position],
    client_commitment: String(p.client_commitment),
    server_commitment: await sha256Hex(fromHex(serverSeed)),
    pool_digest: String(p.pool_digest),
    pool_size: pool.length,
    // Declared by the start, for good (absent: online), and logged like the Go server does.
    offline: p.offline === true,
    winners_count: kind === 'draw' ? r.winners_count : 1,
    allow_duplicate_wins: r.allow_duplicate_wins,
    countdown_seconds: kind === 'draw' ? r.countdown_seconds : 0,
    started_at: now,
    round: h.rounds.size + 1,
    abandonable_at: now + (kind === 'draw' ? r.countdown_seconds * 1000 : 0) + FAKE_ABANDON_GRACE_MS,
  }
  h.rounds.set(wire.draw_id, { wire, pool, serverSeed, completion: null, abandonedAt: null })
  if (kind === 'draw') r.status = 'in_progress'
  return { payload: { ...wire } }
}

async function complete(h: DrawHost, p: Record<string, unknown>, now: number): Promise<DrawOutcome> {
  const round = h.rounds.get(String(p.draw_id))
  if (!round) return { reason: 'draw_not_found' }
  if (round.abandonedAt !== null) return { reason: 'draw_abandoned' }
  if (round.completion) return { reason: 'draw_completed' }
  const offline = round.wire.offline
  if (p.offline !== offline) return { reason: 'mode_mismatch' }
  if (!offline && now < round.wire.started_at + round.wire.countdown_seconds * 1000) return { reason: 'countdown_running' }
  const clientSeed = String(p.client_seed)
  if ((await sha256Hex(fromHex(clientSeed))) !== round.wire.client_commitment) return { reason: 'seed_mismatch' }
  const seed = offline ? fromHex(clientSeed) : await combineSeeds(fromHex(clientSeed), fromHex(round.serverSeed))
  const picked = await pick(seed, round.pool, round.wire.winners_count, round.wire.allow_duplicate_wins)
  if (offline && JSON.stringify(picked.map((t) => t.id)) !== JSON.stringify(p.winners)) return { reason: 'result_mismatch' }
  const winners = picked.map((t, i) => {
    const position = round.wire.positions[i]!
    return { id: `${round.wire.draw_id}:${position}`, position, ticket_id: t.id }
  })
  for (const w of winners) h.winners.set(w.id, { ...w, draw_id: round.wire.draw_id, is_valid: true, invalidated_at: null, invalidation_reason: null })
  round.completion = { offline, client_seed: clientSeed, server_seed: round.serverSeed, seed: toHex(seed), completed_at: now }
  if (round.wire.kind === 'draw') {
    h.raffle.status = 'completed'
    h.raffle.drawn_at = now
  }
  return { payload: { draw_id: round.wire.draw_id, ...round.completion, winners } }
}

function invalidate(h: DrawHost, p: Record<string, unknown>, now: number): DrawOutcome {
  if (h.raffle.status !== 'completed') return { reason: 'not_drawn' }
  const winner = h.winners.get(String(p.winner_id))
  if (!winner) return { reason: 'winner_not_found' }
  if (!winner.is_valid) return { reason: 'winner_invalid' }
  const reason = trimSpace(typeof p.reason === 'string' ? p.reason : '') || null
  Object.assign(winner, { is_valid: false, invalidated_at: now, invalidation_reason: reason })
  return { payload: { winner_id: winner.id, reason, invalidated_at: now } }
}

function abandon(h: DrawHost, p: Record<string, unknown>, now: number): DrawOutcome {
  const round = h.rounds.get(String(p.draw_id))
  if (!round) return { reason: 'draw_not_found' }
  if (round.abandonedAt !== null) return { reason: 'draw_abandoned' }
  if (round.completion) return { reason: 'draw_completed' }
  if (now < round.wire.started_at + round.wire.countdown_seconds * 1000 + FAKE_ABANDON_GRACE_MS) return { reason: 'abandon_too_early' }
  round.abandonedAt = now
  if (round.wire.kind === 'draw') h.raffle.status = 'pending'
  return { payload: { draw_id: round.wire.draw_id, abandoned_at: now } }
}

/** Applies a draw op whose fields validateOp accepted. */
export function applyDrawOp(h: DrawHost, type: string, payload: unknown, now: number): Promise<DrawOutcome> {
  const p = payload as Record<string, unknown>
  if (type === 'draw.start') return open(h, p, 'draw', now)
  if (type === 'winner.redraw') return open(h, p, 'redraw', now)
  if (type === 'draw.complete') return complete(h, p, now)
  if (type === 'draw.abandon') return Promise.resolve(abandon(h, p, now))
  return Promise.resolve(invalidate(h, p, now))
}

/**
 * After the state rules refused a draw op: keeps the round an offline start opens when the reason
 * is one two devices cause (RefusedRound), or reveals a kept round with the offline completion
 * refused as draw_not_found or raffle_not_found (RevealRefused); any other refusal keeps nothing.
 */
export async function keepRefusal(h: DrawHost, type: string, payload: unknown, reason: string): Promise<void> {
  const p = payload as Record<string, unknown>
  if ((type === 'draw.start' || type === 'winner.redraw') && p.offline === true && reason in ROUND_REASON_LINES) {
    const drawId = String(p.draw_id)
    if (h.refusedRounds.has(drawId)) return
    // The places the device drew: its settings, not the server's.
    const count = typeof p.winners_count === 'number' ? p.winners_count : h.raffle.winners_count
    const positions = type === 'draw.start' ? Array.from({ length: count }, (_, i) => i + 1) : [Number(p.position)]
    h.refusedRounds.set(drawId, {
      draw_id: drawId,
      kind: type === 'draw.start' ? 'draw' : 'redraw',
      positions,
      client_commitment: String(p.client_commitment),
      reason,
      winners: [],
    })
    return
  }
  if (type !== 'draw.complete' || p.offline !== true || (reason !== 'draw_not_found' && reason !== 'raffle_not_found')) return
  const kept = h.refusedRounds.get(String(p.draw_id))
  const winners = Array.isArray(p.winners) ? p.winners.map(String) : []
  if (!kept || kept.client_seed || winners.length !== kept.positions.length) return
  if ((await sha256Hex(fromHex(String(p.client_seed)))) !== kept.client_commitment) return
  kept.client_seed = String(p.client_seed)
  kept.winners = winners.map((ticketId, i) => ({ position: kept.positions[i]!, ticket_id: ticketId }))
}

/** The snapshot's "draws" and "winners". */
export function drawSnapshot(h: DrawHost): { draws: DrawWire[]; winners: WinnerWire[] } {
  return {
    draws: [...h.rounds.values()].map((d) => ({ ...d.wire, ...(d.completion ?? {}), ...(d.abandonedAt === null ? {} : { abandoned_at: d.abandonedAt }) }) as DrawWire),
    winners: [...h.winners.values()].map((w) => ({ ...w })),
  }
}
