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
	"github.com/sorteio/sorteio/server/internal/store/storetest"
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
