package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/oidctest"
)

// accountOf answers GET /api/account for the cookie: its status and the
// account's id and whether it has a password.
func accountOf(t *testing.T, o *oidcEnv, c *http.Cookie) (status int, id string, hasPassword bool) {
	t.Helper()
	res := o.do(t, request{method: "GET", path: "/api/account", cookie: c})
	var body struct {
		ID          string `json:"id"`
		HasPassword bool   `json:"has_password"`
	}
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal([]byte(readBody(t, res)), &body); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, body.ID, body.HasPassword
}

func passwordSignIn(t *testing.T, o *oidcEnv, email, password string) *http.Response {
	t.Helper()
	return o.do(t, request{method: "POST", path: "/api/auth/signin", remote: "10.9.9.8:1",
		body: `{"email":"` + email + `","password":"` + password + `"}`})
}

// An identity is attached only to an account whose e-mail was proven. A
// password sign-up proves nothing, so someone could sign up at another
// person's address first; when that person signs in at a provider that
// verified it, they win: the password and its sessions go.
func TestOIDCTakeover(t *testing.T) {
	t.Parallel()
	ana := oidctest.User{Subject: "ana-123", Email: "ana@example.com", EmailVerified: true}
	runOIDCScenarios(t, []oidcScenario{
		{"a verified address takes the password sign-up over: its password and every session end", func(t *testing.T, o *oidcEnv) {
			squatter := mustSignUp(t, o.env, "ana@example.com", "segredo1")
			other := sessionCookie(t, passwordSignIn(t, o, "ana@example.com", "segredo1")) // a second device
			_, squattedID, _ := accountOf(t, o, squatter)
			// The sign-up's live channel: it must close with its session.
			o.listenPokes(t)
			srv := httptest.NewServer(o.handler)
			defer srv.Close()
			socket := dialWS(t, srv.URL, srv.URL, squatter)
			waitConnected(t, o.hub, httpapi.UserTopic(squattedID), 1)

			res := o.signIn(t, ana)
			wantRedirect(t, res, "/dashboard")
			owner := sessionCookie(t, res)
			expectSessionEndedClose(t, socket, 0)
			wantCounts(1, 1)(t, o.env, nil)
			if status, id, hasPassword := accountOf(t, o, owner); status != 200 || id != squattedID || hasPassword {
				t.Errorf("owner's account: %d %q password=%v, want 200 %q without a password", status, id, hasPassword, squattedID)
			}
			// The owner's data from now on: a raffle.
			raffle := core.NewID(time.Now())
			c := newClient(owner)
			wantStatuses(t, c.push(t, o.env, c.op(raffle, "raffle.create", createPayload(raffle, "K7P2QY"))), "applied")

			for name, cookie := range map[string]*http.Cookie{"the sign-up's session": squatter, "the other device's": other} {
				if status, _, _ := accountOf(t, o, cookie); status != http.StatusUnauthorized {
					t.Errorf("%s: /api/account %d, want 401", name, status)
				}
				feed := o.do(t, request{method: "GET", path: "/api/sync/raffles", cookie: cookie})
				if body := readBody(t, feed); feed.StatusCode != http.StatusUnauthorized || strings.Contains(body, raffle) {
					t.Errorf("%s: feed %d %s, want 401 without the owner's raffle", name, feed.StatusCode, body)
				}
			}
			in := passwordSignIn(t, o, "ana@example.com", "segredo1")
			if body := readBody(t, in); in.StatusCode != http.StatusUnauthorized || !strings.Contains(body, `"invalid_credentials"`) {
				t.Errorf("the password after the takeover: %d %s, want 401 invalid_credentials", in.StatusCode, body)
			}
			wantCounts(1, 1)(t, o.env, nil)
		}},
		{"a taken-over address cannot be signed up for again", func(t *testing.T, o *oidcEnv) {
			mustSignUp(t, o.env, "ana@example.com", "segredo1")
			wantRedirect(t, o.signIn(t, ana), "/dashboard")
			res := o.do(t, request{method: "POST", path: "/api/auth/signup", remote: "10.9.9.7:1",
				body: `{"email":"ana@example.com","password":"segredo2"}`})
			if res.StatusCode != http.StatusConflict {
				t.Errorf("sign-up again: %d, want 409", res.StatusCode)
			}
			wantCounts(1, 1)(t, o.env, nil)
		}},
		{"an account proven at a provider gets another identity and keeps its sessions", func(t *testing.T, o *oidcEnv) {
			first := sessionCookie(t, o.signIn(t, ana))
			res := o.signIn(t, oidctest.User{Subject: "ana-456", Email: "ana@example.com", EmailVerified: true})
			wantRedirect(t, res, "/dashboard")
			_, id1, _ := accountOf(t, o, first)
			status, id2, _ := accountOf(t, o, sessionCookie(t, res))
			if status != 200 || id1 == "" || id1 != id2 {
				t.Errorf("accounts %q and %q (%d): want one, both sessions alive", id1, id2, status)
			}
			wantCounts(1, 2)(t, o.env, nil)
		}},
	})
}
