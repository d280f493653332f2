package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestForgotSameForUnknown: 'Esqueci minha senha' answers a known and an
// unknown e-mail alike, and does the same work for both while answering
// (counted, not timed): one reset request into the outbox. Only the
// sender, later, finds the account and sends the link.
func TestForgotSameForUnknown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		mustSignUp(t, e.env, "caio@example.com", "senha-longa-1")
		e.deliver(t)
		e.calls.take()

		type answer struct {
			status int
			body   string
			calls  []string
		}
		ask := func(email string) answer {
			res, body := e.post(t, "/api/auth/forgot", `{"email":"`+email+`"}`, nil)
			return answer{res.StatusCode, body, e.calls.take()}
		}
		known, unknown := ask("Caio@Example.com"), ask("ninguem@example.com")
		if known.status != http.StatusAccepted || !strings.Contains(known.body, httpapi.ForgotAnswer) {
			t.Errorf("known: %d %s, want 202 with %q", known.status, known.body, httpapi.ForgotAnswer)
		}
		if unknown.status != known.status || unknown.body != known.body {
			t.Errorf("unknown answered %d %s, known %d %s", unknown.status, unknown.body, known.status, known.body)
		}
		if !slices.Equal(known.calls, unknown.calls) || len(known.calls) == 0 {
			t.Errorf("work while answering: known %v, unknown %v", known.calls, unknown.calls)
		}
		sent := e.deliver(t)
		if len(sent) != 1 || sent[0].To != "caio@example.com" || !strings.HasPrefix(sent[0].Subject, "Redefinir sua senha") {
			t.Errorf("sent %+v, want one 'Redefinir sua senha' to caio@example.com", sent)
		}
		if n := storetest.CountOutbox(t, db); n != 0 {
			t.Errorf("outbox holds %d rows after sending, want 0", n)
		}
	})
}

// TestResetPassword: the link sets a new password (the sign-up rules), ends
// every session of the account, signs this device in, works once, and not
// after 30 minutes.
func TestResetPassword(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		first := mustSignUp(t, e.env, "davi@example.com", "senha-antiga-1")
		e.deliver(t)
		res, _ := e.post(t, "/api/auth/signin", `{"email":"davi@example.com","password":"senha-antiga-1"}`, nil)
		second := sessionCookie(t, res)
		// The other device's live channel must close with its session.
		e.listenPokes(t)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		socket := dialWS(t, srv.URL, srv.URL, second)
		waitConnected(t, e.hub, httpapi.UserTopic(userIDOf(t, e.env, newClient(first))), 1)

		e.post(t, "/api/auth/forgot", `{"email":"davi@example.com"}`, nil)
		token := e.link(t, "davi@example.com", "Redefinir sua senha")
		wantStored(t, db, token)

		res, body := e.post(t, "/api/auth/reset", `{"token":"`+token+`","password":"123"}`, nil)
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("a short password: %d %s, want 400", res.StatusCode, body)
		}
		res, body = e.post(t, "/api/auth/reset", `{"token":"`+token+`","password":"senha-nova-22"}`, nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, "davi@example.com") {
			t.Fatalf("reset: %d %s", res.StatusCode, body)
		}
		here := sessionCookie(t, res)
		expectSessionEndedClose(t, socket, 1)
		for name, c := range map[string]*http.Cookie{"the sign-up's session": first, "the other sign-in": second} {
			if res, body := e.get(t, "/api/account", c); res.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s after the reset: %d %s, want 401", name, res.StatusCode, body)
			}
		}
		if res, body := e.get(t, "/api/account", here); res.StatusCode != http.StatusOK {
			t.Errorf("this device after the reset: %d %s, want 200", res.StatusCode, body)
		}
		if n := storetest.CountSessions(t, db); n != 1 {
			t.Errorf("sessions = %d, want 1", n)
		}
		if res, _ := e.post(t, "/api/auth/signin", `{"email":"davi@example.com","password":"senha-antiga-1"}`, nil); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("the old password: %d, want 401", res.StatusCode)
		}
		if res, body := e.post(t, "/api/auth/signin", `{"email":"davi@example.com","password":"senha-nova-22"}`, nil); res.StatusCode != http.StatusOK {
			t.Errorf("the new password: %d %s", res.StatusCode, body)
		}
		res, body = e.post(t, "/api/auth/reset", `{"token":"`+token+`","password":"outra-senha-33"}`, nil)
		if res.StatusCode != http.StatusGone || !strings.Contains(body, `"link_used"`) {
			t.Errorf("the link again: %d %s, want 410 link_used", res.StatusCode, body)
		}

		e.post(t, "/api/auth/forgot", `{"email":"davi@example.com"}`, nil)
		late := e.link(t, "davi@example.com", "Redefinir sua senha")
		e.later(30*time.Minute + time.Second)
		res, body = e.post(t, "/api/auth/reset", `{"token":"`+late+`","password":"outra-senha-33"}`, nil)
		if res.StatusCode != http.StatusGone || !strings.Contains(body, `"link_expired"`) {
			t.Errorf("after 30 minutes: %d %s, want 410 link_expired", res.StatusCode, body)
		}
		if res, _ := e.post(t, "/api/auth/signin", `{"email":"davi@example.com","password":"senha-nova-22"}`, nil); res.StatusCode != http.StatusOK {
			t.Errorf("an expired link changed the password: sign-in %d", res.StatusCode)
		}
	})
}

// TestForgotRateLimited: per client address and per typed e-mail.
func TestForgotRateLimited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		limits := looseLimits()
		limits.ForgotIP = ratelimit.New(3, time.Hour, time.Now)
		limits.ForgotEmail = ratelimit.New(2, time.Hour, time.Now)
		e := newMailEnv(t, db, limits)
		ask := func(email, remote string) int {
			res := e.do(t, request{method: "POST", path: "/api/auth/forgot", body: `{"email":"` + email + `"}`, remote: remote})
			return res.StatusCode
		}
		got := []int{ask("eva@example.com", "10.0.0.1:1"), ask("EVA@example.com", "10.0.0.2:1"), ask("eva@example.com", "10.0.0.3:1")}
		if !slices.Equal(got, []int{202, 202, 429}) {
			t.Errorf("one e-mail from three addresses: %v, want [202 202 429]", got)
		}
		got = []int{ask("f1@example.com", "10.0.0.9:1"), ask("f2@example.com", "10.0.0.9:1"), ask("f3@example.com", "10.0.0.9:1"), ask("f4@example.com", "10.0.0.9:1")}
		if !slices.Equal(got, []int{202, 202, 202, 429}) {
			t.Errorf("four e-mails from one address: %v, want [202 202 202 429]", got)
		}
		if n := storetest.CountOutbox(t, db); n != 5 {
			t.Errorf("outbox = %d, want 5 (refused requests enqueue nothing)", n)
		}
	})
}
