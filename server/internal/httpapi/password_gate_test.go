package httpapi_test

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Guessing the current password costs a hash, so it is limited like a
// sign-in (here 3 per session, 5 per account, then 1 a minute, on a stopped
// clock), before the hash: the answer past a limit is 429 with the wait in
// Retry-After and in the message, and the password stays.
func TestPasswordChangeIsLimited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		stopped := func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC) }
		limits := looseLimits()
		limits.PasswordSession = ratelimit.New(3, time.Minute, stopped)
		limits.PasswordAccount = ratelimit.New(5, time.Minute, stopped)
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, limits, e.clock.Now)
		s1 := mustSignUp(t, e, "ana@example.com", "segredo1")
		s2 := mustSignIn(t, e, "ana@example.com", "segredo1", "10.1.1.1:1")
		wrong := `{"current":"errada11","password":"segredo2"}`
		for _, step := range []struct {
			session *http.Cookie
			want    int
		}{
			{s1, 400}, {s1, 400}, {s1, 400},
			{s1, 429}, // the session's 3
			{s2, 400}, {s2, 400},
			{s2, 429}, // the account's 5
		} {
			res := e.do(t, request{method: "POST", path: "/api/account/password", cookie: step.session, body: wrong})
			body := readBody(t, res)
			if res.StatusCode != step.want {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, step.want, body)
			}
			if step.want == 429 && (res.Header.Get("Retry-After") != "60" ||
				!contains(body, `"rate_limited"`, "Muitas tentativas. Tente de novo em 1 minuto.")) {
				t.Fatalf("429 without its wait: Retry-After %q, %s", res.Header.Get("Retry-After"), body)
			}
		}
		// Refused even with the right password: the limit comes before the hash.
		res := e.do(t, request{method: "POST", path: "/api/account/password", cookie: s1, body: `{"current":"segredo1","password":"segredo2"}`})
		if res.StatusCode != 429 {
			t.Fatalf("right password past the limit: %d", res.StatusCode)
		}
		mustSignIn(t, e, "ana@example.com", "segredo1", "10.1.1.2:1")
	})
}

// heldHasher is a fake argon2id ("fake:" + the password) whose checks can be
// held inside the gate's one slot until the test lets them go.
type heldHasher struct {
	hold   atomic.Bool
	inside chan struct{}
	letGo  chan struct{}
}

func (h *heldHasher) hash(pw string) (string, error) { return "fake:" + pw, nil }

func (h *heldHasher) verify(pw, encoded string) (bool, error) {
	if h.hold.Load() {
		h.inside <- struct{}{}
		<-h.letGo
	}
	return encoded == "fake:"+pw, nil
}

// With the gate's one slot taken by a sign-in, a password change waits; when
// its wait ends (fired by the test, nothing sleeps) it gets 429 with
// Retry-After and changes nothing.
func TestPasswordGateAnswers429WhenTheWaitEnds(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := &heldHasher{inside: make(chan struct{}), letGo: make(chan struct{})}
		waiting, fire := make(chan struct{}, 10), make(chan time.Time)
		gate := auth.NewGate(auth.GateConfig{Slots: 1, Wait: 2 * time.Second, Hash: h.hash, Verify: h.verify,
			After: func(time.Duration) <-chan time.Time { waiting <- struct{}{}; return fire }})
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wireGate(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now, gate)
		ana := mustSignUp(t, e, "ana@example.com", "segredo1")

		h.hold.Store(true)
		var held sync.WaitGroup
		held.Go(func() {
			e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.2.2.2:1", body: `{"email":"ana@example.com","password":"segredo1"}`})
		})
		<-h.inside // the sign-in holds the slot
		h.hold.Store(false)

		done := make(chan *http.Response)
		go func() {
			done <- e.do(t, request{method: "POST", path: "/api/account/password", cookie: ana, body: `{"current":"segredo1","password":"segredo2"}`})
		}()
		select {
		case <-waiting:
		case res := <-done:
			t.Fatalf("the password change did not wait for the gate's slot: %d %s", res.StatusCode, readBody(t, res))
		}
		close(fire)
		res := <-done
		body := readBody(t, res)
		if res.StatusCode != 429 || res.Header.Get("Retry-After") != "2" ||
			!contains(body, `"rate_limited"`, "O servidor está ocupado com outras entradas. Tente de novo em 2 segundos.") {
			t.Fatalf("password change while the gate is full: %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), body)
		}
		close(h.letGo)
		held.Wait()
		// Nothing changed: the old password still signs in, the new one does not.
		mustSignIn(t, e, "ana@example.com", "segredo1", "10.3.3.3:1")
		res = e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.3.3.3:1", body: `{"email":"ana@example.com","password":"segredo2"}`})
		if res.StatusCode != 401 {
			t.Fatalf("the refused new password signs in: %d", res.StatusCode)
		}
	})
}

func contains(body string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(body, p) {
			return false
		}
	}
	return true
}
