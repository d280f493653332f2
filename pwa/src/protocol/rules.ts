// The op rules of docs/sync-protocol.md, checked on the device before an op is queued, so the user
// gets the error at once. The server checks again; sync/testdata/ops/validation.json holds the
// vectors both implementations are tested with; every text goes through the text rule
// (@/protocol/text, sync/testdata/text/vectors.json).
import { isDigits } from '@/lib/ticket-numbers'
import { participantEmail } from '@/protocol/email'
import { FEDERAL_REASONS } from '@/protocol/federal-reasons'
import { participantPhone } from '@/protocol/phone'
import { cleanLine, cleanMultiline } from '@/protocol/text'

export { trimSpace } from '@/protocol/text'

export const LIMITS = {
  minWinners: 1,
  maxWinners: 100,
  maxCountdown: 300,
  maxTitle: 200,
  maxDescription: 2000,
  maxName: 200,
  maxEmail: 254,
  maxTicketNumber: 20,
  maxBatch: 5000,
  maxTickets: 100_000,
  maxPeople: 10_000,
  maxTicketsPerPerson: 1000,
  maxReason: 500,
  maxPrize: 120,
  maxAlternates: 10,
  // The envelope's bounds (docs/sync-protocol.md): JavaScript's largest safe integer, and created_at
  // from 2020-01-01 to 2100-01-01 UTC (the server also allows at most a day ahead of its clock).
  maxMutationId: Number.MAX_SAFE_INTEGER,
  minCreatedAt: 1_577_836_800_000,
  maxCreatedAt: 4_102_444_800_000,
  maxClockAheadMs: 86_400_000,
  // An offline round's times come from its device's clock: off by more than this at its last sync, the record says so.
  maxDeviceClockSkewMs: 120_000,
} as const

/** pt-BR messages of the server's reason codes (the server sends them too; these cover offline). */
export const REASON_MESSAGES: Record<string, string> = {
  invalid_payload: 'Dados da alteração inválidos.',
  unknown_type: 'Tipo de alteração desconhecido.',
  stale_mutation: 'Alteração fora de ordem.',
  raffle_not_found: 'Sorteio não encontrado ou você não tem permissão',
  raffle_exists: 'Já existe um sorteio com este identificador.',
  title_required: 'O título é obrigatório.',
  title_too_long: 'O título deve ter no máximo 200 caracteres.',
  description_too_long: 'A descrição deve ter no máximo 2.000 caracteres.',
  invalid_raffle_type: 'Tipo de sorteio inválido.',
  winners_out_of_range: 'O número de vencedores deve estar entre 1 e 100.',
  countdown_out_of_range: 'A contagem regressiva deve estar entre 0 e 300 segundos.',
  draw_started: 'O sorteio já começou: não é mais possível alterá-lo.',
  draw_in_progress: 'O sorteio está em andamento: aguarde o fim para excluir.',
  name_required: 'Nome é obrigatório',
  name_too_long: 'O nome deve ter no máximo 200 caracteres.',
  invalid_email: 'E-mail inválido.',
  invalid_ticket_number: 'Número do bilhete inválido (máximo 20 caracteres).',
  participant_exists: 'Este participante já foi adicionado.',
  batch_too_large: 'Envie no máximo 5.000 bilhetes por alteração.',
  too_many_tickets: 'Total de bilhetes excede o limite. Máximo: 100.000',
  too_many_people: 'Total de participantes únicos excede o limite. Máximo: 10.000',
  too_many_tickets_per_person: 'Quantidade muito alta. Máximo: 1000 bilhetes por pessoa',
  group_not_found: 'Participante não encontrado.',
  group_removed: 'Este participante foi removido em outro aparelho.',
  not_enough_tickets: 'Não há bilhetes suficientes para sortear todos os vencedores.',
  not_enough_people: 'Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas.',
  pool_changed: 'Os participantes mudaram antes do início do sorteio: confira a lista e tente de novo.',
  settings_changed: 'As configurações do sorteio mudaram antes do início: confira e tente de novo.',
  draw_open: 'Há um sorteio em andamento: aguarde o resultado.',
  draw_not_found: 'Rodada de sorteio não encontrada.',
  draw_completed: 'Este sorteio já foi realizado: vale o resultado registrado no servidor.',
  not_drawn: 'O sorteio ainda não foi realizado.',
  seed_mismatch: 'A semente revelada não corresponde ao compromisso publicado no início.',
  result_mismatch: 'O resultado enviado não confere com a semente e os participantes.',
  position_taken: 'Esta posição não tem um vencedor invalidado para re-sortear.',
  no_eligible: 'Não há participantes elegíveis para re-sorteio',
  winner_not_found: 'Vencedor não encontrado.',
  winner_invalid: 'Este vencedor já foi invalidado.',
  reason_too_long: 'O motivo deve ter no máximo 500 caracteres.',
  mode_mismatch: 'O sorteio foi iniciado em outro modo (online ou offline): conclua-o no modo declarado no início.',
  text_invalid: 'O texto tem caracteres não permitidos (invisíveis, de controle ou que invertem a direção do texto).',
  invalid_id: 'Identificador inválido: o aplicativo deve gerar UUIDv7.',
  invalid_code: 'Código do sorteio inválido: use 6 caracteres sem I, O, 0 ou 1.',
  invalid_created_at: 'Data de criação inválida: confira a data e a hora do aparelho.',
  unknown_field: 'A alteração tem um campo desconhecido. Atualize o aplicativo.',
  invalid_mutation_id: 'Número de sequência da alteração inválido.',
  too_many_raffles: 'Você atingiu o limite de sorteios desta conta: exclua um sorteio antigo para criar outro.',
  countdown_running: 'A contagem regressiva ainda não terminou: o resultado será revelado quando ela acabar.',
  abandon_too_early: 'A rodada ainda pode ser concluída pelo aparelho que a iniciou: aguarde o fim da contagem regressiva e do prazo de tolerância para abandoná-la.',
  draw_abandoned: 'Esta rodada foi abandonada: inicie um novo sorteio.',
  ticket_number_taken: 'Já existe um bilhete com este número neste sorteio.',
  op_failed: 'O servidor não conseguiu gravar esta alteração e a recusou.',
  prize_too_long: 'O prêmio deve ter no máximo 120 caracteres.',
  alternates_out_of_range: 'O número de suplentes deve estar entre 0 e 10.',
  invalid_phone: 'Telefone inválido: use o DDD e o número, como (11) 91234-5678, ou o formato internacional com +.',
  no_alternate_left: "Não há suplente para chamar: todos já foram chamados. Use 'Re-sortear'.",
  // Schema version 5: the Loteria Federal; those shared with its draw keep its {placeholders}.
  draw_method_invalid: "Método de sorteio inválido: escolha 'Sorteio verificável' ou 'Loteria Federal'.",
  federal_concurso_invalid: 'Informe o número do concurso da Loteria Federal, de 1 a 99999.',
  federal_time_invalid: 'Informe a data e a hora da extração da Loteria Federal (hora e minutos).',
  federal_rule_unknown: FEDERAL_REASONS.federal_rule_unknown!,
  federal_digits_invalid: FEDERAL_REASONS.federal_digits_invalid!,
  federal_simple_raffle: 'A Loteria Federal só vale para sorteios por bilhetes numerados.',
  federal_settings_missing: 'Informe o concurso, a data da extração e a regra antes de escolher a Loteria Federal.',
  federal_ticket_unnumbered: FEDERAL_REASONS.federal_ticket_unnumbered!,
  federal_ticket_not_numeric: FEDERAL_REASONS.federal_ticket_not_numeric!,
  federal_ticket_repeated: FEDERAL_REASONS.federal_ticket_repeated!,
  federal_digits_short: FEDERAL_REASONS.federal_digits_short!,
  federal_rule_unequal: FEDERAL_REASONS.federal_rule_unequal!,
  federal_concurso_past: FEDERAL_REASONS.federal_concurso_past!,
  federal_not_chosen: "Este sorteio não usa a Loteria Federal, ou as configurações da extração mudaram: confira 'Configurações'.",
  federal_not_future: "A lista só pode ser fechada antes da hora da extração, pelo relógio do servidor: escolha um concurso futuro em 'Configurações'.",
  federal_too_early: 'O resultado só pode ser informado depois da hora da extração, pelo relógio do servidor.',
  federal_prizes_count: FEDERAL_REASONS.federal_prizes_count!,
  federal_prize_invalid: FEDERAL_REASONS.federal_prize_invalid!,
  federal_closed: 'A lista foi fechada para a extração da Loteria Federal e não pode ser reaberta: informe o resultado depois da extração.',
  federal_result_entered: "O resultado desta extração já foi informado e registrado: um erro de digitação se corrige com 'Corrigir o resultado'.",
  federal_correction_not_latest: 'Só o resultado em vigor pode ser corrigido, e só antes de qualquer ganhador ser invalidado ou re-sorteado.',
  federal_correction_same: 'Os cinco prêmios informados são os mesmos do resultado registrado: não há o que corrigir.',
}

/**
 * The reasons whose catalogue text speaks of tickets, as a simple raffle hears them: it shows no
 * tickets, its entries are its participants (as the draw tab's shortfall counts them).
 */
export const SIMPLE_RAFFLE_MESSAGES: Readonly<Record<string, string>> = {
  not_enough_tickets: 'Não há participantes suficientes para sortear todos os vencedores.',
}

/** A rule broken by user input, with the field it belongs to. */
export class RuleError extends Error {
  readonly reason: string
  readonly field: string | undefined
  /** `message` replaces the reason's catalogue text where the spec words the case itself. */
  constructor(reason: string, field?: string, message?: string) {
    super(message ?? REASON_MESSAGES[reason] ?? 'Alteração recusada.')
    this.name = 'RuleError'
    this.reason = reason
    this.field = field
  }
}

const chars = (s: string) => Array.from(s).length

/** The text rule for a one-line text of a field; throws text_invalid like the server. */
export function cleanField(s: string, field?: string): string {
  const out = cleanLine(s)
  if (out === null) throw new RuleError('text_invalid', field)
  return out
}

export function checkTitle(title: string): string {
  const t = cleanField(title, 'title')
  if (!t) throw new RuleError('title_required', 'title')
  if (chars(t) > LIMITS.maxTitle) throw new RuleError('title_too_long', 'title')
  return t
}

export function checkDescription(description: string): string {
  const d = cleanMultiline(description)
  if (d === null) throw new RuleError('text_invalid', 'description')
  if (chars(d) > LIMITS.maxDescription) throw new RuleError('description_too_long', 'description')
  return d
}

export function checkWinners(n: number): number {
  if (!Number.isInteger(n) || n < LIMITS.minWinners || n > LIMITS.maxWinners) {
    throw new RuleError('winners_out_of_range', 'winnersCount')
  }
  return n
}

export function checkCountdown(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > LIMITS.maxCountdown) {
    throw new RuleError('countdown_out_of_range', 'countdownSeconds')
  }
  return n
}

export function checkRaffleType(type: string): 'simple' | 'tickets' {
  if (type !== 'simple' && type !== 'tickets') throw new RuleError('invalid_raffle_type', 'type')
  return type
}

export function checkName(name: string): string {
  const n = cleanField(name, 'name')
  if (!n) throw new RuleError('name_required', 'name')
  if (chars(n) > LIMITS.maxName) throw new RuleError('name_too_long', 'name')
  return n
}

/** A participant's e-mail by the account e-mail rule (@/protocol/email), or null when none. */
export function checkEmail(email: string | null | undefined): string | null {
  const out = participantEmail(email ?? '')
  if ('reason' in out) throw new RuleError(out.reason, 'email')
  return out.email || null
}

/** A participant's phone by the phone rule (@/protocol/phone) in E.164, or null when none. */
export function checkPhone(phone: string | null | undefined): string | null {
  const out = participantPhone(phone ?? '')
  if ('reason' in out) throw new RuleError(out.reason, 'phone')
  return out.phone || null
}

/**
 * A ticket number in the form it is stored and compared in (sync/protocol/ticket_numbers.go): NFKC
 * ('００1' is '001'), the text rule, and no format character left, not even a joiner an emoji allows
 * elsewhere ('0\u200b01' would read as '001'). Null when none.
 */
export function checkTicketNumber(num: string | null | undefined): string | null {
  // ASCII digits are their own normal form and pass the text rule: an import's 100,000 numbers
  // skip NFKC and the rule's scans.
  if (num && num.length <= LIMITS.maxTicketNumber && isDigits(num)) return num
  const n = cleanLine((num ?? '').normalize('NFKC'))
  if (n === null || /\p{Cf}/u.test(n)) throw new RuleError('text_invalid', 'ticketNumber')
  if (!n) return null
  if (chars(n) > LIMITS.maxTicketNumber) throw new RuleError('invalid_ticket_number', 'ticketNumber')
  return n
}

/**
 * How many tickets, or (when nobody may win twice) people, a draw of `places` lacks: 0 when it can
 * be drawn. The twin of sync/draw's Shortfall; alternates.json holds a case for both.
 */
export function shortfall(places: number, tickets: number, people: number, allowDuplicates: boolean): { missing: number; byPeople: boolean } {
  if (tickets < places) return { missing: places - tickets, byPeople: false }
  if (!allowDuplicates && people < places) return { missing: places - people, byPeople: true }
  return { missing: 0, byPeople: false }
}

/** The settings of a raffle a first draw needs room for: its winners and the alternates drawn after them. */
export interface DrawPlaces {
  winnersCount: number
  alternatesCount?: number | undefined
  allowDuplicateWins: boolean
  /** A simple raffle has no tickets to speak of: its messages count participants (its entries). */
  type: string
}

/**
 * Why a raffle cannot be drawn yet (spec §5, draw requirements), in the spec's words, or null:
 * the server refuses the start for the same reasons (not_enough_tickets, not_enough_people). With
 * alternates the sentence names winners and alternates apart, and says how many are missing.
 */
export function drawShortfall(raffle: DrawPlaces, tickets: number, people: number): RuleError | null {
  const alternates = raffle.alternatesCount ?? 0
  const places = raffle.winnersCount + alternates
  const { missing, byPeople } = shortfall(places, tickets, people, raffle.allowDuplicateWins)
  if (missing === 0) return null
  const drawn = alternates > 0 ? `${raffle.winnersCount} vencedor(es) e ${alternates} suplente(s)` : `${places} vencedor(es)`
  const lacking = alternates > 0 ? `: ${missing === 1 ? 'falta 1' : `faltam ${missing}`}.` : '.'
  if (!byPeople) {
    const unit = raffle.type === 'simple' ? 'participante(s)' : 'bilhete(s)'
    const purpose = alternates > 0 ? `sortear ${drawn}` : 'realizar o sorteio'
    return new RuleError('not_enough_tickets', undefined, `Você precisa de pelo menos ${places} ${unit} para ${purpose}. Atualmente há ${tickets}${lacking}`)
  }
  const message = `Para sortear ${drawn} sem repetir pessoas, são necessários pelo menos ${places} participante(s) diferentes. Atualmente há ${people}${lacking}`
  return new RuleError('not_enough_people', undefined, message)
}

/** A prize name as the server keeps it (sync/protocol/prizes.go): one line, at most 120 characters, empty is none. */
export function checkPrize(name: string | null | undefined): string {
  const p = cleanField(name ?? '', 'prize')
  if (chars(p) > LIMITS.maxPrize) throw new RuleError('prize_too_long', 'prize')
  return p
}

export function checkAlternates(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > LIMITS.maxAlternates) throw new RuleError('alternates_out_of_range', 'alternatesCount')
  return n
}

/** An invalidation reason as the server keeps it: trimmed, empty is none, at most 500 characters. */
export function checkReason(reason: string | null | undefined): string | null {
  const r = cleanField(reason ?? '', 'reason')
  if (!r) return null
  if (chars(r) > LIMITS.maxReason) throw new RuleError('reason_too_long', 'reason')
  return r
}
