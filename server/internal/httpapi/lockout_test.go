package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// stepClock is a limiter clock that moves only when the test says.
type stepClock struct{ t time.Time }

func (c *stepClock) now() time.Time { return c.t }

// signInLimits are the production sign-in limits (run's) on clock.
func signInLimits(clock func() time.Time) httpapi.Limits {
	limits := looseLimits()
	limits.SignInIP = ratelimit.New(20, 6*time.Second, clock)
	limits.SignInPair = ratelimit.New(10, 30*time.Second, clock)
	limits.SignInEmail = ratelimit.New(20, time.Minute, clock)
	limits.SignInSuspect = ratelimit.New(3, 10*time.Minute, clock)
	return limits
}

// Behind a proxy (TRUST_PROXY), a stranger sends twelve wrong passwords from
// each of two addresses, then one a minute from each: the owner still signs
// in from a new device with the right password, while every further guess
// from those addresses is refused with the wait in the message.
func TestStrangerCannotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := &stepClock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
		e := newEnv(t, db, httpapi.Config{TrustProxy: true})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, signInLimits(clock.now), e.clock.Now)
		mustSignUp(t, e, "ana@example.com", "segredo1")
		signIn := func(from, password string, device *http.Cookie) (int, string, string) {
			res := e.do(t, request{method: "POST", path: "/api/auth/signin", cookie: device, remote: "10.0.0.1:5",
				headers: map[string]string{"X-Forwarded-For": from},
				body:    `{"email":"ana@example.com","password":"` + password + `"}`})
			return res.StatusCode, res.Header.Get("Retry-After"), readBody(t, res)
		}
		attack := func(times int) string {
			var got []string
			for _, from := range []string{"203.0.113.1", "203.0.113.2"} {
				for range times {
					status, _, _ := signIn(from, "errada1", nil)
					got = append(got, fmt.Sprint(status))
				}
			}
			return strings.Join(got, " ")
		}
		tenThenTwo := strings.Repeat("401 ", 10) + "429 429"
		if got := attack(12); got != tenThenTwo+" "+tenThenTwo {
			t.Fatalf("12 wrong passwords from each of two addresses: %s", got)
		}
		// The e-mail's 20 wrong passwords are used up: it refills one a minute,
		// which the first address takes each minute (the e-mail's own rate, as
		// before); the second, finding none, is held to its 3 attempts under
		// attack, then refused.
		for minute := 1; minute <= 8; minute++ {
			clock.t = clock.t.Add(time.Minute)
			want := "401 401"
			if minute > 3 {
				want = "401 429"
			}
			if got := attack(1); got != want {
				t.Fatalf("minute %d of one guess a minute from each address: %s, want %s", minute, got, want)
			}
		}
		// 3 attempts spent by minute 3, 0.7 of one refilled since: 3 minutes left.
		status, retry, body := signIn("203.0.113.2", "errada1", nil)
		if status != 429 || retry != "180" || !strings.Contains(body, "Muitas tentativas. Tente de novo em 3 minutos ou use Esqueci minha senha.") {
			t.Fatalf("a guess past the limit: %d, Retry-After %q, %s", status, retry, body)
		}
		// A forged device cookie is no key.
		if s, _, _ := signIn("203.0.113.2", "errada1", &http.Cookie{Name: "sorteio_device", Value: "x"}); s != 429 {
			t.Fatalf("forged device cookie: %d, want 429", s)
		}

		// The owner, on a new device at another address, gets in at once:
		// even after one typo.
		if s, _, body := signIn("198.51.100.7", "segredo2", nil); s != 401 {
			t.Fatalf("the owner's typo: %d %s", s, body)
		}
		if s, _, body := signIn("198.51.100.7", "segredo1", nil); s != 200 {
			t.Fatalf("the owner's new device during the attack: %d %s, want 200", s, body)
		}
		// Another account's device cookie does not count for this e-mail.
		bia := mustSignUpDevice(t, e, "bia@example.com")
		if s, _, _ := signIn("203.0.113.2", "segredo1", bia); s != 429 {
			t.Fatalf("Bia's device cookie for Ana's e-mail: %d, want 429", s)
		}
	})
}

// The owner's own device skips the attack limit, but is still held to its
// (e-mail, address) bucket.
func TestKnownDeviceDuringAttack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := &stepClock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, signInLimits(clock.now), e.clock.Now)
		device := mustSignUpDevice(t, e, "ana@example.com")
		signIn := func(remote, password string, device *http.Cookie) int {
			return e.do(t, request{method: "POST", path: "/api/auth/signin", remote: remote, cookie: device,
				body: `{"email":"ana@example.com","password":"` + password + `"}`}).StatusCode
		}
		for i := range 20 { // the e-mail's 20 wrong passwords, from 20 addresses
			if s := signIn(fmt.Sprintf("10.0.1.%d:5", i), "errada1", nil); s != 401 {
				t.Fatalf("guess %d: %d", i, s)
			}
		}
		for i := range 3 { // an address's 3 attempts while under attack
			if s := signIn("10.0.2.1:5", "errada1", nil); s != 401 {
				t.Fatalf("suspect attempt %d: %d", i, s)
			}
		}
		if s := signIn("10.0.2.1:5", "segredo1", nil); s != 429 {
			t.Fatalf("a 4th attempt from that address, new device: %d, want 429", s)
		}
		// From that very address, the owner's device gets in: 5 of its
		// 10 (e-mail, address) attempts are left, and it spends them.
		statuses := ""
		for range 6 {
			statuses += fmt.Sprint(signIn("10.0.2.1:5", "segredo1", device), " ")
		}
		if statuses != "200 200 200 200 200 200 " {
			t.Fatalf("the owner's device from the attacker's address: %s", statuses)
		}
		if s := signIn("10.0.2.1:5", "segredo1", device); s != 429 {
			t.Fatalf("past the (e-mail, address) bucket: %d, want 429", s)
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
