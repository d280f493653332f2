package httpapi

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/core"
)

// A request its client gave up on (the store's read cancelled with it) is not an error of the
// server's: logged at info, without the cause. One still under way is an error.
func TestWriteErrorLogsAbandonedRequestsAtInfo(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		cancelled bool
		want      string
	}{
		{"client gone", true, "level=INFO msg=\"requisição abandonada pelo cliente\""},
		{"client waiting", false, "level=ERROR msg=\"erro na requisição\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			log := slog.New(slog.NewTextHandler(&out, nil))
			ctx, cancel := context.WithCancel(context.Background())
			if tc.cancelled {
				cancel()
			} else {
				defer cancel()
			}
			r := httptest.NewRequest("GET", "/api/auth/session", nil).WithContext(ctx)
			w := httptest.NewRecorder()
			writeError(w, r, log, &core.Error{Code: core.CodeUnavailable, Err: errors.New("context canceled")})
			if w.Code != 503 || !strings.Contains(out.String(), tc.want) {
				t.Fatalf("%d, logged %q", w.Code, out.String())
			}
		})
	}
}
