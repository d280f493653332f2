package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestLinksEndWithPasswordAndSignOutAll: a confirmation, an address-change
// and a reset link sent before a password change, 'Sair de todos os
// dispositivos' or a reset by another link no longer work after it (a
// mailbox someone else reads must not outlive them): each answers
// link_invalid and changes nothing.
func TestLinksEndWithPasswordAndSignOutAll(t *testing.T) {
	endings := []struct {
		name string
		// end ends the account's links; it answers the password that then works.
		end func(t *testing.T, e *mailEnv, cookie *http.Cookie) string
		// reset: whether the ending sends its own reset link (the reset link
		// under test is then the older one, spent by it).
		reset bool
	}{
		{"password change", func(t *testing.T, e *mailEnv, cookie *http.Cookie) string {
			if res, body := e.post(t, "/api/account/password", `{"current":"senha-longa-1","password":"senha-nova-22"}`, cookie); res.StatusCode != http.StatusNoContent {
				t.Fatalf("password change: %d %s", res.StatusCode, body)
			}
			return "senha-nova-22"
		}, false},
		{"signout-all", func(t *testing.T, e *mailEnv, cookie *http.Cookie) string {
			if res, body := e.post(t, "/api/account/signout-all", ``, cookie); res.StatusCode != http.StatusNoContent {
				t.Fatalf("signout-all: %d %s", res.StatusCode, body)
			}
			return "senha-longa-1"
		}, false},
		{"reset by its link", func(t *testing.T, e *mailEnv, _ *http.Cookie) string {
			e.post(t, "/api/auth/forgot", `{"email":"lia@example.com"}`, nil)
			token := e.link(t, "lia@example.com", "Redefinir sua senha")
			if res, body := e.post(t, "/api/auth/reset", `{"token":"`+token+`","password":"senha-nova-33"}`, nil); res.StatusCode != http.StatusOK {
				t.Fatalf("reset: %d %s", res.StatusCode, body)
			}
			return "senha-nova-33"
		}, true},
	}
	for _, end := range endings {
		t.Run(end.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				e := newMailEnv(t, db, looseLimits())
				cookie := mustSignUp(t, e.env, "lia@example.com", "senha-longa-1")
				confirm := e.link(t, "lia@example.com", "Confirme seu e-mail")
				if res, body := e.post(t, "/api/account/email", `{"current":"senha-longa-1","email":"nova@example.com"}`, cookie); res.StatusCode != http.StatusAccepted {
					t.Fatalf("address change: %d %s", res.StatusCode, body)
				}
				change := e.link(t, "nova@example.com", "Confirme seu novo e-mail")
				e.post(t, "/api/auth/forgot", `{"email":"lia@example.com"}`, nil)
				reset := e.link(t, "lia@example.com", "Redefinir sua senha")

				password := end.end(t, e, cookie)

				for _, link := range []struct{ path, body string }{
					{"/api/auth/confirm-email", `{"token":"` + confirm + `"}`},
					{"/api/auth/confirm-new-email", `{"token":"` + change + `"}`},
					{"/api/auth/reset", `{"token":"` + reset + `","password":"senha-do-ladrao"}`},
				} {
					res, body := e.post(t, link.path, link.body, nil)
					want, code := http.StatusBadRequest, `"link_invalid"`
					if end.reset && link.path == "/api/auth/reset" {
						want, code = http.StatusGone, `"link_used"` // spent by the newer reset link, as before
					}
					if res.StatusCode != want || !strings.Contains(body, code) {
						t.Errorf("%s after the %s: %d %s, want %d %s", link.path, end.name, res.StatusCode, body, want, code)
					}
				}
				// Nothing changed: the address, its proof (a reset proves it), the password.
				res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.2.2.2:2",
					body: `{"email":"lia@example.com","password":"` + password + `"}`})
				if res.StatusCode != http.StatusOK {
					t.Fatalf("sign-in with the password after the %s: %d %s", end.name, res.StatusCode, readBody(t, res))
				}
				_, body := e.get(t, "/api/account/email", sessionCookie(t, res))
				wantVerified := end.reset
				if !strings.Contains(body, `"email":"lia@example.com"`) || !strings.Contains(body, `"verified":`+map[bool]string{true: "true", false: "false"}[wantVerified]) {
					t.Errorf("the account after its old links: %s, want lia@example.com, verified %v", body, wantVerified)
				}
			})
		})
	}
}
