package httpapi_test

import (
	"context"
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
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{})
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
	deadline := time.Now().Add(2 * time.Second)
	for e.hub.Count(httpapi.UserTopic(userIDOf(t, e, ana))) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}

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
	dsn := storetest.DSN(t, "postgres")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	instance := func() (*env, string) {
		db, err := store.Open(ctx, dsn, storetest.Logger(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		e := newEnv(t, db, httpapi.Config{})
		e.pokesViaDB(t)
		go db.ListenPokes(ctx, func(p store.Poke) {
			e.hub.Publish(httpapi.UserTopic(p.UserID), ws.Event{Type: "poke", RaffleID: p.RaffleID, Seq: p.Seq})
		})
		srv := httptest.NewServer(e.handler)
		t.Cleanup(srv.Close)
		return e, srv.URL
	}
	a, _ := instance()
	_, bURL := instance()

	ana := newClient(mustSignUp(t, a, "ana@example.com", "segredo1"))
	h := http.Header{"Origin": {bURL}, "Cookie": {ana.cookie.String()}}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(bURL, "http")+"/ws", h)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	time.Sleep(300 * time.Millisecond) // both listeners are up

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
