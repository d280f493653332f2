// Package protocol is the sync protocol's domain logic: op types, payload
// validation and the conflict rules. It knows nothing of HTTP or SQL; the
// server's store loads the state an op needs and asks this package whether
// the op may apply. docs/sync-protocol.md describes it in words.
package protocol

// SchemaVersion is the protocol version this code speaks; the server also
// accepts MinSchemaVersion, the previous one, so old clients can drain their
// outboxes after an upgrade.
const (
	SchemaVersion    = 2
	MinSchemaVersion = 1
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
)

// Message is the pt-BR text shown to the user for a reason code.
func Message(reason string) string {
	switch reason {
	case ReasonInvalidPayload:
		return "Dados da alteração inválidos."
	case ReasonUnknownType:
		return "Tipo de alteração desconhecido."
	case ReasonStaleMutation:
		return "Alteração fora de ordem."
	case ReasonRaffleNotFound:
		return "Sorteio não encontrado ou você não tem permissão"
	case ReasonRaffleExists:
		return "Já existe um sorteio com este identificador."
	case ReasonTitleRequired:
		return "O título é obrigatório."
	case ReasonTitleTooLong:
		return "O título deve ter no máximo 200 caracteres."
	case ReasonDescriptionTooLong:
		return "A descrição deve ter no máximo 2.000 caracteres."
	case ReasonInvalidRaffleType:
		return "Tipo de sorteio inválido."
	case ReasonWinnersOutOfRange:
		return "O número de vencedores deve estar entre 1 e 100."
	case ReasonCountdownOutOfRange:
		return "A contagem regressiva deve estar entre 0 e 300 segundos."
	case ReasonDrawStarted:
		return "O sorteio já começou: não é mais possível alterá-lo."
	case ReasonDrawInProgress:
		return "O sorteio está em andamento: aguarde o fim para excluir."
	case ReasonNameRequired:
		return "Nome é obrigatório"
	case ReasonNameTooLong:
		return "O nome deve ter no máximo 200 caracteres."
	case ReasonInvalidEmail:
		return "E-mail inválido."
	case ReasonInvalidTicketNumber:
		return "Número do bilhete inválido (máximo 20 caracteres)."
	case ReasonParticipantExists:
		return "Este participante já foi adicionado."
	case ReasonBatchTooLarge:
		return "Envie no máximo 5.000 bilhetes por alteração."
	case ReasonTooManyTickets:
		return "Total de bilhetes excede o limite. Máximo: 100.000"
	case ReasonTooManyPeople:
		return "Total de participantes únicos excede o limite. Máximo: 10.000"
	case ReasonTooManyTicketsPerOne:
		return "Quantidade muito alta. Máximo: 1000 bilhetes por pessoa"
	case ReasonGroupNotFound:
		return "Participante não encontrado."
	case ReasonNotEnoughTickets:
		return "Não há bilhetes suficientes para sortear todos os vencedores."
	case ReasonNotEnoughPeople:
		return "Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas."
	case ReasonPoolChanged:
		return "Os participantes mudaram antes do início do sorteio: confira a lista e tente de novo."
	case ReasonSettingsChanged:
		return "As configurações do sorteio mudaram antes do início: confira e tente de novo."
	case ReasonDrawOpen:
		return "Há um sorteio em andamento: aguarde o resultado."
	case ReasonDrawNotFound:
		return "Rodada de sorteio não encontrada."
	case ReasonDrawCompleted:
		return "Este sorteio já foi realizado: vale o resultado registrado no servidor."
	case ReasonNotDrawn:
		return "O sorteio ainda não foi realizado."
	case ReasonSeedMismatch:
		return "A semente revelada não corresponde ao compromisso publicado no início."
	case ReasonResultMismatch:
		return "O resultado enviado não confere com a semente e os participantes."
	case ReasonPositionTaken:
		return "Esta posição não tem um vencedor invalidado para re-sortear."
	case ReasonNoEligible:
		return "Não há participantes elegíveis para re-sorteio"
	case ReasonWinnerNotFound:
		return "Vencedor não encontrado."
	case ReasonWinnerInvalid:
		return "Este vencedor já foi invalidado."
	case ReasonReasonTooLong:
		return "O motivo deve ter no máximo 500 caracteres."
	case ReasonModeMismatch:
		return "O sorteio foi iniciado em outro modo (online ou offline): conclua-o no modo declarado no início."
	case ReasonTextInvalid:
		return "O texto tem caracteres não permitidos (de controle ou que invertem a direção do texto)."
	case ReasonInvalidID:
		return "Identificador inválido: o aplicativo deve gerar UUIDv7."
	case ReasonInvalidCode:
		return "Código do sorteio inválido: use 6 caracteres sem I, O, 0 ou 1."
	case ReasonInvalidCreatedAt:
		return "Data de criação inválida: confira a data e a hora do aparelho."
	case ReasonUnknownField:
		return "A alteração tem um campo desconhecido. Atualize o aplicativo."
	case ReasonInvalidMutationID:
		return "Número de sequência da alteração inválido."
	case ReasonTooManyRaffles:
		return "Você atingiu o limite de sorteios desta conta: exclua um sorteio antigo para criar outro."
	}
	return "Alteração recusada."
}

// Reasons lists every reason code (tests check each has its own message).
func Reasons() []string {
	return []string{
		ReasonInvalidPayload, ReasonUnknownType, ReasonStaleMutation, ReasonRaffleNotFound,
		ReasonRaffleExists, ReasonTitleRequired, ReasonTitleTooLong, ReasonDescriptionTooLong,
		ReasonInvalidRaffleType, ReasonWinnersOutOfRange, ReasonCountdownOutOfRange,
		ReasonDrawStarted, ReasonDrawInProgress, ReasonNameRequired, ReasonNameTooLong,
		ReasonInvalidEmail, ReasonInvalidTicketNumber, ReasonParticipantExists, ReasonBatchTooLarge,
		ReasonTooManyTickets, ReasonTooManyPeople, ReasonTooManyTicketsPerOne, ReasonGroupNotFound,
		ReasonNotEnoughTickets, ReasonNotEnoughPeople, ReasonPoolChanged, ReasonSettingsChanged, ReasonDrawOpen,
		ReasonDrawNotFound, ReasonDrawCompleted, ReasonNotDrawn, ReasonSeedMismatch,
		ReasonResultMismatch, ReasonPositionTaken, ReasonNoEligible, ReasonWinnerNotFound,
		ReasonWinnerInvalid, ReasonReasonTooLong, ReasonModeMismatch,
		ReasonTextInvalid, ReasonInvalidID, ReasonInvalidCode, ReasonInvalidCreatedAt, ReasonUnknownField,
		ReasonInvalidMutationID, ReasonTooManyRaffles,
	}
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
