// Package protocol is the sync protocol's domain logic: op types, payload
// validation and the conflict rules. It knows nothing of HTTP or SQL; the
// server's store loads the state an op needs and asks this package whether
// the op may apply. docs/sync-protocol.md describes it in words.
package protocol

import "github.com/sorteio/sorteio/sync/draw"

// SchemaVersion is the protocol version this code speaks; the server also
// accepts MinSchemaVersion, the previous one, so old clients can drain their
// outboxes after an upgrade.
const (
	SchemaVersion    = 7
	MinSchemaVersion = 2
)

// Reason codes of rejected ops. The set is closed; each has a pt-BR message.
const (
	ReasonInvalidPayload       = "invalid_payload"
	ReasonUnknownType          = "unknown_type"
	ReasonStaleMutation        = "stale_mutation"
	ReasonRaffleNotFound       = "raffle_not_found"
	ReasonRaffleExists         = "raffle_exists"
	ReasonTitleRequired        = "title_required"
	ReasonTitleTooLong         = "title_too_long"
	ReasonDescriptionTooLong   = "description_too_long"
	ReasonInvalidRaffleType    = "invalid_raffle_type"
	ReasonWinnersOutOfRange    = "winners_out_of_range"
	ReasonCountdownOutOfRange  = "countdown_out_of_range"
	ReasonDrawStarted          = "draw_started"
	ReasonDrawInProgress       = "draw_in_progress"
	ReasonNameRequired         = "name_required"
	ReasonNameTooLong          = "name_too_long"
	ReasonInvalidEmail         = "invalid_email"
	ReasonInvalidTicketNumber  = "invalid_ticket_number"
	ReasonParticipantExists    = "participant_exists"
	ReasonBatchTooLarge        = "batch_too_large"
	ReasonTooManyTickets       = "too_many_tickets"
	ReasonTooManyPeople        = "too_many_people"
	ReasonTooManyTicketsPerOne = "too_many_tickets_per_person"
	ReasonGroupNotFound        = "group_not_found"
	ReasonTicketNumberTaken    = "ticket_number_taken"
	ReasonGroupRemoved         = "group_removed"
	ReasonOpFailed             = "op_failed"
	ReasonInvalidPhone         = "invalid_phone"

	// The draw ops (schema version 2).
	ReasonNotEnoughTickets = "not_enough_tickets"
	ReasonNotEnoughPeople  = "not_enough_people"
	ReasonPoolChanged      = "pool_changed"
	ReasonSettingsChanged  = "settings_changed"
	ReasonDrawOpen         = "draw_open"
	ReasonDrawNotFound     = "draw_not_found"
	ReasonDrawCompleted    = "draw_completed"
	ReasonNotDrawn         = "not_drawn"
	ReasonSeedMismatch     = "seed_mismatch"
	ReasonResultMismatch   = "result_mismatch"
	ReasonPositionTaken    = "position_taken"
	ReasonNoEligible       = "no_eligible"
	ReasonWinnerNotFound   = "winner_not_found"
	ReasonWinnerInvalid    = "winner_invalid"
	ReasonReasonTooLong    = "reason_too_long"
	ReasonModeMismatch     = "mode_mismatch"

	// Hostile or broken input.
	ReasonTextInvalid       = "text_invalid"
	ReasonInvalidID         = "invalid_id"
	ReasonInvalidCode       = "invalid_code"
	ReasonInvalidCreatedAt  = "invalid_created_at"
	ReasonUnknownField      = "unknown_field"
	ReasonInvalidMutationID = "invalid_mutation_id"
	ReasonTooManyRaffles    = "too_many_raffles"
	// Schema version 3: the server's countdown and abandoned rounds.
	ReasonCountdownRunning = "countdown_running"
	ReasonAbandonTooEarly  = "abandon_too_early"
	ReasonDrawAbandoned    = "draw_abandoned"
	// Schema version 4: prizes and alternates.
	ReasonPrizeTooLong         = "prize_too_long"
	ReasonAlternatesOutOfRange = "alternates_out_of_range"
	ReasonNoAlternateLeft      = "no_alternate_left"
	// Schema version 5: the Loteria Federal (docs/draw-algorithm.md §12).
	ReasonDrawMethodInvalid      = "draw_method_invalid"
	ReasonFederalConcurso        = "federal_concurso_invalid"
	ReasonFederalTime            = "federal_time_invalid"
	ReasonFederalRuleUnknown     = "federal_rule_unknown"
	ReasonFederalDigitsInvalid   = "federal_digits_invalid"
	ReasonFederalSimpleRaffle    = "federal_simple_raffle"
	ReasonFederalSettingsMissing = "federal_settings_missing"
	ReasonFederalUnnumbered      = "federal_ticket_unnumbered"
	ReasonFederalNotNumeric      = "federal_ticket_not_numeric"
	ReasonFederalRepeated        = "federal_ticket_repeated"
	ReasonFederalDigitsShort     = "federal_digits_short"
	ReasonFederalRuleUnequal     = "federal_rule_unequal"
	ReasonFederalConcursoPast    = "federal_concurso_past"
	ReasonFederalNotChosen       = "federal_not_chosen"
	ReasonFederalNotFuture       = "federal_not_future"
	ReasonFederalTooEarly        = "federal_too_early"
	ReasonFederalPrizesCount     = "federal_prizes_count"
	ReasonFederalPrizeInvalid    = "federal_prize_invalid"
	ReasonFederalResultEntered   = "federal_result_entered"
	ReasonFederalClosed          = "federal_closed"
	// Schema version 6: a Loteria Federal result corrected by a new round.
	ReasonFederalCorrectionNotLatest = "federal_correction_not_latest"
	ReasonFederalCorrectionSame      = "federal_correction_same"
)

// reasons is the one table of reason codes and their pt-BR messages.
// sync/testdata/catalogue.json holds the same list for both sides' tests.
// A new reason adds a constant above and a row here (and to the catalogue).
var reasons = []struct{ code, message string }{
	{ReasonInvalidPayload, "Dados da alteração inválidos."},
	{ReasonUnknownType, "Tipo de alteração desconhecido."},
	{ReasonStaleMutation, "Alteração fora de ordem."},
	{ReasonRaffleNotFound, "Sorteio não encontrado ou você não tem permissão"},
	{ReasonRaffleExists, "Já existe um sorteio com este identificador."},
	{ReasonTitleRequired, "O título é obrigatório."},
	{ReasonTitleTooLong, "O título deve ter no máximo 200 caracteres."},
	{ReasonDescriptionTooLong, "A descrição deve ter no máximo 2.000 caracteres."},
	{ReasonInvalidRaffleType, "Tipo de sorteio inválido."},
	{ReasonWinnersOutOfRange, "O número de vencedores deve estar entre 1 e 100."},
	{ReasonCountdownOutOfRange, "A contagem regressiva deve estar entre 0 e 300 segundos."},
	{ReasonDrawStarted, "O sorteio já começou: não é mais possível alterá-lo."},
	{ReasonDrawInProgress, "O sorteio está em andamento: aguarde o fim para excluir."},
	{ReasonNameRequired, "Nome é obrigatório"},
	{ReasonNameTooLong, "O nome deve ter no máximo 200 caracteres."},
	{ReasonInvalidEmail, "E-mail inválido."},
	{ReasonInvalidTicketNumber, "Número do bilhete inválido (máximo 20 caracteres)."},
	{ReasonParticipantExists, "Este participante já foi adicionado."},
	{ReasonBatchTooLarge, "Envie no máximo 5.000 bilhetes por alteração."},
	{ReasonTooManyTickets, "Total de bilhetes excede o limite. Máximo: 100.000"},
	{ReasonTooManyPeople, "Total de participantes únicos excede o limite. Máximo: 10.000"},
	{ReasonTooManyTicketsPerOne, "Quantidade muito alta. Máximo: 1000 bilhetes por pessoa"},
	{ReasonGroupNotFound, "Participante não encontrado."},
	{ReasonNotEnoughTickets, "Não há bilhetes suficientes para sortear todos os vencedores."},
	{ReasonNotEnoughPeople, "Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas."},
	{ReasonPoolChanged, "Os participantes mudaram antes do início do sorteio: confira a lista e tente de novo."},
	{ReasonSettingsChanged, "As configurações do sorteio mudaram antes do início: confira e tente de novo."},
	{ReasonDrawOpen, "Há um sorteio em andamento: aguarde o resultado."},
	{ReasonDrawNotFound, "Rodada de sorteio não encontrada."},
	{ReasonDrawCompleted, "Este sorteio já foi realizado: vale o resultado registrado no servidor."},
	{ReasonNotDrawn, "O sorteio ainda não foi realizado."},
	{ReasonSeedMismatch, "A semente revelada não corresponde ao compromisso publicado no início."},
	{ReasonResultMismatch, "O resultado enviado não confere com a semente e os participantes."},
	{ReasonPositionTaken, "Esta posição não tem um vencedor invalidado para re-sortear."},
	{ReasonNoEligible, "Não há participantes elegíveis para re-sorteio"},
	{ReasonWinnerNotFound, "Vencedor não encontrado."},
	{ReasonWinnerInvalid, "Este vencedor já foi invalidado."},
	{ReasonReasonTooLong, "O motivo deve ter no máximo 500 caracteres."},
	{ReasonModeMismatch, "O sorteio foi iniciado em outro modo (online ou offline): conclua-o no modo declarado no início."},
	{ReasonTextInvalid, "O texto tem caracteres não permitidos (invisíveis, de controle ou que invertem a direção do texto)."},
	{ReasonInvalidID, "Identificador inválido: o aplicativo deve gerar UUIDv7."},
	{ReasonInvalidCode, "Código do sorteio inválido: use 6 caracteres sem I, O, 0 ou 1."},
	{ReasonInvalidCreatedAt, "Data de criação inválida: confira a data e a hora do aparelho."},
	{ReasonUnknownField, "A alteração tem um campo desconhecido. Atualize o aplicativo."},
	{ReasonInvalidMutationID, "Número de sequência da alteração inválido."},
	{ReasonTooManyRaffles, "Você atingiu o limite de sorteios desta conta: exclua um sorteio antigo para criar outro."},
	{ReasonCountdownRunning, "A contagem regressiva ainda não terminou: o resultado será revelado quando ela acabar."},
	{ReasonAbandonTooEarly, "A rodada ainda pode ser concluída pelo aparelho que a iniciou: aguarde o fim da contagem regressiva e do prazo de tolerância para abandoná-la."},
	{ReasonDrawAbandoned, "Esta rodada foi abandonada: inicie um novo sorteio."},
	{ReasonTicketNumberTaken, "Já existe um bilhete com este número neste sorteio."},
	{ReasonGroupRemoved, "Este participante foi removido em outro aparelho."},
	{ReasonOpFailed, "O servidor não conseguiu gravar esta alteração e a recusou."},
	{ReasonPrizeTooLong, "O prêmio deve ter no máximo 120 caracteres."},
	{ReasonAlternatesOutOfRange, "O número de suplentes deve estar entre 0 e 10."},
	{ReasonInvalidPhone, "Telefone inválido: use o DDD e o número, como (11) 91234-5678, ou o formato internacional com +."},
	{ReasonNoAlternateLeft, "Não há suplente para chamar: todos já foram chamados. Use 'Re-sortear'."},
	{ReasonDrawMethodInvalid, "Método de sorteio inválido: escolha 'Sorteio verificável' ou 'Loteria Federal'."},
	{ReasonFederalConcurso, "Informe o número do concurso da Loteria Federal, de 1 a 99999."},
	{ReasonFederalTime, "Informe a data e a hora da extração da Loteria Federal (hora e minutos)."},
	{ReasonFederalRuleUnknown, draw.FederalReasons[ReasonFederalRuleUnknown]},
	{ReasonFederalDigitsInvalid, draw.FederalReasons[ReasonFederalDigitsInvalid]},
	{ReasonFederalSimpleRaffle, "A Loteria Federal só vale para sorteios por bilhetes numerados."},
	{ReasonFederalSettingsMissing, "Informe o concurso, a data da extração e a regra antes de escolher a Loteria Federal."},
	{ReasonFederalUnnumbered, draw.FederalReasons[ReasonFederalUnnumbered]},
	{ReasonFederalNotNumeric, draw.FederalReasons[ReasonFederalNotNumeric]},
	{ReasonFederalRepeated, draw.FederalReasons[ReasonFederalRepeated]},
	{ReasonFederalDigitsShort, draw.FederalReasons[ReasonFederalDigitsShort]},
	{ReasonFederalRuleUnequal, draw.FederalReasons[ReasonFederalRuleUnequal]},
	{ReasonFederalConcursoPast, draw.FederalReasons[ReasonFederalConcursoPast]},
	{ReasonFederalNotChosen, "Este sorteio não usa a Loteria Federal, ou as configurações da extração mudaram: confira 'Configurações'."},
	{ReasonFederalNotFuture, "A lista só pode ser fechada antes da hora da extração, pelo relógio do servidor: escolha um concurso futuro em 'Configurações'."},
	{ReasonFederalTooEarly, "O resultado só pode ser informado depois da hora da extração, pelo relógio do servidor."},
	{ReasonFederalPrizesCount, draw.FederalReasons[ReasonFederalPrizesCount]},
	{ReasonFederalPrizeInvalid, draw.FederalReasons[ReasonFederalPrizeInvalid]},
	{ReasonFederalClosed, "A lista foi fechada para a extração da Loteria Federal e não pode ser reaberta: informe o resultado depois da extração."},
	{ReasonFederalResultEntered, "O resultado desta extração já foi informado e registrado: um erro de digitação se corrige com 'Corrigir o resultado'."},
	{ReasonFederalCorrectionNotLatest, "Só o resultado em vigor pode ser corrigido, e só antes de qualquer ganhador ser invalidado ou re-sorteado."},
	{ReasonFederalCorrectionSame, "Os cinco prêmios informados são os mesmos do resultado registrado: não há o que corrigir."},
}

var reasonMessages = func() map[string]string {
	m := make(map[string]string, len(reasons))
	for _, r := range reasons {
		m[r.code] = r.message
	}
	return m
}()

// Message is the pt-BR text shown to the user for a reason code.
func Message(reason string) string {
	if m, ok := reasonMessages[reason]; ok {
		return m
	}
	return "Alteração recusada."
}

// Reasons lists every reason code, in the table's order.
func Reasons() []string {
	out := make([]string, len(reasons))
	for i, r := range reasons {
		out[i] = r.code
	}
	return out
}

// Rejection says why an op was not applied.
type Rejection struct {
	Reason  string
	Message string
}

func (r *Rejection) Error() string { return r.Reason + ": " + r.Message }

// Reject returns the rejection for a reason code, with its message.
func Reject(reason string) *Rejection {
	return &Rejection{Reason: reason, Message: Message(reason)}
}
