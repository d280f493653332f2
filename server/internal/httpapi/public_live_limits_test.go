package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// liveEnv is a server whose fan-out has the given caps and counts its loads.
func liveEnv(t *testing.T, db *store.DB, cfg httpapi.Config, limits ws.ViewerLimits, loads *atomic.Int64) (*env, string) {
	t.Helper()
	e := newEnv(t, db, cfg)
	load := httpapi.PublicLoader(db, time.Now)
	e.viewers = ws.NewViewers(storetest.Logger(t), func(ctx context.Context, id string) (int64, []byte, error) {
		loads.Add(1)
		return load(ctx, id)
	}, limits)
	e.handler = wire(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
	e.listenPokes(t)
	srv := httptest.NewServer(e.handler)
	t.Cleanup(srv.Close)
	return e, srv.URL
}

func dialStatus(url, query, from string) (*websocket.Conn, int) {
	h := http.Header{}
	if from != "" {
		h.Set("X-Forwarded-For", from)
	}
	c, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(url, "http")+"/ws/public?"+query, h)
	if err != nil {
		if res == nil {
			return nil, 0
		}
		return nil, res.StatusCode
	}
	return c, 101
}

// Ten viewers, one change: one load of the state, one message, the same
// bytes for all.
func TestPublicOneLoadPerChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var loads atomic.Int64
		e, url := liveEnv(t, db, httpapi.Config{}, ws.ViewerLimits{Total: 100, PerIP: 100}, &loads)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := drawRaffle(t, e, c, 1, false, crowd(3, 1)...)
		code := c.snapshot(t, e, rid).Raffle.Code
		var vs []*viewer
		for range 10 {
			v := dialViewer(t, url, "code="+code)
			v.must("hello")
			v.stateAt(2)
			vs = append(vs, v)
		}
		if n := loads.Load(); n != 1 {
			t.Fatalf("%d loads for 10 viewers connecting, want 1 (the room's copy serves the rest)", n)
		}
		res := c.push(t, e, c.op(rid, "raffle.update", map[string]any{"title": "Novo título"}))
		var first string
		for i, v := range vs {
			s := v.stateAt(res[0].Seq)
			if i == 0 {
				first = s.raw
			} else if s.raw != first {
				t.Fatalf("viewer %d got other bytes:\n%s\n%s", i, s.raw, first)
			}
		}
		if n := loads.Load(); n != 2 {
			t.Fatalf("%d loads after one change, want 2 in all", n)
		}
	})
}

// Connections are capped per address and per instance; a freed place is
// taken again. The server pings on its ticker.
func TestPublicViewerCaps(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		var loads atomic.Int64
		// Behind a trusted proxy, X-Forwarded-For names the address.
		e, url := liveEnv(t, db, httpapi.Config{TrustProxy: true}, ws.ViewerLimits{Total: 3, PerIP: 2}, &loads)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := drawRaffle(t, e, c, 1, false, crowd(3, 1)...)
		code := "code=" + c.snapshot(t, e, rid).Raffle.Code

		a1, s1 := dialStatus(url, code, "10.0.0.1")
		a2, s2 := dialStatus(url, code, "10.0.0.1")
		_, s3 := dialStatus(url, code, "10.0.0.1") // a third from one address
		b1, s4 := dialStatus(url, code, "10.0.0.2")
		_, s5 := dialStatus(url, code, "10.0.0.3") // a fourth for the instance
		if s1 != 101 || s2 != 101 || s3 != 429 || s4 != 101 || s5 != 503 {
			t.Fatalf("statuses %d %d %d %d %d, want 101 101 429 101 503", s1, s2, s3, s4, s5)
		}
		defer b1.Close()
		a1.Close()
		waitCount(t, "viewers", e.viewers.Total, 2)
		a3, s := dialStatus(url, code, "10.0.0.3")
		if s != 101 {
			t.Fatalf("after one left: %d, want 101", s)
		}
		defer a2.Close()
		defer a3.Close()

		pinged := make(chan struct{}, 1)
		a3.SetPingHandler(func(string) error {
			select {
			case pinged <- struct{}{}:
			default:
			}
			return nil
		})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go e.viewers.Run(ctx, 20*time.Millisecond)
		go func() {
			for {
				if _, _, err := a3.ReadMessage(); err != nil {
					return
				}
			}
		}()
		select {
		case <-pinged:
		case <-time.After(10 * time.Second):
			t.Fatal("no ping from the server")
		}
	})
}

// Connecting counts against the per-address rate limit (newEnv allows 10 a
// minute) before any upgrade.
func TestPublicLiveRateLimited(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{})
	srv := httptest.NewServer(e.handler)
	defer srv.Close()
	for i := range 10 {
		c, s := dialStatus(srv.URL, "code=ZZZZZZ", "")
		if s != 101 {
			t.Fatalf("connection %d: %d", i, s)
		}
		c.Close()
	}
	if _, s := dialStatus(srv.URL, "code=ZZZZZZ", ""); s != 429 {
		t.Fatalf("11th connection in a minute: %d, want 429", s)
	}
}
