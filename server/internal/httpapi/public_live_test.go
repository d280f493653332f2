package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// liveMsg is any message of the public WebSocket.
type liveMsg struct {
	public.State
	Type string `json:"type"`
	raw  string
}

type viewer struct {
	t    *testing.T
	conn *websocket.Conn
}

func dialViewer(t *testing.T, base, query string) *viewer {
	t.Helper()
	h := http.Header{"Origin": {"https://qualquer.exemplo"}} // any page may watch
	conn, res, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/ws/public?"+query, h)
	if err != nil {
		t.Fatalf("dial %s: %v (%v)", query, err, res)
	}
	t.Cleanup(func() { conn.Close() })
	return &viewer{t: t, conn: conn}
}

// next reads one message within wait.
func (v *viewer) next(wait time.Duration) (liveMsg, error) {
	_ = v.conn.SetReadDeadline(time.Now().Add(wait))
	_, b, err := v.conn.ReadMessage()
	var m liveMsg
	if err == nil {
		m.raw = string(b)
		err = json.Unmarshal(b, &m)
	}
	return m, err
}

func (v *viewer) must(typ string) liveMsg {
	v.t.Helper()
	m, err := v.next(5 * time.Second)
	if err != nil || m.Type != typ {
		v.t.Fatalf("want %s, got %s (%v)", typ, m.raw, err)
	}
	return m
}

// stateAt reads states until one reaches seq.
func (v *viewer) stateAt(seq int64) liveMsg {
	v.t.Helper()
	for {
		m := v.must("state")
		if m.Seq >= seq {
			return m
		}
	}
}

func TestPublicWebSocket(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newTimedDrawing(t, db, 2, false, 10, crowd(4, 2)...)
		e := d.e
		e.listenPokes(t)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		code := d.c.snapshot(t, d.e, d.rid).Raffle.Code

		fresh := dialViewer(t, srv.URL, "code="+strings.ToLower(code))
		if h := fresh.must("hello"); h.ServerTime < time.Now().Add(-time.Minute).UnixMilli() {
			t.Fatalf("hello = %s", h.raw)
		}
		if s := fresh.must("state"); s.Seq != 2 || s.Raffle.Code != code || s.Counts.Tickets != 8 || s.Round != nil {
			t.Fatalf("first state = %s", s.raw)
		}
		// A viewer that already has seq 2 gets the hello and then only
		// newer states (checked below: its first state is seq 3).
		caught := dialViewer(t, srv.URL, "code="+code+"&after=2")
		caught.must("hello")
		waitCount(t, "viewers", func() int { return e.viewers.Count(d.rid) }, 2)

		// The organiser draws through this server: every viewer gets each
		// state, the round with its countdown first.
		rd := newRound()
		wantStatuses(t, d.c.push(t, e, d.c.op(d.rid, "draw.start", rd.start(d.pool))), "applied")
		if s := caught.must("state"); s.Seq != 3 {
			t.Fatalf("the up-to-date viewer's first state is seq %d", s.Seq)
		}
		for _, v := range []*viewer{fresh} {
			s := v.stateAt(3)
			// The pool's fingerprint and size, before any result exists.
			if s.Raffle.Status != "in_progress" || s.Round == nil || s.Round.ID != rd.id ||
				s.Round.CountdownEndsAt != s.Round.StartedAt+10_000 ||
				s.Round.PoolDigest != rd.start(d.pool)["pool_digest"] || s.Round.PoolSize != len(d.pool) {
				t.Fatalf("round state = %s", s.raw)
			}
		}
		e.clock.advance(10 * time.Second) // the countdown ends on the server's clock
		wantStatuses(t, d.c.push(t, e, d.c.op(d.rid, "draw.complete", rd.complete()),
			d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": rd.id + ":1", "reason": "Motivo interno"})),
			"applied", "applied")
		for _, v := range []*viewer{fresh, caught} {
			s := v.stateAt(5)
			if s.Raffle.Status != "completed" || s.Round != nil || len(s.Winners) != 2 || s.Winners[0].Valid ||
				s.Winners[0].InvalidatedAt == nil || strings.Contains(s.raw, "Motivo interno") {
				t.Fatalf("final state = %s", s.raw)
			}
		}

		// Deleted while watched: gone, then closed.
		wantStatuses(t, d.c.push(t, e, d.c.op(d.rid, "raffle.delete", map[string]any{})), "applied")
		for _, v := range []*viewer{fresh, caught} {
			for {
				m, err := v.next(5 * time.Second)
				if err != nil {
					t.Fatalf("no gone: %v", err)
				}
				if m.Type == "gone" {
					break
				}
			}
			if _, err := v.next(5 * time.Second); !websocket.IsCloseError(err, websocket.CloseNormalClosure) {
				t.Fatalf("after gone: %v", err)
			}
		}

		// A malformed code, or a deleted raffle's (codes are never reused;
		// a screen reconnecting after the deletion must not wait for good):
		// hello, gone, closed (an unknown one waits:
		// TestPublicViewerWaitsForItsRaffle).
		for _, q := range []string{"code=K7", "", "code=" + code, "code=" + code + "&after=5"} {
			v := dialViewer(t, srv.URL, q)
			v.must("hello")
			v.must("gone")
		}
	})
}

// smallBuffers shrinks each accepted connection's send buffer, so a viewer
// that stops reading blocks the server's writes after a few kilobytes
// instead of megabytes.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}

// A viewer that never reads is dropped when its queue fills; the others get
// every state meanwhile, each within the deadline.
func TestPublicSlowViewerDropped(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		e.listenPokes(t)
		srv := httptest.NewUnstartedServer(e.handler)
		srv.Listener = smallBuffers{srv.Listener}
		srv.Start()
		defer srv.Close()
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		rid := core.NewID(time.Now())
		create := createPayload(rid, "K7P2QX")
		create["description"] = strings.Repeat("d", 2000)
		people := make([][]ticket, 50) // 50 long names: states of ~12 KB
		for i := range people {
			people[i] = person(fmt.Sprintf("%03d%s", i, strings.Repeat("n", 190)), 1)
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", create), c.op(rid, "participants.add", addPayload(people...))),
			"applied", "applied")

		// The slow viewer also takes little: a 4 KB receive window.
		dialer := websocket.Dialer{NetDialContext: (&net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		}}).DialContext}
		slow, _, err := dialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws/public?code=K7P2QX", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer slow.Close()
		fast := []*viewer{dialViewer(t, srv.URL, "code=K7P2QX"), dialViewer(t, srv.URL, "code=K7P2QX")}
		for _, v := range fast {
			v.must("hello")
			v.stateAt(2)
		}
		waitCount(t, "viewers", func() int { return e.viewers.Count(rid) }, 3)
		seq := int64(2)
		for i := 0; e.viewers.Count(rid) == 3; i++ {
			// With 8 KB of socket buffers a write blocks at the first or
			// second state; the queue of 8 is then full 8 states later.
			if i == 100 {
				t.Fatal("100 states later the slow viewer is still connected")
			}
			res := c.push(t, e, c.op(rid, "raffle.update", map[string]any{"title": fmt.Sprintf("Título %d", i)}))
			wantStatuses(t, res, "applied")
			seq = res[0].Seq
			for _, v := range fast { // each within 5 s (must), whatever the slow one does
				v.stateAt(seq)
			}
		}
		if n := e.viewers.Count(rid); n != 2 {
			t.Fatalf("%d viewers left, want the 2 fast ones", n)
		}
		// The slow one finds its connection closed once it reads.
		_ = slow.SetReadDeadline(time.Now().Add(5 * time.Second))
		for {
			if _, _, err := slow.ReadMessage(); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					t.Fatal("the slow viewer's connection stayed open")
				}
				break
			}
		}
	})
}

// Two server instances on one PostgreSQL schema: a viewer of instance B
// watches a draw made through instance A (LISTEN/NOTIFY carries ids only;
// B loads and broadcasts the state itself).
func TestPublicLiveCrossInstances(t *testing.T) {
	t.Parallel()
	dsn := storetest.MigratedDSN(t, "postgres")
	a, _ := serverOn(t, dsn)
	b, bURL := serverOn(t, dsn)

	c := newClient(mustSignUp(t, a, "ana@example.com", "segredo1"))
	people := crowd(5, 1)
	rid := drawRaffle(t, a, c, 1, false, people...)
	code := c.snapshot(t, a, rid).Raffle.Code
	v := dialViewer(t, bURL, "code="+code)
	v.must("hello")
	v.stateAt(2)
	// serverOn returned once both instances' LISTENs were up.
	waitCount(t, "viewers on instance B", func() int { return b.viewers.Count(rid) }, 1)

	rd := newRound()
	wantStatuses(t, c.push(t, a, c.op(rid, "draw.start", rd.start(poolOf(people...))), c.op(rid, "draw.complete", rd.complete())),
		"applied", "applied")
	s := v.stateAt(4)
	if s.Raffle.Status != "completed" || len(s.Winners) != 1 || s.Winners[0].RoundID != rd.id {
		t.Fatalf("instance B's viewer got %s", s.raw)
	}
}
