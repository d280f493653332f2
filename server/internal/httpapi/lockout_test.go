package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A stranger hammering an e-mail (test limits: 3 per e-mail and address,
// 4 per e-mail from unknown devices) cannot keep its owner out: the owner's
// device, which signed in before, still signs in.
func TestStrangerCannotLockTheOwnerOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		mustSignUp(t, e, "ana@example.com", "segredo1")
		signIn := func(remote, password string, device *http.Cookie) *http.Response {
			return e.do(t, request{method: "POST", path: "/api/auth/signin", remote: remote, cookie: device,
				body: `{"email":"ana@example.com","password":"` + password + `"}`})
		}
		res := signIn("10.9.9.9:5", "segredo1", nil)
		var device *http.Cookie
		for _, c := range res.Cookies() {
			if c.Name == "sorteio_device" {
				device = c
			}
		}
		if res.StatusCode != 200 || device == nil || !device.HttpOnly || device.SameSite != http.SameSiteStrictMode {
			t.Fatalf("owner's first sign-in: %d, device cookie %+v", res.StatusCode, device)
		}

		// Strangers from many addresses empty the e-mail's bucket for unknown
		// devices (the owner's first sign-in used one of its 4 tokens).
		statuses := ""
		for i := 1; i < 6; i++ {
			statuses += fmt.Sprint(signIn(fmt.Sprintf("10.0.0.%d:5", i), "errada1", nil).StatusCode, " ")
		}
		if statuses != "401 401 401 429 429 " {
			t.Fatalf("many stranger addresses: %s", statuses)
		}
		// A forged device cookie is no key.
		if s := signIn("10.0.0.7:5", "errada1", &http.Cookie{Name: "sorteio_device", Value: "x"}).StatusCode; s != 429 {
			t.Fatalf("forged device cookie: %d, want 429", s)
		}

		// The owner's device still gets in, from its address or another one.
		for _, remote := range []string{"10.9.9.9:5", "10.8.8.8:5"} {
			if s := signIn(remote, "segredo1", device).StatusCode; s != 200 {
				t.Fatalf("owner's device from %s: %d, want 200", remote, s)
			}
		}
		// A new device takes the slower path: it waits for the e-mail's bucket.
		if s := signIn("10.7.7.7:5", "segredo1", nil).StatusCode; s != 429 {
			t.Fatalf("new device during the attack: %d, want 429", s)
		}
		// A known device is still held to its (e-mail, address) bucket: 3
		// guesses, and the owner's 2 sign-ins from 10.9.9.9 used 2 of them.
		statuses = ""
		for i := 0; i < 2; i++ {
			statuses += fmt.Sprint(signIn("10.9.9.9:5", "errada1", device).StatusCode, " ")
		}
		if statuses != "401 429 " {
			t.Fatalf("guesses from the owner's device: %s", statuses)
		}
		// Another account's device cookie does not count for this e-mail.
		other := mustSignUpDevice(t, e, "bia@example.com")
		if s := signIn("10.6.6.6:5", "segredo1", other).StatusCode; s != 429 {
			t.Fatalf("Bia's device cookie for Ana's e-mail: %d, want 429", s)
		}
	})
}

func mustSignUpDevice(t *testing.T, e *env, email string) *http.Cookie {
	t.Helper()
	res := e.do(t, request{method: "POST", path: "/api/auth/signup", remote: "10.5.5.5:5",
		body: `{"email":"` + email + `","password":"segredo1"}`})
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_device" && res.StatusCode == 201 {
			return c
		}
	}
	t.Fatalf("sign-up %s: %d, no device cookie", email, res.StatusCode)
	return nil
}
