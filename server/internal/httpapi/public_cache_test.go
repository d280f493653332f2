package httpapi_test

import (
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A settled raffle's state and people pages may be kept by any cache for a
// few seconds and revalidated by the log position; anything live, missing
// or per person never.
func TestPublicCaching(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const state, people = "/api/public/raffles/K7P2QX", "/api/public/raffles/K7P2QX/participants?q=pe"
		cases := []struct {
			stage, path string
			cacheable   bool
		}{
			{"pending", state, false},
			{"pending", people, false},
			{"open", state, false}, // a countdown and a result to come
			{"open", people, false},
			{"drawn", state, true},
			{"drawn", people, true},
			{"drawn", "/api/public/raffles/ZZZZZZ", false}, // a code may exist later
			{"deleted", state, false},
		}
		for _, c := range cases {
			t.Run(c.stage+c.path, func(t *testing.T) {
				e := newEnv(t, storetest.MustOpenDB(t, db.Dialect()), httpapi.Config{})
				e.handler = wire(t, e.db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
				auditFixture(c.stage)(t, e)
				res := e.do(t, request{method: "GET", path: c.path})
				body := readBody(t, res)
				tag, cc := res.Header.Get("ETag"), res.Header.Get("Cache-Control")
				if !c.cacheable {
					if cc != "no-store" || tag != "" {
						t.Fatalf("%d: Cache-Control %q, ETag %q, want no-store and none", res.StatusCode, cc, tag)
					}
					return
				}
				if res.StatusCode != 200 || cc != "public, max-age=5" || !strings.HasPrefix(tag, `W/"K7P2QX-`) {
					t.Fatalf("%d: Cache-Control %q, ETag %q: %s", res.StatusCode, cc, tag, body)
				}
				again := e.do(t, request{method: "GET", path: c.path, headers: map[string]string{"If-None-Match": `"other", ` + tag}})
				if b := readBody(t, again); again.StatusCode != 304 || b != "" || again.Header.Get("ETag") != tag {
					t.Errorf("revalidation: %d %q, ETag %q", again.StatusCode, b, again.Header.Get("ETag"))
				}
				stale := e.do(t, request{method: "GET", path: c.path, headers: map[string]string{"If-None-Match": `W/"K7P2QX-1"`}})
				if b := readBody(t, stale); stale.StatusCode != 200 || !strings.Contains(b, `"K7P2QX"`) && !strings.Contains(b, `"people"`) {
					t.Errorf("an old version: %d %s", stale.StatusCode, b)
				}
			})
		}
	})
}
