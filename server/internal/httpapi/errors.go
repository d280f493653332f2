package httpapi

import (
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/sorteio/sorteio/server/internal/core"
)

// errorInfo is the one place that maps an error code to its HTTP status and
// default pt-BR message.
func errorInfo(code core.Code) (status int, message string) {
	switch code {
	case core.CodeInvalidInput:
		return http.StatusBadRequest, "Dados inválidos."
	case core.CodeInvalidJSON:
		return http.StatusBadRequest, "O corpo da requisição não é um JSON válido."
	case core.CodeUnauthenticated:
		return http.StatusUnauthorized, "Você precisa entrar para continuar."
	case core.CodeInvalidCredentials:
		return http.StatusUnauthorized, "E-mail ou senha incorretos."
	case core.CodeForbiddenOrigin:
		return http.StatusForbidden, "Requisição de outra origem recusada."
	case core.CodeForbiddenClient:
		return http.StatusForbidden, "Este dispositivo está associado a outra conta."
	case core.CodeNotFound:
		return http.StatusNotFound, "Recurso não encontrado."
	case core.CodeRaffleNotFound:
		return http.StatusNotFound, "Sorteio não encontrado."
	case core.CodeMethodNotAllowed:
		return http.StatusMethodNotAllowed, "Método não permitido."
	case core.CodeEmailTaken:
		return http.StatusConflict, "Este e-mail já está cadastrado."
	case core.CodeBodyTooLarge:
		return http.StatusRequestEntityTooLarge, "O corpo da requisição é grande demais."
	case core.CodeUnsupportedMediaType:
		return http.StatusUnsupportedMediaType, "Envie os dados como JSON (Content-Type: application/json)."
	case core.CodeRateLimited:
		return http.StatusTooManyRequests, "Muitas tentativas. Aguarde um pouco e tente novamente."
	case core.CodeUnavailable:
		return http.StatusServiceUnavailable, "Serviço indisponível no momento."
	default:
		return http.StatusInternalServerError, "Erro interno. Tente novamente."
	}
}

type errorBody struct {
	Code    core.Code `json:"code"`
	Message string    `json:"message"`
	Field   string    `json:"field,omitempty"`
}

// writeError answers err as JSON. Internal causes are logged, never sent.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	e := core.AsError(err)
	status, message := errorInfo(e.Code)
	if e.Message != "" {
		message = e.Message
	}
	if status >= 500 {
		log.Error("erro na requisição", "method", r.Method, "path", r.URL.Path, "code", e.Code, "err", err)
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	writeJSON(w, status, errorBody{Code: e.Code, Message: message, Field: e.Field})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
