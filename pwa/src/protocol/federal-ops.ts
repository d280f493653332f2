// The payloads of the Loteria Federal's two draw ops (sync/protocol/federal_draw.go): draw.start
// with method 'federal' closes the list, draw.complete with the five prizes enters the result, and
// draw.correct (schema version 6) replaces that result by a new round over the same list.
import { federal, RULE_UNITS } from '@/protocol/federal'
import { checkFederalShape } from '@/protocol/federal-settings'
import { LIMITS, RuleError } from '@/protocol/rules'

type Obj = Record<string, unknown>

const HEX64 = /^[0-9a-f]{64}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2 ** 53
const bad = () => new RuleError('invalid_payload')

/** draw.start of a closed list: no commitment, never offline, the settings the device saw. */
export function checkFederalClose(p: Obj): void {
  if (p.method !== 'federal') throw bad()
  if ('client_commitment' in p || 'alternates_count' in p || ('offline' in p && p.offline !== false)) throw bad()
  if (typeof p.pool_digest !== 'string' || !HEX64.test(p.pool_digest)) throw bad()
  if (!isInt(p.pool_size) || p.pool_size < 1) throw bad()
  checkFederalShape(p.federal)
  if ('winners_count' in p && (!isInt(p.winners_count) || p.winners_count < LIMITS.minWinners || p.winners_count > LIMITS.maxWinners)) throw bad()
  if ('allow_duplicate_wins' in p && typeof p.allow_duplicate_wins !== 'boolean') throw bad()
}

/** draw.complete of a Loteria Federal round: the five prizes as typed and the winners computed from them. */
export function checkFederalResult(p: Obj): void {
  if ('client_seed' in p || 'alternates' in p || ('offline' in p && p.offline !== false)) throw bad()
  const prizes = p.prizes
  if (!Array.isArray(prizes) || prizes.length > 10) throw bad()
  if (!prizes.every((x) => typeof x === 'string' && x.length <= 20)) throw bad()
  federal({ kind: RULE_UNITS, digits: 0 }, prizes as string[], [], 0, true)
  const winners = p.winners
  if (!Array.isArray(winners) || winners.length < 1 || winners.length > LIMITS.maxWinners) throw bad()
  if (!winners.every((w) => typeof w === 'string' && UUID.test(w))) throw bad()
}

/** draw.correct: the new round's id (checked by the caller), the round it replaces, then as a result. */
export function checkFederalCorrect(p: Obj): void {
  if (typeof p.replaces !== 'string' || !UUID.test(p.replaces) || p.replaces === p.draw_id) throw bad()
  checkFederalResult(p)
}
