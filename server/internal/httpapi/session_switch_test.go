package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestSwitchingAccountsEndsTheBrowsersSession: a browser signed in as Ana
// that signs in as Bia, or signs up as Caio, gets a new session, and the one
// whose cookie it sent ends (401 from then on); a session Ana holds on
// another device stays. A sign-in with no cookie ends nothing.
func TestSwitchingAccountsEndsTheBrowsersSession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		ana := mustSignUp(t, e, "ana@example.com", "senha-longa-1")
		mustSignUp(t, e, "bia@example.com", "senha-longa-2")
		signIn := func(email, password string, cookie *http.Cookie) *http.Cookie {
			t.Helper()
			res := e.do(t, request{method: "POST", path: "/api/auth/signin", cookie: cookie, remote: "10.3.3.3:3",
				body: `{"email":"` + email + `","password":"` + password + `"}`})
			if res.StatusCode != http.StatusOK {
				t.Fatalf("sign-in %s: %d %s", email, res.StatusCode, readBody(t, res))
			}
			return sessionCookie(t, res)
		}
		alive := func(c *http.Cookie) bool {
			t.Helper()
			res := e.do(t, request{method: "GET", path: "/api/account/", cookie: c})
			readBody(t, res)
			return res.StatusCode == http.StatusOK
		}
		phone := signIn("ana@example.com", "senha-longa-1", nil)
		bia := signIn("bia@example.com", "senha-longa-2", ana)
		if alive(ana) {
			t.Error("Ana's session in the browser that signed in as Bia still works")
		}
		if !alive(bia) || !alive(phone) {
			t.Errorf("Bia's new session alive %v, Ana's phone alive %v; want both", alive(bia), alive(phone))
		}
		res := e.do(t, request{method: "POST", path: "/api/auth/signup", cookie: bia, remote: "10.4.4.4:4",
			body: `{"email":"caio@example.com","password":"senha-longa-3"}`})
		if res.StatusCode != http.StatusCreated {
			t.Fatalf("sign-up: %d %s", res.StatusCode, readBody(t, res))
		}
		if caio := sessionCookie(t, res); alive(bia) || !alive(caio) {
			t.Errorf("after signing up as Caio: Bia's session alive %v, Caio's %v; want false, true", alive(bia), alive(caio))
		}
	})
}
