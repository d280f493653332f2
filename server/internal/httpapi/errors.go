package httpapi

import (
	"encoding/json"
	"log/slog"
	"math"
	"net/http"
	"strconv"

	"github.com/sorteio/sorteio/server/internal/core"
)

type errorBody struct {
	Code    core.Code `json:"code"`
	Message string    `json:"message"`
	Field   string    `json:"field,omitempty"`
}

// writeError answers err as JSON. Internal causes are logged, never sent.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	e := core.AsError(err)
	status, message := core.Describe(e.Code)
	if e.Message != "" {
		message = e.Message
	}
	switch {
	case status >= 500 && r.Context().Err() != nil:
		// The client left (a closed tab, a lost connection): nothing went wrong here.
		log.Info("requisição abandonada pelo cliente", "request_id", requestID(r), "method", r.Method, "path", r.URL.Path, "code", e.Code)
	case status >= 500:
		log.Error("erro na requisição", "request_id", requestID(r), "method", r.Method, "path", r.URL.Path, "code", e.Code, "err", err)
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
