package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Every address of an IPv6 /64 is one client to the per-address limits: a
// burst spent from many addresses of one /64 refuses the next address of
// that /64 and not another /64's (newEnv's limits: sign-in 8, sign-up 6,
// public lookups 10, the self-check 5 a minute). With IPV6_PREFIX=48, the
// whole /48 is one client.
func TestPerAddressLimitsGroupIPv6(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, tc := range []struct {
			name        string
			burst       int
			method      string
			path        string
			body        func(i int) string // i is unique within the test
			limited, ok int
		}{
			{"sign-in", 8, "POST", "/api/auth/signin",
				func(i int) string { return fmt.Sprintf(`{"email":"p%d@example.com","password":"errada11"}`, i) }, 429, 401},
			{"sign-up", 6, "POST", "/api/auth/signup",
				func(i int) string { return fmt.Sprintf(`{"email":"n%d@example.com","password":"segredo1"}`, i) }, 429, 201},
			{"public lookup", 10, "GET", "/api/public/raffles/ZZZZZZ", func(int) string { return "" }, 429, 404},
			{"self-check", 5, "POST", "/api/public/raffles/ZZZZZZ/check", func(int) string { return `{"email":"p@example.com"}` }, 429, 404},
		} {
			for _, prefix := range []int{0, 48} {
				e := newEnv(t, db, httpapi.Config{IPv6Prefix: prefix})
				send := func(addr string, i int) int {
					res := e.do(t, request{method: tc.method, path: tc.path, remote: "[" + addr + "]:4000", body: tc.body(prefix*1000 + i)})
					return res.StatusCode
				}
				for i := range tc.burst {
					if got := send(fmt.Sprintf("2001:db8:1:2::%x", i+1), i); got != tc.ok {
						t.Fatalf("%s /%d: request %d of the burst answered %d, want %d", tc.name, prefix, i+1, got, tc.ok)
					}
				}
				if got := send("2001:db8:1:2:aaaa:bbbb:cccc:dddd", 100); got != tc.limited {
					t.Errorf("%s /%d: a new address of the spent /64 answered %d, want %d", tc.name, prefix, got, tc.limited)
				}
				want := tc.ok // another /64 of the /48
				if prefix == 48 {
					want = tc.limited
				}
				if got := send("2001:db8:1:3::1", 101); got != want {
					t.Errorf("%s /%d: another /64 of the /48 answered %d, want %d", tc.name, prefix, got, want)
				}
				if got := send("2001:db8:2::1", 102); got != tc.ok {
					t.Errorf("%s /%d: another /48 answered %d, want %d", tc.name, prefix, got, tc.ok)
				}
			}
		}
	})
}

// One /64 floods sign-in with wrong passwords, held inside the password
// gate (3 slots): it holds 2, 8 of its requests wait and the rest are
// refused at once, and the owner's sign-in from another address runs in
// the slot left, without waiting (the gate's timer is the test's: nothing
// waits unless it is asked for, and the test fails if it is).
func TestPasswordGateKeepsASlotForOthers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		held, letGo := make(chan struct{}, 100), make(chan struct{})
		waits := make(chan struct{}, 100)
		gate := auth.NewGate(auth.GateConfig{Slots: 3, Wait: 2 * time.Second,
			Hash: func(pw string) (string, error) { return "fake:" + pw, nil },
			Verify: func(pw, encoded string) (bool, error) {
				if pw == "errada11" {
					held <- struct{}{}
					<-letGo
				}
				return encoded == "fake:"+pw, nil
			},
			After: func(time.Duration) <-chan time.Time { waits <- struct{}{}; return make(chan time.Time) }})
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wireGate(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now, gate)
		mustSignUp(t, e, "ana@example.com", "segredo1")

		statuses := make(chan int, 100)
		var flood sync.WaitGroup
		for i := range 30 {
			flood.Go(func() {
				res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1),
					body: `{"email":"ana@example.com","password":"errada11"}`})
				statuses <- res.StatusCode
			})
		}
		entered, waited, refused := 0, 0, 0
		for entered+waited+refused < 30 {
			select {
			case <-held:
				entered++
			case <-waits:
				waited++
			case s := <-statuses:
				if s != http.StatusTooManyRequests {
					t.Fatalf("a flood's sign-in answered %d while the gate is held", s)
				}
				refused++
			case <-time.After(time.Minute):
				t.Fatalf("stuck: %d held, %d waiting, %d refused", entered, waited, refused)
			}
		}
		if entered != 2 || waited != auth.GateGroupQueue || refused != 30-2-auth.GateGroupQueue {
			t.Fatalf("the /64's flood: %d in the gate, %d waiting, %d refused; want 2, %d, %d",
				entered, waited, refused, auth.GateGroupQueue, 30-2-auth.GateGroupQueue)
		}
		res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: "198.51.100.7:4000", body: `{"email":"ana@example.com","password":"segredo1"}`})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("the owner's sign-in during the flood: %d %s", res.StatusCode, readBody(t, res))
		}
		select {
		case <-waits:
			t.Fatal("the owner's sign-in waited for a slot")
		default:
		}
		close(letGo)
		flood.Wait()
	})
}
