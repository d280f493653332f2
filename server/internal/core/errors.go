// Package core holds the server's domain types and its one error type.
package core

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// ErrDeleted marks a raffle_not_found for a code whose raffle was deleted:
// codes are never reused, so a viewer of it need not wait for it.
var ErrDeleted = errors.New("raffle deleted")

// Code is a stable, machine-readable error code. The set is closed: the HTTP
// layer maps each one to a status and a default pt-BR message in one place.
type Code string

const (
	CodeInvalidInput         Code = "invalid_input"
	CodeInvalidJSON          Code = "invalid_json"
	CodeUnauthenticated      Code = "unauthenticated"
	CodeInvalidCredentials   Code = "invalid_credentials" //nolint:gosec // an error code, not a credential
	CodeForbiddenOrigin      Code = "forbidden_origin"
	CodeForbiddenClient      Code = "forbidden_client"
	CodeNotFound             Code = "not_found"
	CodeRaffleNotFound       Code = "raffle_not_found"
	CodeMethodNotAllowed     Code = "method_not_allowed"
	CodeEmailTaken           Code = "email_taken"
	CodeBodyTooLarge         Code = "body_too_large"
	CodeUnsupportedMediaType Code = "unsupported_media_type"
	CodeRateLimited          Code = "rate_limited"
	CodeInternal             Code = "internal"
	CodeUnavailable          Code = "unavailable"
	CodeOIDCDisabled         Code = "oidc_disabled"
	CodeOIDCDenied           Code = "oidc_denied"
	CodeOIDCState            Code = "oidc_state"
	CodeOIDCFailed           Code = "oidc_failed"
	CodeOIDCUnavailable      Code = "oidc_unavailable"
	CodeOIDCStale            Code = "oidc_stale"
	CodeOIDCOtherAccount     Code = "oidc_other_account"
	CodeLinkInvalid          Code = "link_invalid"
	CodeLinkUsed             Code = "link_used"
	CodeLinkExpired          Code = "link_expired"
)

// codes is the one table of error codes: each one's HTTP status and default
// pt-BR message. sync/testdata/catalogue.json holds the same for both sides'
// tests. A new code adds a constant above and a row here (and to the catalogue).
var codes = []struct {
	code    Code
	status  int
	message string
}{
	{CodeInvalidInput, 400, "Dados inválidos."},
	{CodeInvalidJSON, 400, "O corpo da requisição não é um JSON válido."},
	{CodeUnauthenticated, 401, "Você precisa entrar para continuar."},
	{CodeInvalidCredentials, 401, "E-mail ou senha incorretos."},
	{CodeForbiddenOrigin, 403, "Requisição de outra origem recusada."},
	{CodeForbiddenClient, 403, "Este dispositivo está associado a outra conta."},
	{CodeNotFound, 404, "Recurso não encontrado."},
	{CodeRaffleNotFound, 404, "Sorteio não encontrado."},
	{CodeMethodNotAllowed, 405, "Método não permitido."},
	{CodeEmailTaken, 409, "Este e-mail já está cadastrado."},
	{CodeBodyTooLarge, 413, "O corpo da requisição é grande demais."},
	{CodeUnsupportedMediaType, 415, "Envie os dados como JSON (Content-Type: application/json)."},
	{CodeRateLimited, 429, "Muitas tentativas. Aguarde um pouco e tente novamente."},
	{CodeInternal, 500, "Erro interno. Tente novamente."},
	{CodeUnavailable, 503, "Serviço indisponível no momento."},
	{CodeOIDCDisabled, 404, "A entrada por provedor de identidade não está configurada."},
	{CodeOIDCDenied, 401, "A entrada pelo provedor foi cancelada ou recusada."},
	{CodeOIDCState, 400, "A tentativa de entrada expirou ou não é válida. Tente novamente."},
	{CodeOIDCFailed, 401, "O provedor não confirmou a sua identidade. Tente novamente."},
	{CodeOIDCUnavailable, 502, "O provedor de identidade não respondeu. Tente novamente em instantes."},
	{CodeOIDCStale, 401, "O provedor não pediu sua senha agora. Entre de novo no provedor para confirmar que é você."},
	{CodeOIDCOtherAccount, 403, "Você entrou no provedor com outra conta. Use a conta ligada a este Sorteio."},
	{CodeLinkInvalid, 400, "Este link não é válido. Peça um novo."},
	{CodeLinkUsed, 410, "Este link já foi usado. Peça um novo."},
	{CodeLinkExpired, 410, "Este link expirou. Peça um novo."},
}

// Codes lists every code, in the table's order.
func Codes() []Code {
	out := make([]Code, len(codes))
	for i, c := range codes {
		out[i] = c.code
	}
	return out
}

// Describe returns a code's HTTP status and default pt-BR message; an
// unknown code is described as CodeInternal.
func Describe(code Code) (status int, message string) {
	for _, c := range codes {
		if c.code == code {
			return c.status, c.message
		}
	}
	return Describe(CodeInternal)
}

// Error is the application's error. Message is shown to people (pt-BR); when it
// is empty the HTTP layer uses the code's default message. Err is the cause,
// logged but never shown.
type Error struct {
	Code       Code
	Message    string
	Field      string
	RetryAfter time.Duration
	Err        error
}

func (e *Error) Error() string {
	msg := string(e.Code)
	if e.Field != "" {
		msg += " (" + e.Field + ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an Error with a code and a pt-BR message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// RateLimited is the answer of a limit that refuses for wait: the message
// and Retry-After both say how long.
func RateLimited(wait time.Duration) *Error {
	return &Error{Code: CodeRateLimited, Message: "Muitas tentativas. Tente de novo em " + WaitText(wait) + ".", RetryAfter: wait}
}

// WaitText says d in pt-BR, rounded up: "1 segundo", "40 segundos" under a
// minute, else "1 minuto", "5 minutos".
func WaitText(d time.Duration) string {
	n, unit := int64(math.Ceil(d.Seconds())), "segundo"
	if n > 59 {
		n, unit = int64(math.Ceil(d.Minutes())), "minuto"
	}
	n = max(n, 1)
	if n > 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// FieldError reports bad input in one field.
func FieldError(field, message string) *Error {
	return &Error{Code: CodeInvalidInput, Field: field, Message: message}
}

// Internal wraps an unexpected failure; its cause is logged, not shown.
func Internal(err error) *Error {
	return &Error{Code: CodeInternal, Err: err}
}

// ErrorCode returns the code of err, CodeInternal for foreign errors.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// AsError returns err as *Error, wrapping foreign errors as internal ones.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
