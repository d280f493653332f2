package httpapi_test

import (
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// frozenClock only moves when told: the rate limiter's clock, so the test
// decides how long the viewers stayed.
type frozenClock struct{ at atomic.Int64 }

func (c *frozenClock) Now() time.Time          { return time.Unix(0, c.at.Load()) }
func (c *frozenClock) advance(d time.Duration) { c.at.Add(int64(d)) }

// A venue: 500 viewers behind one address connect at once, with the
// production sizing (a burst of PUBLIC_VIEWERS_PER_IP, then 2 a second);
// after they watched for httpapi.ViewerHold and all dropped, they all
// connect again at once; viewers that leave at once give nothing back, so a
// flood of short connections is still refused (once its wait in the line
// ends, here at once).
func TestPublicVenueReconnects(t *testing.T) {
	t.Parallel()
	const room = 500
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{TrustProxy: true})
	clock := &frozenClock{}
	clock.advance(time.Hour)
	limits := looseLimits()
	limits.PublicLiveIP = ratelimit.New(room, 500*time.Millisecond, clock.Now)
	limits.PublicLiveAfter = noLineWait
	e.viewers = ws.NewViewers(storetest.Logger(t), httpapi.PublicLoader(db, time.Now), ws.ViewerLimits{Total: 2 * room, PerIP: room})
	e.handler = wire(t, db, e.cfg, e.hub, e.viewers, limits, e.clock.Now)
	srv := httptest.NewServer(e.handler)
	defer srv.Close()
	c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
	rid := drawRaffle(t, e, c, 1, false, crowd(3, 1)...)
	code := "code=" + c.snapshot(t, e, rid).Raffle.Code

	connectAll := func(wave string) []*websocket.Conn {
		conns := make([]*websocket.Conn, room)
		refused := atomic.Int64{}
		var wg sync.WaitGroup
		for w := range 25 {
			wg.Go(func() {
				for i := w; i < room; i += 25 {
					conn, s := dialStatus(srv.URL, code, "203.0.113.7")
					if s != 101 {
						refused.Add(1)
						continue
					}
					conns[i] = conn
				}
			})
		}
		wg.Wait()
		if n := refused.Load(); n > 0 {
			t.Fatalf("%s: %d of %d viewers behind one address refused", wave, n, room)
		}
		return conns
	}
	dropAll := func(conns []*websocket.Conn) {
		for _, conn := range conns {
			conn.Close()
		}
		waitCount(t, "viewers still held by the server", e.viewers.Total, 0)
	}

	conns := connectAll("first connection")
	clock.advance(httpapi.ViewerHold)
	dropAll(conns)
	conns = connectAll("after a blip")
	dropAll(conns) // at once: these give nothing back
	if _, s := dialStatus(srv.URL, code, "203.0.113.7"); s != 429 {
		t.Fatalf("one more after %d short connections: %d, want 429", room, s)
	}
	if _, s := dialStatus(srv.URL, code, "203.0.113.8"); s != 101 {
		t.Fatalf("another address: %d, want 101", s)
	}
}
