package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// The push takes the configured body limit, whatever it is: above the
// default, a bigger push goes through; below it, a smaller one is refused.
// (JSON whitespace makes the body big without making it slow to decode.)
func TestPushBodyLimitIsConfigured(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		padded := func(bytes int) string {
			body := pushBody("0192a8b0-0000-7000-8000-000000000001")
			return body[:1] + strings.Repeat(" ", bytes) + body[1:]
		}
		for _, tc := range []struct {
			name    string
			maxBody int64
			size    int
			status  int
		}{
			{"above the default", protocol.MaxPushBytes + 4<<20, protocol.MaxPushBytes + 1<<20, http.StatusOK},
			{"below the default", 1 << 20, 2 << 20, http.StatusRequestEntityTooLarge},
			{"the default", 0, protocol.MaxPushBytes + 1, http.StatusRequestEntityTooLarge},
		} {
			t.Run(tc.name, func(t *testing.T) {
				e := newEnv(t, db, httpapi.Config{MaxBody: tc.maxBody})
				c := newClient(mustSignUp(t, e, "ana-"+strings.ReplaceAll(tc.name, " ", "-")+"@example.com", "segredo1"))
				res := e.do(t, request{method: "POST", path: "/api/sync/push", body: padded(tc.size), cookie: c.cookie})
				if body := readBody(t, res); res.StatusCode != tc.status {
					t.Fatalf("status %d, want %d: %.200s", res.StatusCode, tc.status, body)
				}
			})
		}
	})
}
