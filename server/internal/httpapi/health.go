package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
)

// Pinger is a database that can say whether it answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

func handleHealth(db Pinger, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		w.Header().Set("Cache-Control", "no-store")
		if err := db.Ping(ctx); err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
}

// Readiness says whether this instance can serve (store.DB.Ready).
type Readiness interface {
	Ready(ctx context.Context) (store.Readiness, bool)
}

// handleReady answers /readyz: 200 when the database answers at the
// expected schema version and PostgreSQL's LISTEN is up, else 503 with
// the failing checks, so a proxy takes the instance out while it
// reconnects. /healthz stays the liveness answer.
func handleReady(st Readiness, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if st == nil {
			writeJSON(w, http.StatusOK, map[string]any{"status": "ok"})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		checks, ok := st.Ready(ctx)
		if !ok {
			w.Header().Set("Retry-After", "1")
			writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "indisponível", "checks": checks})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	})
}
