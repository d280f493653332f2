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
	AuditVersion(ctx context.Context, code string) (string, error)
	PublicAudit(ctx context.Context, code string) (store.Audit, error)
}

// handleAudit answers a raffle's public audit record by code, for anyone:
// the export of docs/draw-algorithm.md §9 (the first draw's pool without
// e-mails, every completed and abandoned round) plus every winner, valid or
// not, without invalidation reasons. The record changes only with the
// raffle's log, whose position is its validator: a client that holds the
// current one gets 304 before any round or pool is read.
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
		if tags := r.Header.Get("If-None-Match"); tags != "" {
			v, err := st.AuditVersion(r.Context(), code)
			if err != nil {
				writeError(w, r, log, err)
				return
			}
			if matchesETag(tags, v) {
				cacheAudit(w, v)
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		a, err := st.PublicAudit(r.Context(), code)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		cacheAudit(w, a.Version)
		writeAudit(w, a)
	})
}

// cacheAudit: any cache may keep the record, and must ask again (cheaply,
// with the validator) before using it, since a round may complete any time.
func cacheAudit(w http.ResponseWriter, version string) {
	w.Header().Set("ETag", etag(version))
	w.Header().Set("Cache-Control", "public, no-cache")
	w.Header().Set("Vary", "Accept-Encoding")
}

// etag is weak: the gzip and plain answers are the same record, not the
// same bytes.
func etag(version string) string { return `W/"` + version + `"` }

// matchesETag compares an If-None-Match list weakly (RFC 9110 §13.1.2).
func matchesETag(header, version string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == `"`+version+`"` {
			return true
		}
	}
	return false
}

// writeAudit streams the record one round at a time. The first draw carries
// the pool; redraws carry none (every verifier derives theirs), so the answer
// is one pool plus a few hundred bytes a round, whatever the redraws.
func writeAudit(w http.ResponseWriter, a store.Audit) {
	var exp draw.Export
	exp.Raffle.ID, exp.Raffle.Code, exp.Raffle.Title, exp.Raffle.Status = a.Raffle.ID, a.Raffle.Code, a.Raffle.Title, a.Raffle.Status
	exp.Raffle.DeletedAt = a.DeletedAt
	abandoned := make([]draw.Abandoned, len(a.Abandoned))
	for i, rd := range a.Abandoned {
		abandoned[i] = protocol.AbandonedRecord(rd)
	}
	head, _ := json.Marshal(struct {
		Algorithm string                  `json:"algorithm"`
		Raffle    any                     `json:"raffle"`
		Winners   []protocol.PublicWinner `json:"winners"`
		Abandoned []draw.Abandoned        `json:"abandoned"`
	}{draw.Algorithm, exp.Raffle, protocol.PublicWinners(a.Winners), abandoned})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(head[:len(head)-1]) // the object stays open for "draws"
	_, _ = w.Write([]byte(`,"draws":[`))
	for i, rd := range a.Rounds {
		if i > 0 {
			_, _ = w.Write([]byte(","))
		}
		rec, _ := json.Marshal(protocol.AuditRecord(rd, a.Pool))
		_, _ = w.Write(rec)
	}
	_, _ = w.Write([]byte("]}\n"))
}
