package httpapi_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// lineWait is one wait the viewers' line started: the test fires it.
type lineWait struct {
	d    time.Duration
	fire chan time.Time
}

// One client behind a venue's address connects and drops over and over
// until the address's bucket is spent (3 here, then 1 every 500 ms, on a
// frozen clock); three phones behind the same address then open their first
// socket to the raffle. Each waits its turn in the address's line and gets
// in before the churner's next attempt, which queues behind them: one
// client's churn does not spend the others' budget. Nothing sleeps: the
// test moves the clock and fires the line's waits itself.
func TestViewerChurnDoesNotLockOutPhones(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{TrustProxy: true})
		clock := &frozenClock{}
		clock.advance(time.Hour)
		waits := make(chan lineWait, 100)
		limits := looseLimits()
		limits.PublicLiveIP = ratelimit.New(3, 500*time.Millisecond, clock.Now)
		limits.PublicLiveAfter = func(d time.Duration) <-chan time.Time {
			w := lineWait{d, make(chan time.Time, 1)}
			waits <- w
			return w.fire
		}
		e.viewers = ws.NewViewers(storetest.Logger(t), httpapi.PublicLoader(db, time.Now), ws.ViewerLimits{Total: 100, PerIP: 100})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, limits, e.clock.Now)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := drawRaffle(t, e, c, 1, false, crowd(3, 1)...)
		code := "code=" + c.snapshot(t, e, rid).Raffle.Code
		const venue = "203.0.113.7"

		for i := range 3 {
			conn, s := dialStatus(srv.URL, code, venue)
			if s != 101 {
				t.Fatalf("churn %d: %d", i+1, s)
			}
			conn.Close()
		}
		type result struct {
			who    string
			status int
			conn   *websocket.Conn
		}
		results := make(chan result, 10)
		// nextWait answers the next wait the line starts of the kind asked:
		// a deadline (ViewerLineWait) or the head's wait for a token.
		var tokenWaits []lineWait
		nextWait := func(deadline bool) lineWait {
			t.Helper()
			for {
				select {
				case w := <-waits:
					if (w.d == httpapi.ViewerLineWait) == deadline {
						return w
					}
					if !deadline {
						t.Fatalf("a wait of %v, want a deadline", w.d)
					}
					tokenWaits = append(tokenWaits, w)
				case r := <-results:
					t.Fatalf("%s answered %d before its turn", r.who, r.status)
				case <-time.After(time.Minute):
					t.Fatal("no wait started")
				}
			}
		}
		tokenWait := func() lineWait {
			t.Helper()
			if len(tokenWaits) > 0 {
				w := tokenWaits[0]
				tokenWaits = tokenWaits[1:]
				return w
			}
			for {
				select {
				case w := <-waits:
					if w.d != httpapi.ViewerLineWait {
						return w
					}
				case <-time.After(time.Minute):
					t.Fatal("the line's head does not wait for a token")
				}
			}
		}
		connect := func(who string) {
			go func() {
				conn, s := dialStatus(srv.URL, code, venue)
				results <- result{who, s, conn}
			}()
			nextWait(true) // in the line
		}
		connect("the churner")
		for _, phone := range []string{"phone 1", "phone 2", "phone 3"} {
			connect(phone)
		}
		var order []string
		for len(order) < 5 {
			clock.advance(500 * time.Millisecond)
			tokenWait().fire <- time.Now()
			r := <-results
			if r.status != 101 {
				t.Fatalf("%s: %d, want 101 in its turn", r.who, r.status)
			}
			order = append(order, r.who)
			if r.who == "the churner" {
				r.conn.Close()
				if len(order) == 1 {
					connect("the churner") // straight back, behind the phones
				}
			} else {
				defer r.conn.Close()
			}
		}
		want := []string{"the churner", "phone 1", "phone 2", "phone 3", "the churner"}
		for i := range want {
			if order[i] != want[i] {
				t.Fatalf("connected in the order %v, want %v", order, want)
			}
		}
	})
}
