package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

func TestWebSocketPokes(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{})
	e.listenPokes(t)
	srv := httptest.NewServer(e.handler)
	defer srv.Close()
	wsURL := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"

	ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
	bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
	dial := func(c *client, origin string) (*websocket.Conn, *http.Response, error) {
		h := http.Header{}
		if origin != "" {
			h.Set("Origin", origin)
		}
		if c != nil {
			h.Set("Cookie", c.cookie.String())
		}
		return websocket.DefaultDialer.Dial(wsURL, h)
	}

	if _, res, err := dial(nil, srv.URL); err == nil || res.StatusCode != 401 {
		t.Fatalf("without a session: err=%v status=%v, want 401", err, res)
	}
	if _, res, err := dial(ana, "https://evil.example"); err == nil || res.StatusCode != 403 {
		t.Fatalf("from another origin: err=%v status=%v, want 403", err, res)
	}
	// The same host and port under another scheme is another origin.
	if _, res, err := dial(ana, "https"+strings.TrimPrefix(srv.URL, "http")); err == nil || res.StatusCode != 403 {
		t.Fatalf("from https on the same host: err=%v status=%v, want 403", err, res)
	}

	anaWS, _, err := dial(ana, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer anaWS.Close()
	biaWS, _, err := dial(bia, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer biaWS.Close()
	waitConnected(t, e.hub, httpapi.UserTopic(userIDOf(t, e, ana)), 1)

	rid := core.NewID(time.Now())
	ana.push(t, e, ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))

	_ = anaWS.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, msg, err := anaWS.ReadMessage()
	if err != nil {
		t.Fatalf("no poke: %v", err)
	}
	var ev struct {
		Type     string `json:"type"`
		RaffleID string `json:"raffle_id"`
		Seq      int64  `json:"seq"`
	}
	if err := json.Unmarshal(msg, &ev); err != nil || ev.Type != "poke" || ev.RaffleID != rid || ev.Seq != 1 {
		t.Fatalf("poke = %s (%v)", msg, err)
	}
	// Another account hears nothing of it.
	_ = biaWS.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, msg, err := biaWS.ReadMessage(); err == nil {
		t.Fatalf("another account got %s", msg)
	}
}

// Two server instances on one PostgreSQL database: a push to one reaches a
// device connected to the other (LISTEN/NOTIFY).
func TestPokesCrossInstances(t *testing.T) {
	t.Parallel()
	dsn := storetest.MigratedDSN(t, "postgres")
	a, _ := serverOn(t, dsn)
	b, bURL := serverOn(t, dsn)

	ana := newClient(mustSignUp(t, a, "ana@example.com", "segredo1"))
	h := http.Header{"Origin": {bURL}, "Cookie": {ana.cookie.String()}}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(bURL, "http")+"/ws", h)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	waitConnected(t, b.hub, httpapi.UserTopic(userIDOf(t, a, ana)), 1)

	rid := core.NewID(time.Now())
	ana.push(t, a, ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
	_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	_, msg, err := conn.ReadMessage()
	if err != nil {
		t.Fatalf("instance B heard nothing of a push to instance A: %v", err)
	}
	if !strings.Contains(string(msg), rid) {
		t.Fatalf("poke = %s", msg)
	}
}

// waitConnected waits until n connections listen on topic (the server
// registers a connection just after the handshake the dialer returns from).
func waitConnected(t *testing.T, hub *ws.Hub, topic string, n int) {
	t.Helper()
	waitCount(t, "connections on "+topic, func() int { return hub.Count(topic) }, n)
}

// A device that reads nothing while one big push lands stays connected:
// 500 ops over two raffles make two pokes, not 500, far under its queue.
func TestBigPushKeepsSlowDevice(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		e.listenPokes(t)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		topic := httpapi.UserTopic(userIDOf(t, e, ana))
		h := http.Header{"Origin": {srv.URL}, "Cookie": {ana.cookie.String()}}
		conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", h)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		waitConnected(t, e.hub, topic, 1)

		a, b := core.NewID(time.Now()), core.NewID(time.Now())
		ops := []testOp{ana.op(a, "raffle.create", createPayload(a, "K7P2QA")), ana.op(b, "raffle.create", createPayload(b, "K7P2QB"))}
		for i := len(ops); i < 500; i++ {
			rid := []string{a, b}[i%2]
			ops = append(ops, ana.op(rid, "raffle.update", map[string]any{"countdown_seconds": i % 300}))
		}
		ana.push(t, e, ops...)
		end := core.NewID(time.Now())
		ana.push(t, e, ana.op(end, "raffle.create", createPayload(end, "K7P2QZ")))

		got := map[string]int64{}
		_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			_, msg, err := conn.ReadMessage()
			if err != nil {
				t.Fatalf("connection lost after %v: %v", got, err)
			}
			var ev ws.Event
			if err := json.Unmarshal(msg, &ev); err != nil {
				t.Fatal(err)
			}
			if ev.RaffleID == end {
				break
			}
			if _, dup := got[ev.RaffleID]; dup {
				t.Fatalf("second poke for one raffle in one push: %s", msg)
			}
			got[ev.RaffleID] = ev.Seq
		}
		if len(got) != 2 || got[a] != 250 || got[b] != 250 {
			t.Fatalf("pokes %v, want one per raffle at seq 250", got)
		}
		if n := e.hub.Count(topic); n != 1 {
			t.Fatalf("%d connections after the push, want 1", n)
		}
	})
}
