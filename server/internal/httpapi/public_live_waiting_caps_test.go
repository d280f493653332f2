package httpapi_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// Viewers waiting for codes no raffle has are capped apart, per address
// group and in all, and never take a raffle viewer's place: with room for 3
// raffle viewers and 2 waiting ones (1 per address), a /64 waiting on
// made-up codes gets 1, another address 1, a third none (503), and 3
// viewers of the real raffle still get in. A waiting viewer is closed once
// it has waited WaitingFor (the sweep is given the time: nothing sleeps),
// and its place is free again.
func TestWaitingViewersCappedApart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var loads atomic.Int64
		e, url := liveEnv(t, db, httpapi.Config{TrustProxy: true},
			ws.ViewerLimits{Total: 3, PerIP: 3, WaitingTotal: 2, WaitingPerIP: 1, WaitingFor: time.Minute}, &loads)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := drawRaffle(t, e, c, 1, false, crowd(3, 1)...)
		code := "code=" + c.snapshot(t, e, rid).Raffle.Code

		w1, s1 := dialStatus(url, "code=ZZZZZ1", "2001:db8:1:2::1")
		_, s2 := dialStatus(url, "code=ZZZZZ2", "2001:db8:1:2::2") // the same /64
		w2, s3 := dialStatus(url, "code=ZZZZZ3", "198.51.100.7")
		_, s4 := dialStatus(url, "code=ZZZZZ4", "198.51.100.8") // the instance's waiting are all taken
		if s1 != 101 || s2 != 429 || s3 != 101 || s4 != 503 {
			t.Fatalf("waiting viewers: %d %d %d %d, want 101 429 101 503", s1, s2, s3, s4)
		}
		defer w2.Close()
		var watching []*websocket.Conn
		for _, from := range []string{"2001:db8:1:2::3", "203.0.113.1", "203.0.113.2"} {
			conn, s := dialStatus(url, code, from)
			if s != 101 {
				t.Fatalf("a viewer of the real raffle from %s with the waiting places taken: %d, want 101", from, s)
			}
			watching = append(watching, conn)
		}
		if _, s := dialStatus(url, code, "203.0.113.3"); s != 503 {
			t.Fatalf("a fourth raffle viewer: %d, want 503 (the instance's cap)", s)
		}
		for _, conn := range watching {
			conn.Close()
		}
		waitCount(t, "viewers", e.viewers.Total, 2)

		if n := e.viewers.CloseWaiting(time.Now().Add(30 * time.Second)); n != 0 {
			t.Fatalf("%d waiting viewers closed after 30 s, want 0", n)
		}
		if n := e.viewers.CloseWaiting(time.Now().Add(time.Minute)); n != 2 {
			t.Fatalf("%d waiting viewers closed after a minute, want 2", n)
		}
		_ = w1.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			if _, _, err := w1.ReadMessage(); err != nil {
				if !websocket.IsCloseError(err, websocket.CloseGoingAway) {
					t.Fatalf("the closed waiting viewer read %v, want close 1001", err)
				}
				break
			}
		}
		waitCount(t, "waiting viewers", e.viewers.Waiting, 0)
		w3, s := dialStatus(url, "code=ZZZZZ2", "2001:db8:1:2::2")
		if s != 101 {
			t.Fatalf("waiting again after the close: %d, want 101", s)
		}
		defer w3.Close()
	})
}
