package httpapi_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The same-origin check compares scheme, host and port (the test server is
// http://example.com); nothing is written when it refuses.
func TestOriginScenarios(t *testing.T) {
	t.Parallel()
	signup := func(headers map[string]string) request {
		return request{method: "POST", path: "/api/auth/signup", body: `{"email":"a@example.com","password":"segredo1"}`, headers: headers}
	}
	refused := []string{`"code":"forbidden_origin"`}
	var rows []scenario
	for _, c := range []struct {
		name    string
		headers map[string]string
		status  int
	}{
		{"https origin over http", map[string]string{"Origin": "https://example.com"}, 403},
		{"https origin over http, Sec-Fetch-Site claimed same-origin", map[string]string{"Origin": "https://example.com", "Sec-Fetch-Site": "same-origin"}, 403},
		{"another port", map[string]string{"Origin": "http://example.com:8080"}, 403},
		{"another host", map[string]string{"Origin": "http://example.com.evil.example"}, 403},
		{"opaque origin", map[string]string{"Origin": "null"}, 403},
		{"same-site, not same-origin", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"cross-site without Origin", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"same origin", map[string]string{"Origin": "http://example.com"}, 201},
		{"same origin, default port written", map[string]string{"Origin": "http://EXAMPLE.com:80"}, 201},
		{"no browser headers (a command-line tool)", nil, 201},
	} {
		sc := scenario{name: c.name, req: signup(c.headers), status: c.status, after: wantCounts(0, 0)}
		if c.status == 403 {
			sc.want = refused
		} else {
			sc.after = wantCounts(1, 1)
		}
		rows = append(rows, sc)
	}
	runScenarios(t, rows)
}

// Behind a trusted proxy the scheme is the one the proxy reports.
func TestOriginBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{TrustProxy: true})
		body := `{"email":"a@example.com","password":"segredo1"}`
		for _, c := range []struct {
			origin, proto string
			status        int
		}{
			{"https://example.com", "https", 201},
			{"http://example.com", "https", 403},
			{"https://example.com", "", 403},
		} {
			res := e.do(t, request{method: "POST", path: "/api/auth/signup", body: body,
				headers: map[string]string{"Origin": c.origin, "X-Forwarded-Proto": c.proto}})
			if res.StatusCode != c.status {
				t.Errorf("Origin %s, X-Forwarded-Proto %q: %d, want %d", c.origin, c.proto, res.StatusCode, c.status)
			}
		}
	})
}
