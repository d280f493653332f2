package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// AuditStore is what the public audit needs from storage.
type AuditStore interface {
	PublicAudit(ctx context.Context, code string) (store.Audit, error)
}

// handleAudit answers a raffle's public audit record by code, for anyone:
// the export of docs/draw-algorithm.md §9 (every completed round, with its
// pool without e-mails) plus every winner, valid or not.
func handleAudit(st AuditStore, limit Limiter, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := allow(limit, "ip:"+clientIP(r, cfg.TrustProxy)); err != nil {
			writeError(w, r, log, err)
			return
		}
		code := strings.ToUpper(chi.URLParam(r, "code"))
		if !protocol.IsCode(code) {
			writeError(w, r, log, &core.Error{Code: core.CodeNotFound})
			return
		}
		a, err := st.PublicAudit(r.Context(), code)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeAudit(w, a)
	})
}

// writeAudit streams the record one round at a time: with redraws of a
// 100,000-ticket raffle, each round carries its own pool.
func writeAudit(w http.ResponseWriter, a store.Audit) {
	var exp draw.Export
	exp.Raffle.ID, exp.Raffle.Code, exp.Raffle.Title, exp.Raffle.Status = a.Raffle.ID, a.Raffle.Code, a.Raffle.Title, a.Raffle.Status
	head, _ := json.Marshal(struct {
		Algorithm string            `json:"algorithm"`
		Raffle    any               `json:"raffle"`
		Winners   []protocol.Winner `json:"winners"`
	}{draw.Algorithm, exp.Raffle, a.Winners})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(head[:len(head)-1]) // the object stays open for "draws"
	_, _ = w.Write([]byte(`,"draws":[`))
	for i, rd := range a.Rounds {
		if i > 0 {
			_, _ = w.Write([]byte(","))
		}
		rec, _ := json.Marshal(protocol.AuditRecord(rd, protocol.RoundPool(rd, a.Pool, a.Rounds, a.Winners)))
		_, _ = w.Write(rec)
	}
	_, _ = w.Write([]byte("]}\n"))
}
