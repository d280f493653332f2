package httpapi_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A reset looks its token up before it hashes the new password: a made-up,
// used or expired token is refused without taking a slot of the password
// gate (counted: the gate's hasher is a counter), and a good one costs one
// hash.
func TestResetLooksTheTokenUpBeforeHashing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var hashes atomic.Int64
		gate := auth.NewGate(auth.GateConfig{
			Hash:   func(pw string) (string, error) { hashes.Add(1); return "fake:" + pw, nil },
			Verify: func(pw, encoded string) (bool, error) { return encoded == "fake:"+pw, nil }})
		e := newMailEnvGate(t, db, looseLimits(), gate)
		mustSignUp(t, e.env, "eva@example.com", "senha-antiga-1")
		e.deliver(t)
		e.post(t, "/api/auth/forgot", `{"email":"eva@example.com"}`, nil)
		token := e.link(t, "eva@example.com", "Redefinir sua senha")
		e.post(t, "/api/auth/forgot", `{"email":"eva@example.com"}`, nil)
		late := e.link(t, "eva@example.com", "Redefinir sua senha")

		reset := func(token string, want int, code string) {
			t.Helper()
			before := hashes.Load()
			res, body := e.post(t, "/api/auth/reset", `{"token":"`+token+`","password":"senha-nova-22"}`, nil)
			if res.StatusCode != want || !strings.Contains(body, code) {
				t.Fatalf("reset: %d %s, want %d %s", res.StatusCode, body, want, code)
			}
			wantHashes := int64(0)
			if want == http.StatusOK {
				wantHashes = 1
			}
			if n := hashes.Load() - before; n != wantHashes {
				t.Fatalf("a reset answered %d took %d hashes, want %d", want, n, wantHashes)
			}
		}
		reset(strings.Repeat("A", len(token)), http.StatusBadRequest, `"link_invalid"`)
		reset(late, http.StatusOK, `"eva@example.com"`)
		reset(late, http.StatusGone, `"link_used"`)
		reset(token, http.StatusGone, `"link_used"`) // spent with the newer one

		e.post(t, "/api/auth/forgot", `{"email":"eva@example.com"}`, nil)
		expired := e.link(t, "eva@example.com", "Redefinir sua senha")
		e.later(30*time.Minute + time.Second)
		reset(expired, http.StatusGone, `"link_expired"`)
	})
}
