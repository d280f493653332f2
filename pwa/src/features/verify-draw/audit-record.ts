// The public audit record (docs/sync-protocol.md "Public audit record", docs/draw-algorithm.md §9):
// its types, and a check of its shape before anything is recomputed from it. The record comes from
// the network, so nothing in it is trusted to have the right types.
import type { DrawTicket } from '@/protocol/draw'

export interface AuditRound {
  draw_id?: string
  /** The round's number in the raffle (abandoned rounds count); informative. */
  round?: number
  kind: 'draw' | 'redraw'
  positions: number[]
  online: boolean
  client_seed: string
  client_commitment: string
  /** Offline rounds may leave out the server's seed: it was not used. */
  server_seed?: string | null
  server_commitment?: string | null
  /**
   * Published with the first draw only. A redraw's pool is derived from it (every ticket minus the
   * winners of the rounds before it): one an older record carries is never trusted.
   */
  pool?: DrawTicket[]
  pool_size: number
  pool_digest: string
  winners_count: number
  allow_duplicate_wins: boolean
  /** Ticket ids in position order. */
  winners: string[]
  /** A first draw's alternates (sorteio-v2): how many, and their ticket ids in order. */
  alternates_count?: number
  alternates?: string[]
  started_at: number
  completed_at: number
  /** A round the Loteria Federal decided (loteria-federal-v1): the extraction and its five prizes, no seeds. */
  federal?: AuditFederal
  /**
   * A corrected Loteria Federal result (§12.7): the replaced round names the round that replaced it
   * and when; the correction names the round it replaces and publishes no pool (it is that round's).
   */
  replaced_by?: string
  replaced_at?: number
  replaces?: string
  /** An offline round's start and result on its device's clock, and that clock's offset at its last sync (schema version 7; informative). */
  device_started_at?: number
  device_completed_at?: number
  device_clock_offset?: number
}

export interface AuditFederal {
  algorithm: string
  concurso: number
  extraction_at: number
  rule: { kind: string; digits: number }
  prizes: string[]
  steps?: string[]
}

/** A round given up without a result (its device never revealed it): nothing to recompute. */
export interface AuditAbandoned {
  draw_id: string
  round: number
  kind: 'draw' | 'redraw'
  positions: number[]
  online: boolean
  started_at: number
  abandoned_at: number
}

/** A winner a device drew in a refused round: the server's number and name for it, '' when it never had it. */
export interface AuditRefusedWinner {
  position: number
  ticket_id: string
  ticket_number: string | null
  name: string
}

/**
 * A round a device drew offline that the server refused (docs/draw-algorithm.md §11): kept, never
 * counted. The seed and winners come with the device's completion; the pool is only declared.
 */
export interface AuditRefused {
  draw_id: string
  kind: string
  positions: number[]
  client_commitment: string
  pool_size: number
  pool_digest: string
  /** One of the closed set of ROUND_REASON_LINES. */
  reason: string
  /** The device's clock, from its draw id. */
  device_at: number
  refused_at: number
  client_seed?: string | null
  winners: AuditRefusedWinner[]
}

/** A winner's state: the fact and time of an invalidation are public, its reason never is. */
export interface AuditWinner {
  /** The round that drew it; informative, and how a refused round's winner would show as counted. */
  draw_id?: string
  position: number
  ticket_id: string
  is_valid: boolean
  invalidated_at: number | null
}

/** An alternate called to a place whose winner was invalidated ('Chamar suplente'). */
export interface AuditPromotion {
  winner_id?: string
  position: number
  /** The alternate's rank (1 for the first); informative. */
  alternate: number
  ticket_id: string
  promoted_at: number
}

export interface AuditExport {
  algorithm: string
  /** deletedAt: when the organiser deleted the raffle (its record stays public), or null. */
  raffle: { id: string; code: string; title: string; deletedAt: number | null }
  draws: AuditRound[]
  /** Added by the public endpoint; an exported file may lack it. */
  winners: AuditWinner[]
  abandoned: AuditAbandoned[]
  /** Added by the public endpoint since refused rounds are kept; older records lack it. */
  refused: AuditRefused[]
  /** Alternates called to places, in order (sorteio-v2). */
  promotions: AuditPromotion[]
  /** What positions win (informative; records before prizes have none). */
  prizes: Array<{ position: number; name: string }>
}

/** The record does not have the shape of an export; the message says where, in pt-BR. */
export class AuditFormatError extends Error {
  constructor(where: string) {
    super(`O registro recebido não está no formato esperado (${where}).`)
    this.name = 'AuditFormatError'
  }
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const isString = (v: unknown): v is string => typeof v === 'string'
const isInt = (v: unknown): v is number => Number.isSafeInteger(v)
const isOptionalString = (v: unknown) => v === undefined || v === null || isString(v)

function need(ok: boolean, where: string) {
  if (!ok) throw new AuditFormatError(where)
}

function checkTicket(t: unknown, where: string): asserts t is DrawTicket {
  need(isObject(t), where)
  const ticket = t as Json
  need(isString(ticket.id) && isString(ticket.group_id) && isString(ticket.name), where)
  need(ticket.ticket_number === null || isString(ticket.ticket_number), where)
}

function checkRound(r: unknown, n: number): asserts r is AuditRound {
  const where = `rodada ${n}`
  need(isObject(r), where)
  const round = r as Json
  need(round.kind === 'draw' || round.kind === 'redraw', `${where}, kind`)
  need(Array.isArray(round.positions) && round.positions.every(isInt), `${where}, positions`)
  need(typeof round.online === 'boolean' && typeof round.allow_duplicate_wins === 'boolean', where)
  for (const key of ['client_seed', 'client_commitment', 'pool_digest'] as const) need(isString(round[key]), `${where}, ${key}`)
  need(isOptionalString(round.server_seed) && isOptionalString(round.server_commitment), `${where}, server_seed`)
  for (const key of ['pool_size', 'winners_count', 'started_at', 'completed_at'] as const) need(isInt(round[key]), `${where}, ${key}`)
  need(Array.isArray(round.winners) && round.winners.every(isString), `${where}, winners`)
  need(round.alternates_count === undefined || isInt(round.alternates_count), `${where}, alternates_count`)
  need(round.alternates === undefined || (Array.isArray(round.alternates) && round.alternates.every(isString)), `${where}, alternates`)
  if (round.federal !== undefined) checkFederal(round.federal, `${where}, federal`)
  need(isOptionalString(round.replaced_by) && isOptionalString(round.replaces), `${where}, replaced_by`)
  need(round.replaced_at === undefined || isInt(round.replaced_at), `${where}, replaced_at`)
  for (const key of ['device_started_at', 'device_completed_at', 'device_clock_offset'] as const) need(round[key] === undefined || isInt(round[key]), `${where}, ${key}`)
  // The first draw publishes the pool; a redraw's or a correction's, if any, is ignored (it is derived).
  if (round.kind === 'draw' && !round.replaces) {
    need(Array.isArray(round.pool), `${where}, pool`)
    ;(round.pool as unknown[]).forEach((t, i) => checkTicket(t, `${where}, pool[${i}]`))
  } else delete round.pool
}

function checkFederal(f: unknown, where: string): asserts f is AuditFederal {
  need(isObject(f), where)
  const federal = f as Json
  need(isString(federal.algorithm) && isInt(federal.concurso) && isInt(federal.extraction_at), where)
  need(isObject(federal.rule) && isString((federal.rule as Json).kind) && isInt((federal.rule as Json).digits), `${where}, rule`)
  need(Array.isArray(federal.prizes) && federal.prizes.every(isString), `${where}, prizes`)
}

function checkAbandoned(a: unknown, i: number): asserts a is AuditAbandoned {
  const where = `abandoned[${i}]`
  need(isObject(a), where)
  const round = a as Json
  need(isString(round.draw_id) && (round.kind === 'draw' || round.kind === 'redraw') && typeof round.online === 'boolean', where)
  need(isInt(round.round) && isInt(round.started_at) && isInt(round.abandoned_at), where)
  need(Array.isArray(round.positions) && round.positions.every(isInt), where)
}

function checkRefused(r: unknown, i: number): asserts r is AuditRefused {
  const where = `refused_rounds[${i}]`
  need(isObject(r), where)
  const round = r as Json
  for (const key of ['draw_id', 'kind', 'client_commitment', 'pool_digest', 'reason'] as const) need(isString(round[key]), `${where}, ${key}`)
  for (const key of ['pool_size', 'device_at', 'refused_at'] as const) need(isInt(round[key]), `${where}, ${key}`)
  need(Array.isArray(round.positions) && round.positions.every(isInt), `${where}, positions`)
  need(isOptionalString(round.client_seed), `${where}, client_seed`)
  need(Array.isArray(round.winners), `${where}, winners`)
  for (const w of round.winners as unknown[]) {
    need(isObject(w) && isInt(w.position) && isString(w.ticket_id) && isString(w.name), `${where}, winners`)
    need((w as Json).ticket_number === null || isString((w as Json).ticket_number), `${where}, winners`)
  }
}

function checkWinner(w: unknown, i: number): asserts w is AuditWinner {
  const where = `winners[${i}]`
  need(isObject(w), where)
  const winner = w as Json
  need(isInt(winner.position) && isString(winner.ticket_id) && typeof winner.is_valid === 'boolean', where)
  need(winner.invalidated_at === null || winner.invalidated_at === undefined || isInt(winner.invalidated_at), where)
}

function checkPromotion(p: unknown, i: number): asserts p is AuditPromotion {
  const where = `promotions[${i}]`
  need(isObject(p), where)
  const promotion = p as Json
  need(isInt(promotion.position) && isInt(promotion.alternate) && isString(promotion.ticket_id) && isInt(promotion.promoted_at), where)
}

/** Checks the shape of a parsed record; throws AuditFormatError when something is missing or mistyped. */
export function parseAuditExport(data: unknown): AuditExport {
  need(isObject(data), 'raiz')
  const root = data as Json
  need(isString(root.algorithm), 'algorithm')
  need(isObject(root.raffle) && isString(root.raffle.code), 'raffle')
  need(Array.isArray(root.draws), 'draws')
  ;(root.draws as unknown[]).forEach((r, i) => checkRound(r, i + 1))
  const winners = root.winners ?? []
  need(Array.isArray(winners), 'winners')
  ;(winners as unknown[]).forEach(checkWinner)
  const abandoned = root.abandoned ?? []
  need(Array.isArray(abandoned), 'abandoned')
  ;(abandoned as unknown[]).forEach(checkAbandoned)
  const refused = root.refused_rounds ?? []
  need(Array.isArray(refused), 'refused_rounds')
  ;(refused as unknown[]).forEach(checkRefused)
  const promotions = root.promotions ?? []
  need(Array.isArray(promotions), 'promotions')
  ;(promotions as unknown[]).forEach(checkPromotion)
  const prizes = root.prizes ?? []
  need(Array.isArray(prizes) && prizes.every((p) => isObject(p) && isInt(p.position) && isString(p.name)), 'prizes')
  const raffle = root.raffle as Json
  need(raffle.deleted_at === undefined || raffle.deleted_at === null || isInt(raffle.deleted_at), 'raffle.deleted_at')
  return {
    algorithm: root.algorithm as string,
    raffle: {
      id: isString(raffle.id) ? raffle.id : '',
      code: raffle.code as string,
      title: isString(raffle.title) ? raffle.title : '',
      deletedAt: isInt(raffle.deleted_at) ? raffle.deleted_at : null,
    },
    draws: root.draws as AuditRound[],
    // Only what the page shows: an older record's invalidation reasons are left behind.
    winners: (winners as AuditWinner[]).map((w) => ({
      ...(isString(w.draw_id) ? { draw_id: w.draw_id } : {}),
      position: w.position,
      ticket_id: w.ticket_id,
      is_valid: w.is_valid,
      invalidated_at: w.invalidated_at ?? null,
    })),
    abandoned: abandoned as AuditAbandoned[],
    refused: refused as AuditRefused[],
    promotions: promotions as AuditPromotion[],
    prizes: (prizes as Array<{ position: number; name: string }>).map((p) => ({ position: p.position, name: p.name })),
  }
}

/** Every ticket named in the record's pool, by id, to show a winner's number and name. */
export function ticketsById(record: AuditExport): Map<string, DrawTicket> {
  const map = new Map<string, DrawTicket>()
  for (const round of record.draws) for (const t of round.pool ?? []) map.set(t.id, t)
  return map
}
