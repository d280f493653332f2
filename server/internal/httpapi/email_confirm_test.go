package httpapi_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestConfirmEmail: sign-up sends 'Confirme seu e-mail' with a link under
// PUBLIC_URL, whatever Host the request named; the link proves the address
// (the column a provider's verified address sets), once.
func TestConfirmEmail(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		// The request names another host (an absolute URL sets Host).
		res := e.do(t, request{method: "POST", path: "http://evil.example/api/auth/signup", remote: "10.1.1.1:1",
			body:    `{"email":"ana@example.com","password":"senha-longa-1"}`,
			headers: map[string]string{"X-Forwarded-Host": "evil.example", "Origin": "http://evil.example"}})
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("sign-up: %d %s", res.StatusCode, readBody(t, res))
		}
		cookie := sessionCookie(t, res)
		userID := userIDIn(t, readBody(t, res))
		got := e.deliver(t)
		if len(got) != 1 {
			t.Fatalf("sent %d messages after sign-up, want 1", len(got))
		}
		m := got[0]
		if m.To != "ana@example.com" || !strings.HasPrefix(m.Subject, "Confirme seu e-mail") {
			t.Errorf("sent %q to %s, want 'Confirme seu e-mail' to ana@example.com", m.Subject, m.To)
		}
		if strings.Contains(m.Text+m.HTML, "evil.example") {
			t.Errorf("the message names the request's Host: %s", m.Text)
		}
		token := tokenIn(t, m)
		if strings.Contains(m.HTML, "<img") || strings.Contains(m.HTML, "src=") {
			t.Error("the HTML body loads something from elsewhere")
		}
		wantStored(t, db, token)

		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"verified":false`) {
			t.Errorf("before the link: %s, want verified false", body)
		}
		// The session says so too, for the dashboard's first paint.
		if _, body := e.get(t, "/api/auth/session", cookie); !strings.Contains(body, `"email_verified":false`) {
			t.Errorf("session before the link: %s, want email_verified false", body)
		}
		if res, body := e.post(t, "/api/auth/confirm-email", `{"token":"`+token+`"}`, nil); res.StatusCode != http.StatusNoContent {
			t.Fatalf("confirm: %d %s", res.StatusCode, body)
		}
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"verified":true`) {
			t.Errorf("after the link: %s, want verified true", body)
		}
		if _, body := e.get(t, "/api/auth/session", cookie); !strings.Contains(body, `"email_verified":true`) {
			t.Errorf("session after the link: %s, want email_verified true", body)
		}
		if !storetest.EmailProven(t, db, userID) {
			t.Error("email_verified_at is not set: a provider could still take the account over")
		}
		res, body := e.post(t, "/api/auth/confirm-email", `{"token":"`+token+`"}`, nil)
		if res.StatusCode != http.StatusGone || !strings.Contains(body, `"link_used"`) {
			t.Errorf("the link again: %d %s, want 410 link_used", res.StatusCode, body)
		}
		if res, body := e.post(t, "/api/account/email/resend", ``, cookie); res.StatusCode != http.StatusNoContent || len(e.deliver(t)) != 0 {
			t.Errorf("'Reenviar' for a proven address: %d %s, want 204 and no message", res.StatusCode, body)
		}
	})
}

// TestConfirmLinkExpires: 48 hours later the link says so, proves nothing,
// and 'Reenviar' sends a new one that works.
func TestConfirmLinkExpires(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		cookie := mustSignUp(t, e.env, "bia@example.com", "senha-longa-1")
		old := e.link(t, "bia@example.com", "Confirme seu e-mail")
		e.later(48*time.Hour + time.Second)
		res, body := e.post(t, "/api/auth/confirm-email", `{"token":"`+old+`"}`, nil)
		if res.StatusCode != http.StatusGone || !strings.Contains(body, `"link_expired"`) {
			t.Errorf("an expired link: %d %s, want 410 link_expired", res.StatusCode, body)
		}
		if _, body := e.get(t, "/api/account/email", cookie); !strings.Contains(body, `"verified":false`) {
			t.Errorf("after the expired link: %s, want verified false", body)
		}
		for _, bad := range []string{`{"token":""}`, `{"token":"abc"}`, `{"token":"` + strings.Repeat("a", 300) + `"}`} {
			if res, body := e.post(t, "/api/auth/confirm-email", bad, nil); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, `"link_invalid"`) {
				t.Errorf("%s: %d %s, want 400 link_invalid", bad, res.StatusCode, body)
			}
		}
		if res, body := e.post(t, "/api/account/email/resend", ``, cookie); res.StatusCode != http.StatusNoContent {
			t.Fatalf("resend: %d %s", res.StatusCode, body)
		}
		fresh := e.link(t, "bia@example.com", "Confirme seu e-mail")
		if res, body := e.post(t, "/api/auth/confirm-email", `{"token":"`+fresh+`"}`, nil); res.StatusCode != http.StatusNoContent {
			t.Errorf("the new link: %d %s", res.StatusCode, body)
		}
	})
}

// wantStored checks that the token is stored only as its SHA-256.
func wantStored(t *testing.T, db *store.DB, token string) {
	t.Helper()
	sum := sha256.Sum256([]byte(token))
	found := false
	for _, h := range storetest.EmailTokenHashes(t, db) {
		if bytes.Contains(h, []byte(token)) {
			t.Errorf("the token is stored as sent")
		}
		found = found || bytes.Equal(h, sum[:])
	}
	if !found {
		t.Errorf("no stored SHA-256 of the link's token")
	}
}

func userIDIn(t *testing.T, body string) string {
	t.Helper()
	var v struct {
		User struct{ ID string } `json:"user"`
	}
	if err := json.Unmarshal([]byte(body), &v); err != nil || v.User.ID == "" {
		t.Fatalf("no user id in %s", body)
	}
	return v.User.ID
}

func (e *mailEnv) get(t *testing.T, path string, cookie *http.Cookie) (*http.Response, string) {
	t.Helper()
	res := e.do(t, request{method: "GET", path: path, cookie: cookie})
	return res, readBody(t, res)
}

// TestDeleteAccountDropsItsMail: deleting the account erases its links and
// the messages not sent yet to its address.
func TestDeleteAccountDropsItsMail(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newMailEnv(t, db, looseLimits())
		cookie := mustSignUp(t, e.env, "ivo@example.com", "senha-longa-1")
		e.post(t, "/api/auth/forgot", `{"email":"ivo@example.com"}`, nil)
		if n := storetest.CountOutbox(t, db); n != 2 {
			t.Fatalf("outbox = %d before the deletion, want 2", n)
		}
		if res, body := e.post(t, "/api/account/delete", `{"email":"ivo@example.com"}`, cookie); res.StatusCode != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.StatusCode, body)
		}
		if n, hashes := storetest.CountOutbox(t, db), storetest.EmailTokenHashes(t, db); n != 0 || len(hashes) != 0 {
			t.Errorf("after the deletion: outbox %d, tokens %d; want 0 and 0", n, len(hashes))
		}
		if got := e.deliver(t); len(got) != 0 {
			t.Errorf("sent %d messages to a deleted account", len(got))
		}
	})
}
