// The server's payload check (sync/protocol/decode.go), step for step, so the device and the server
// give the same reason for the same op. Both are tested against sync/testdata/ops/validation.json and
// draw-validation.json.
// Only the fields are checked here; rules that need the raffle's state (draw started, limits over
// the whole raffle) live in the repositories and on the server.
import { FederalError } from '@/protocol/federal-reasons'
import { checkDescription, checkEmail, checkPhone, checkPrize, checkTicketNumber, checkTitle, LIMITS, RuleError } from '@/protocol/rules'
import { checkFederalClose, checkFederalCorrect, checkFederalResult } from '@/protocol/federal-ops'
import { checkDrawMethod, checkFederalShape } from '@/protocol/federal-settings'
import { cleanLine } from '@/protocol/text'
import type { WireOp } from '@/protocol/wire'

type Obj = Record<string, unknown>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
// A code a device may make: the alphabet without I, O, 0 and 1.
const NEW_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{6}$/

/** The fields each op type may carry (sync/protocol/keys.go): anything else is unknown_field. */
const PAYLOAD_KEYS: Record<string, readonly string[]> = {
  'raffle.create': ['id', 'code', 'title', 'description', 'type', 'winners_count', 'countdown_seconds', 'allow_duplicate_wins', 'created_at', 'prizes', 'alternates_count'],
  'raffle.update': ['title', 'description', 'winners_count', 'countdown_seconds', 'allow_duplicate_wins', 'prizes', 'alternates_count', 'draw_method', 'federal'],
  'raffle.delete': [],
  'participants.add': ['tickets'],
  'participants.remove_group': ['group_id'],
  'draw.start': ['draw_id', 'client_commitment', 'pool_digest', 'pool_size', 'offline', 'winners_count', 'allow_duplicate_wins', 'alternates_count', 'method', 'federal'],
  'winner.redraw': ['draw_id', 'position', 'client_commitment', 'pool_digest', 'pool_size', 'offline'],
  'draw.complete': ['draw_id', 'client_seed', 'offline', 'winners', 'alternates', 'prizes', 'device_started_at', 'device_completed_at', 'device_clock_offset'],
  'winner.invalidate': ['winner_id', 'reason'],
  'draw.abandon': ['draw_id'],
  'winner.promote': ['position'],
  'draw.correct': ['draw_id', 'replaces', 'prizes', 'winners'],
}
const TICKET_KEYS = ['id', 'name', 'email', 'ticket_number', 'group_id', 'provisional', 'phone']
const PRIZE_KEYS = ['position', 'name']

function onlyKeys(p: Obj, allowed: readonly string[]): void {
  if (Object.keys(p).some((k) => !allowed.includes(k))) throw new Reject('unknown_field')
}

/** The text rule for a one-line field: refused texts are text_invalid, as on the server. */
function line(s: string): string {
  const out = cleanLine(s)
  if (out === null) throw new Reject('text_invalid')
  return out
}

export const isUUID = (s: unknown): s is string => typeof s === 'string' && UUID.test(s)

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const runes = (s: string) => Array.from(s).length

/** A rejection, carried as an exception so each check reads like the Go code it mirrors. */
class Reject extends Error {
  constructor(readonly reason: string) {
    super(reason)
  }
}

function reqString(p: Obj, field: string): string {
  const v = p[field]
  if (typeof v !== 'string') throw new Reject(field === 'title' && !(field in p) ? 'title_required' : 'invalid_payload')
  return v
}

/** Absent or null reads as "". A NUL is refused by the text rule (text_invalid), as on the server. */
function optString(p: Obj, field: string): string {
  const v = p[field]
  if (v === undefined || v === null) return ''
  if (typeof v !== 'string') throw new Reject('invalid_payload')
  return v
}

/** A whole number within ±2^53, like the server's reqInt. */
function reqInt(p: Obj, field: string): number {
  const v = p[field]
  if (typeof v !== 'number' || !Number.isInteger(v) || Math.abs(v) > 2 ** 53) throw new Reject('invalid_payload')
  return v
}

/** The rules module throws RuleError; here it becomes the same rejection the server would give. */
function rule<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    if (e instanceof RuleError) throw new Reject(e.reason)
    if (e instanceof FederalError) throw new Reject(e.code)
    throw e
  }
}

function checkCreate(op: WireOp, p: Obj): void {
  if (reqString(p, 'id') !== op.raffle_id) throw new Reject('invalid_payload')
  if (!NEW_CODE.test(reqString(p, 'code'))) throw new Reject('invalid_code')
  const title = reqString(p, 'title')
  rule(() => checkTitle(title))
  const description = optString(p, 'description')
  rule(() => checkDescription(description))
  const type = reqString(p, 'type')
  if (type !== 'simple' && type !== 'tickets') throw new Reject('invalid_raffle_type')
  const winners = reqInt(p, 'winners_count')
  if (winners < LIMITS.minWinners || winners > LIMITS.maxWinners) throw new Reject('winners_out_of_range')
  const countdown = reqInt(p, 'countdown_seconds')
  if (countdown < 0 || countdown > LIMITS.maxCountdown) throw new Reject('countdown_out_of_range')
  if ('allow_duplicate_wins' in p && typeof p.allow_duplicate_wins !== 'boolean') throw new Reject('invalid_payload')
  const created = reqInt(p, 'created_at')
  // The server also refuses a created_at more than a day ahead of its clock.
  if (created < LIMITS.minCreatedAt || created >= LIMITS.maxCreatedAt) throw new Reject('invalid_created_at')
  if ('prizes' in p) checkPrizes(p.prizes)
  if ('alternates_count' in p) checkAlternatesField(p)
}

/** A list of prizes (decodePrizes in sync/protocol/prizes.go); returns how many it holds. */
function checkPrizes(v: unknown): number {
  if (!Array.isArray(v) || v.length > LIMITS.maxWinners) throw new Reject('invalid_payload')
  const seen = new Set<number>()
  for (const item of v as unknown[]) {
    if (!isObject(item)) throw new Reject('invalid_payload')
    onlyKeys(item, PRIZE_KEYS)
    let pos: number
    try {
      pos = reqInt(item, 'position')
    } catch {
      throw new Reject('invalid_payload')
    }
    if (pos < 1 || pos > LIMITS.maxWinners || seen.has(pos)) throw new Reject('invalid_payload')
    seen.add(pos)
    const name = optString(item, 'name')
    rule(() => checkPrize(name))
  }
  return v.length
}

function checkAlternatesField(p: Obj): void {
  const n = reqInt(p, 'alternates_count')
  if (n < 0 || n > LIMITS.maxAlternates) throw new Reject('alternates_out_of_range')
}

function checkUpdate(p: Obj): void {
  let fields = 0
  if ('title' in p) {
    const title = reqString(p, 'title')
    rule(() => checkTitle(title))
    fields++
  }
  if ('description' in p) {
    const description = optString(p, 'description')
    rule(() => checkDescription(description))
    fields++
  }
  if ('winners_count' in p) {
    const w = reqInt(p, 'winners_count')
    if (w < LIMITS.minWinners || w > LIMITS.maxWinners) throw new Reject('winners_out_of_range')
    fields++
  }
  if ('countdown_seconds' in p) {
    const c = reqInt(p, 'countdown_seconds')
    if (c < 0 || c > LIMITS.maxCountdown) throw new Reject('countdown_out_of_range')
    fields++
  }
  if ('allow_duplicate_wins' in p) {
    if (typeof p.allow_duplicate_wins !== 'boolean') throw new Reject('invalid_payload')
    fields++
  }
  if ('prizes' in p) fields += checkPrizes(p.prizes) > 0 ? 1 : 0
  if ('alternates_count' in p) {
    checkAlternatesField(p)
    fields++
  }
  if ('draw_method' in p) {
    rule(() => checkDrawMethod(p.draw_method))
    fields++
  }
  if ('federal' in p) {
    rule(() => checkFederalShape(p.federal))
    fields++
  }
  if (fields === 0) throw new Reject('invalid_payload')
}

function checkAdd(p: Obj): void {
  const list = p.tickets
  if (!Array.isArray(list) || list.length === 0) throw new Reject('invalid_payload')
  if (list.length > LIMITS.maxBatch) throw new Reject('batch_too_large')
  const seen = new Set<string>()
  for (const t of list as unknown[]) {
    if (!isObject(t)) throw new Reject('invalid_payload')
    onlyKeys(t, TICKET_KEYS)
    const id = reqString(t, 'id')
    if (!isUUID(id)) throw new Reject('invalid_payload')
    if (seen.has(id)) throw new Reject('participant_exists')
    seen.add(id)
    const group = reqString(t, 'group_id')
    if (!isUUID(group)) throw new Reject('invalid_payload')
    if (!isUUID7(id) || !isUUID7(group)) throw new Reject('invalid_id')
    const name = line(optString(t, 'name'))
    if (!name) throw new Reject('name_required')
    if (runes(name) > LIMITS.maxName) throw new Reject('name_too_long')
    rule(() => checkEmail(optString(t, 'email')))
    rule(() => checkTicketNumber(optString(t, 'ticket_number')))
    rule(() => checkPhone(optString(t, 'phone')))
    if (t.provisional != null && typeof t.provisional !== 'boolean') throw new Reject('invalid_payload')
  }
}

const HEX64 = /^[0-9a-f]{64}$/
const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const WINNER_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}):([1-9][0-9]?|100|a[1-9]|a10)$/

const isUUID7 = (s: unknown): s is string => typeof s === 'string' && UUID7.test(s)

function reqHex(p: Obj, field: string): void {
  if (!HEX64.test(reqString(p, field))) throw new Reject('invalid_payload')
}

/** draw.start, and the shared part of winner.redraw. */
function checkStart(p: Obj): void {
  if (!isUUID7(p.draw_id)) throw new Reject('invalid_payload')
  reqHex(p, 'client_commitment')
  reqHex(p, 'pool_digest')
  if (reqInt(p, 'pool_size') < 1) throw new Reject('invalid_payload')
  // The round's mode, optional (absent is online); null is no boolean either.
  if ('offline' in p && typeof p.offline !== 'boolean') throw new Reject('invalid_payload')
}

/** draw.start may name the settings it was started with; the server refuses it if they changed. */
function checkStartSettings(p: Obj): void {
  if ('method' in p || 'federal' in p) {
    if (!isUUID7(p.draw_id)) throw new Reject('invalid_payload')
    return rule(() => checkFederalClose(p))
  }
  checkStart(p)
  if ('winners_count' in p) {
    const n = reqInt(p, 'winners_count')
    if (n < LIMITS.minWinners || n > LIMITS.maxWinners) throw new Reject('invalid_payload')
  }
  if ('allow_duplicate_wins' in p && typeof p.allow_duplicate_wins !== 'boolean') throw new Reject('invalid_payload')
  if ('alternates_count' in p) {
    const n = reqInt(p, 'alternates_count')
    if (n < 0 || n > LIMITS.maxAlternates) throw new Reject('invalid_payload')
  }
}

function checkRedraw(p: Obj): void {
  checkStart(p)
  const position = reqInt(p, 'position')
  if (position < 1 || position > LIMITS.maxWinners) throw new Reject('invalid_payload')
}

const DEVICE_TIME_KEYS = ['device_started_at', 'device_completed_at', 'device_clock_offset']
const hasDeviceTimes = (p: Obj) => DEVICE_TIME_KEYS.some((k) => k in p)

/** An offline completion's times on the device's clock (schema version 7): both or neither, 2020 to 2100; the offset only with them. */
function checkDeviceTimes(p: Obj): void {
  if (!('device_started_at' in p) && !('device_completed_at' in p)) {
    if ('device_clock_offset' in p) throw new Reject('invalid_payload')
    return
  }
  for (const key of ['device_started_at', 'device_completed_at']) {
    const t = reqInt(p, key)
    if (t < LIMITS.minCreatedAt || t >= LIMITS.maxCreatedAt) throw new Reject('invalid_payload')
  }
  if ('device_clock_offset' in p) {
    const o = reqInt(p, 'device_clock_offset')
    if (o <= -LIMITS.maxCreatedAt || o >= LIMITS.maxCreatedAt) throw new Reject('invalid_payload')
  }
}

function checkComplete(p: Obj): void {
  if (!isUUID7(p.draw_id)) throw new Reject('invalid_payload')
  if ('prizes' in p) {
    // A Loteria Federal result is dated by the server.
    if (hasDeviceTimes(p)) throw new Reject('invalid_payload')
    return rule(() => checkFederalResult(p))
  }
  reqHex(p, 'client_seed')
  if (typeof p.offline !== 'boolean') throw new Reject('invalid_payload')
  const winners = p.winners
  if (!p.offline) {
    // Online, the server draws and dates the round: a device's list or times have no place here.
    if ((winners !== undefined && winners !== null) || hasDeviceTimes(p)) throw new Reject('invalid_payload')
    return
  }
  if (!Array.isArray(winners) || winners.length === 0 || winners.length > LIMITS.maxWinners) throw new Reject('invalid_payload')
  if (!winners.every(isUUID)) throw new Reject('invalid_payload')
  // An offline first draw's alternates, after its winners.
  const alternates = p.alternates
  if (alternates !== undefined && alternates !== null) {
    if (!Array.isArray(alternates) || alternates.length > LIMITS.maxAlternates || !alternates.every(isUUID)) throw new Reject('invalid_payload')
  }
  checkDeviceTimes(p)
}

function checkInvalidate(p: Obj): void {
  if (typeof p.winner_id !== 'string' || !WINNER_ID.test(p.winner_id)) throw new Reject('invalid_payload')
  const reason = line(optString(p, 'reason'))
  if (runes(reason) > LIMITS.maxReason) throw new Reject('reason_too_long')
}

function check(op: WireOp): void {
  if (!isUUID(op.op_id) || !isUUID(op.raffle_id)) throw new Reject('invalid_payload')
  if (typeof op.mutation_id !== 'number' || !Number.isInteger(op.mutation_id)) throw new Reject('invalid_payload')
  // Above 2^53 − 1 two ids could read as one number.
  if (op.mutation_id < 1 || op.mutation_id > LIMITS.maxMutationId) throw new Reject('invalid_mutation_id')
  if (!isUUID7(op.op_id) || (op.type === 'raffle.create' && !isUUID7(op.raffle_id))) throw new Reject('invalid_id')
  const p = op.payload
  if (!isObject(p)) throw new Reject('invalid_payload')
  const keys = PAYLOAD_KEYS[op.type]
  if (keys) onlyKeys(p, keys)
  switch (op.type) {
    case 'raffle.create':
      return checkCreate(op, p)
    case 'raffle.update':
      return checkUpdate(p)
    case 'raffle.delete':
      return
    case 'participants.add':
      return checkAdd(p)
    case 'participants.remove_group':
      if (!isUUID(p.group_id)) throw new Reject('invalid_payload')
      return
    case 'draw.start':
      return checkStartSettings(p)
    case 'winner.redraw':
      return checkRedraw(p)
    case 'draw.complete':
      return checkComplete(p)
    case 'winner.invalidate':
      return checkInvalidate(p)
    case 'draw.abandon':
      if (!isUUID7(p.draw_id)) throw new Reject('invalid_payload')
      return
    case 'winner.promote': {
      const position = reqInt(p, 'position')
      if (position < 1 || position > LIMITS.maxWinners) throw new Reject('invalid_payload')
      return
    }
    case 'draw.correct':
      if (!isUUID7(p.draw_id)) throw new Reject('invalid_payload')
      return rule(() => checkFederalCorrect(p))
  }
  throw new Reject('unknown_type')
}

/** The reason the server would reject this op's fields with, or null when they are valid. */
export function validateOp(op: WireOp): string | null {
  try {
    check(op)
    return null
  } catch (e) {
    if (e instanceof Reject) return e.reason
    throw e
  }
}
