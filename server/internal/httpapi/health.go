package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"
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
