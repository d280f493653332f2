// The Loteria Federal's settings and the rules over a raffle's state (sync/protocol/federal.go and
// federal_draw.go): the shape of the settings, a raffle's tickets against its rule, and the
// extraction's time against the server's clock. Tested with the server against
// sync/testdata/ops/federal-validation.json and federal-rules.json.
import type { DrawTicket } from '@/protocol/draw'
import { federal, federalAdded, RULE_FINAL, RULE_REMAINDER } from '@/protocol/federal'
import { checkConcurso } from '@/protocol/federal-concurso'
import { FederalError } from '@/protocol/federal-reasons'
import { LIMITS, RuleError } from '@/protocol/rules'
import type { DrawMethod, FederalSettingsWire, RaffleWire } from '@/protocol/wire'

export const MAX_CONCURSO = 99_999

/** Five prizes that pass any rule's check: what the settings' checks read the rule with. */
const ZEROS = ['00000', '00000', '00000', '00000', '00000'] as const

/** The draw's refusal as the reason the server gives, with the filled message. */
export function federalRuleError(e: unknown): unknown {
  return e instanceof FederalError ? new RuleError(e.code, undefined, e.message) : e
}

function withRule<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    throw federalRuleError(e)
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2 ** 53
const KEYS = ['concurso', 'extraction_at', 'rule', 'digits']

/** A draw_method field: 'seeded' or 'federal'. */
export function checkDrawMethod(v: unknown): DrawMethod {
  if (v !== 'seeded' && v !== 'federal') throw new RuleError('draw_method_invalid')
  return v
}

/** A federal settings object, checked as the server decodes it (decodeFederal). */
export function checkFederalShape(v: unknown): FederalSettingsWire {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new RuleError('invalid_payload')
  const o = v as Record<string, unknown>
  if (Object.keys(o).some((k) => !KEYS.includes(k))) throw new RuleError('unknown_field')
  const { concurso, extraction_at: at, rule, digits } = o
  if (!isInt(concurso) || concurso < 1 || concurso > MAX_CONCURSO) throw new RuleError('federal_concurso_invalid', 'concurso')
  if (!isInt(at) || at < LIMITS.minCreatedAt || at >= LIMITS.maxCreatedAt || at % 60_000 !== 0) throw new RuleError('federal_time_invalid', 'extraction_at')
  if (typeof rule !== 'string') throw new RuleError('federal_rule_unknown', 'rule')
  if (!isInt(digits)) throw new RuleError('federal_digits_invalid', 'digits')
  withRule(() => federal({ kind: rule, digits }, ZEROS, [], 0, true))
  // A concurso drawn before the extraction's date (docs/draw-algorithm.md §12.5a).
  try {
    checkConcurso(concurso, at)
  } catch (e) {
    throw e instanceof FederalError ? new RuleError(e.code, 'concurso', e.message) : e
  }
  return { concurso, extraction_at: at, rule, digits }
}

type RaffleFields = Pick<RaffleWire, 'type' | 'draw_method' | 'federal'>

/**
 * A raffle as an update leaves it: the Loteria Federal needs a ticket raffle, its settings, and every
 * ticket a number its rule reaches. Throws the RuleError the server rejects with.
 */
export function checkFederalSettings(raffle: RaffleFields, pool: readonly DrawTicket[]): void {
  if (raffle.draw_method !== 'federal') return
  if (raffle.type !== 'tickets') throw new RuleError('federal_simple_raffle')
  const f = raffle.federal
  if (!f) throw new RuleError('federal_settings_missing')
  withRule(() => federal({ kind: f.rule, digits: f.digits }, ZEROS, pool, 0, true))
}

/**
 * The numbers an add brings to a raffle as it stands (sync/protocol checkFederalAdd): a raffle that
 * draws by the Loteria Federal refuses the whole add when its rule cannot read one, naming it, under
 * the ticket number's field. `held`: the raffle's numbers; `added`: the add's, once numbered.
 */
export function checkFederalAdd(raffle: RaffleFields, held: Iterable<string>, added: readonly (string | null)[]): void {
  const f = raffle.federal
  if (raffle.draw_method !== 'federal' || raffle.type !== 'tickets' || !f) return
  try {
    federalAdded(
      { kind: f.rule, digits: f.digits },
      held,
      added.map((n) => n ?? ''),
    )
  } catch (e) {
    throw e instanceof FederalError ? new RuleError(e.code, 'ticketNumber', e.message) : e
  }
}

/**
 * The extraction's time against the server's clock (`now`, Unix ms): the list closes only before it
 * (federal_not_future) and the result is taken only from it on (federal_too_early).
 */
export function checkFederalTime(step: 'close' | 'result', f: Pick<FederalSettingsWire, 'extraction_at'>, now: number): void {
  if (step === 'result' && now < f.extraction_at) throw new RuleError('federal_too_early')
  if (step === 'close' && now >= f.extraction_at) throw new RuleError('federal_not_future')
}

export const REMAINDER_NAME = 'Resto da divisão pelo número de bilhetes'

/** The rule's name as the settings and the record show it. */
export function ruleName(f: Pick<FederalSettingsWire, 'rule' | 'digits'>): string {
  if (f.rule === RULE_FINAL) return f.digits ? `Final do 1º prêmio (${f.digits} algarismos)` : 'Final do 1º prêmio'
  if (f.rule === RULE_REMAINDER) return REMAINDER_NAME
  return 'Unidades dos cinco prêmios'
}
