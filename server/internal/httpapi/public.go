package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
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
// raffle's log, whose position is its validator: it is read first, from the
// raffle's row alone; a client that holds it gets 304, and any other gets the
// record as cache encoded it for that version (audit_cache.go).
func handleAudit(st AuditStore, cache *AuditCache, limit Limiter, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := allow(limit, "ip:"+addressGroup(r, cfg)); err != nil {
			writeError(w, r, log, err)
			return
		}
		code := strings.ToUpper(chi.URLParam(r, "code"))
		if !protocol.IsCode(code) {
			writeError(w, r, log, &core.Error{Code: core.CodeNotFound})
			return
		}
		v, err := st.AuditVersion(r.Context(), code)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if tags := r.Header.Get("If-None-Match"); tags != "" && matchesETag(tags, v) {
			cacheAudit(w, v)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		// Other requests may wait for this encoding: a client that leaves
		// does not cancel it.
		ctx := context.WithoutCancel(r.Context())
		e, err := cache.get(code, v, func() (*auditEntry, error) {
			a, err := st.PublicAudit(ctx, code)
			if err != nil {
				return nil, err
			}
			return encodeAudit(code, a)
		})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		body := e.gzip
		if acceptsGzip(r) {
			// Already compressed: the route's compressor passes it through.
			w.Header().Set("Content-Encoding", "gzip")
		} else if body, err = cache.plain(e); err != nil {
			writeError(w, r, log, core.Internal(err))
			return
		}
		cacheAudit(w, e.version)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(body)
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

// encodeAudit writes the record once and compresses it (at the level of the
// public routes' compressor). The first draw carries the pool; redraws carry
// none (every verifier derives theirs), so the record is one pool plus a few
// hundred bytes a round, whatever the redraws.
func encodeAudit(code string, a store.Audit) (*auditEntry, error) {
	var exp draw.Export
	exp.Raffle.ID, exp.Raffle.Code, exp.Raffle.Title, exp.Raffle.Status = a.Raffle.ID, a.Raffle.Code, a.Raffle.Title, a.Raffle.Status
	exp.Raffle.DeletedAt = a.DeletedAt
	abandoned := make([]draw.Abandoned, len(a.Abandoned))
	for i, rd := range a.Abandoned {
		abandoned[i] = protocol.AbandonedRecord(rd)
	}
	refused := a.Refused
	if refused == nil {
		refused = []draw.Refused{}
	}
	head, err := json.Marshal(struct {
		Algorithm string                  `json:"algorithm"`
		Raffle    any                     `json:"raffle"`
		Prizes    []protocol.Prize        `json:"prizes"`
		Winners   []protocol.PublicWinner `json:"winners"`
		Abandoned []draw.Abandoned        `json:"abandoned"`
		// Rounds drawn offline and refused by the server: kept, never counted.
		Refused []draw.Refused `json:"refused_rounds"`
		// Alternates called to places ('Chamar suplente'), in order.
		Promotions []draw.Promotion `json:"promotions"`
	}{draw.Algorithm, exp.Raffle, protocol.ShownPrizes(a.Raffle.Prizes, a.Raffle.WinnersCount),
		protocol.PublicWinners(a.Winners), abandoned, refused, protocol.Promotions(a.Winners)})
	if err != nil {
		return nil, core.Internal(err)
	}
	var plain bytes.Buffer
	plain.Write(head[:len(head)-1]) // the object stays open for "draws"
	plain.WriteString(`,"draws":[`)
	for i, rd := range a.Rounds {
		if i > 0 {
			plain.WriteByte(',')
		}
		rec, err := json.Marshal(protocol.AuditRecord(rd, a.Pool))
		if err != nil {
			return nil, core.Internal(err)
		}
		plain.Write(rec)
	}
	plain.WriteString("]}\n")
	var zipped bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zipped, publicGzipLevel)
	_, _ = zw.Write(plain.Bytes())
	if err := zw.Close(); err != nil {
		return nil, core.Internal(err)
	}
	// The plain form is not kept: most clients take gzip (AuditCache.plain).
	return &auditEntry{code: code, version: a.Version, gzip: zipped.Bytes()}, nil
}
