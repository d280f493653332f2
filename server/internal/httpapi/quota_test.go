package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func TestRaffleQuota(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		db.LimitRaffles(2)
		e := newEnv(t, db, httpapi.Config{})
		c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		ids := []string{core.NewID(time.Now()), core.NewID(time.Now()), core.NewID(time.Now())}
		res := c.push(t, e,
			c.op(ids[0], "raffle.create", createPayload(ids[0], "K7P2QA")),
			c.op(ids[1], "raffle.create", createPayload(ids[1], "K7P2QB")),
			c.op(ids[2], "raffle.create", createPayload(ids[2], "K7P2QC")))
		wantStatuses(t, res, "applied", "applied", "rejected:too_many_raffles")
		if !strings.Contains(res[2].Message, "limite de sorteios") {
			t.Errorf("message %q", res[2].Message)
		}
		if s := c.getJSON(t, e, "/api/sync/raffles/"+ids[2]+"/snapshot", nil); s != 404 {
			t.Fatalf("the refused raffle exists: %d", s)
		}
		// Another account has its own quota; a deleted raffle frees a place.
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		other := core.NewID(time.Now())
		wantStatuses(t, bia.push(t, e, bia.op(other, "raffle.create", createPayload(other, "K7P2QD"))), "applied")
		again := core.NewID(time.Now())
		wantStatuses(t, c.push(t, e, c.op(ids[0], "raffle.delete", map[string]any{}),
			c.op(again, "raffle.create", createPayload(again, "K7P2QE"))), "applied", "applied")
	})
}

func TestPushesPerMinute(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		limits := looseLimits()
		limits.Push = ratelimit.New(3, time.Minute, time.Now)
		e := limitedEnv(t, db, limits)
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		rid := core.NewID(time.Now())
		ana.push(t, e, ana.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
		for i := 0; i < 2; i++ {
			ana.push(t, e, ana.op(rid, "raffle.update", map[string]any{"title": "Rifa"}))
		}
		res := e.do(t, request{method: "POST", path: "/api/sync/push", cookie: ana.cookie,
			body: pushBody(ana.id, ana.op(rid, "raffle.update", map[string]any{"title": "Quarta"}))})
		body := readBody(t, res)
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" || !strings.Contains(body, `"code":"rate_limited"`) {
			t.Fatalf("4th push in a minute: %d %s (Retry-After %q)", res.StatusCode, body, res.Header.Get("Retry-After"))
		}
		if snap := ana.snapshot(t, e, rid); snap.Raffle.Title != "Rifa" || snap.HeadSeq != 3 {
			t.Fatalf("the refused push wrote: %+v head %d", snap.Raffle, snap.HeadSeq)
		}
		// Per account: Bia is not held back by Ana.
		other := core.NewID(time.Now())
		wantStatuses(t, bia.push(t, e, bia.op(other, "raffle.create", createPayload(other, "M4N5PQ"))), "applied")
	})
}

func TestSocketsPerSession(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	e := newEnv(t, db, httpapi.Config{MaxSocketsPerSession: 2})
	srv := httptest.NewServer(e.handler)
	defer srv.Close()
	ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
	dial := func(c *client) (*websocket.Conn, *http.Response, error) {
		h := http.Header{"Origin": {srv.URL}, "Cookie": {c.cookie.String()}}
		return websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", h)
	}
	first, _, err := dial(ana)
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := dial(ana)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	_, res, err := dial(ana)
	if err == nil || res.StatusCode != 429 {
		t.Fatalf("3rd socket of one session: err=%v res=%v, want 429", err, res)
	}
	if body := readBody(t, res); !strings.Contains(body, "Muitas conexões abertas nesta sessão (máximo 2)") {
		t.Fatalf("3rd socket: %s", body)
	}
	// Another session of the same account has its own count.
	signIn := e.do(t, request{method: "POST", path: "/api/auth/signin", body: `{"email":"ana@example.com","password":"segredo1"}`})
	other := newClient(sessionCookie(t, signIn))
	third, _, err := dial(other)
	if err != nil {
		t.Fatalf("another session: %v", err)
	}
	defer third.Close()
	// A closed socket frees its place.
	first.Close()
	deadline := time.Now().Add(3 * time.Second)
	for {
		conn, _, err := dial(ana)
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the closed socket's place was not freed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
