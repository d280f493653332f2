package httpapi_test

import (
	"fmt"
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

// Ending a session closes its WebSockets with the close code 4001, and only
// its own: each row opens one socket for each of three sessions of one
// account, ends some through the API with session 0 or 1, and checks which
// sockets got the close frame and that the others still hear pokes.
func TestEndedSessionsCloseTheirSockets(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for n, tc := range []struct {
			name   string
			by     int // the session that makes the request
			req    request
			closed []bool
		}{
			{"sign-out ends its own session", 1, request{method: "POST", path: "/api/auth/signout"}, []bool{false, true, false}},
			{"a password change ends the other sessions", 0, request{method: "POST", path: "/api/account/password",
				body: `{"current":"segredo1","password":"segredo2"}`}, []bool{false, true, true}},
			{"'Sair de todos os dispositivos' ends every session", 0, request{method: "POST", path: "/api/account/signout-all"}, []bool{true, true, true}},
			{"deleting the account ends every session", 0, request{method: "POST", path: "/api/account/delete",
				body: `{"email":"{email}"}`}, []bool{true, true, true}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				email := fmt.Sprintf("ana%d@example.com", n)
				e := newEnv(t, db, httpapi.Config{})
				e.listenPokes(t)
				srv := httptest.NewServer(e.handler)
				defer srv.Close()
				sessions := []*http.Cookie{mustSignUp(t, e, email, "segredo1")}
				for i := 1; i < 3; i++ {
					sessions = append(sessions, mustSignIn(t, e, email, "segredo1", fmt.Sprintf("10.1.1.%d:1", i)))
				}
				topic := httpapi.UserTopic(userIDOf(t, e, newClient(sessions[0])))
				var sockets []*websocket.Conn
				for _, s := range sessions {
					sockets = append(sockets, dialWS(t, srv.URL, srv.URL, s))
				}
				waitConnected(t, e.hub, topic, 3)

				tc.req.cookie = sessions[tc.by]
				tc.req.body = strings.ReplaceAll(tc.req.body, "{email}", email)
				if res := e.do(t, tc.req); res.StatusCode != http.StatusNoContent {
					t.Fatalf("%s %s: %d %s", tc.req.method, tc.req.path, res.StatusCode, readBody(t, res))
				}
				for i, conn := range sockets {
					if tc.closed[i] {
						expectSessionEndedClose(t, conn, i)
					}
				}
				// The sockets of sessions that live on still hear pokes.
				for i, s := range sessions {
					if tc.closed[i] {
						continue
					}
					rid := core.NewID(time.Now())
					c := newClient(s)
					c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "KP"+string(rune('A'+n))+string(rune('A'+i))+"QX")))
					for j := range sessions {
						if !tc.closed[j] {
							expectPoke(t, sockets[j], rid, j)
						}
					}
				}
			})
		}
	})
}

// On PostgreSQL a session ended through one instance closes its socket on
// another (NOTIFY).
func TestEndedSessionClosesSocketOnOtherInstance(t *testing.T) {
	t.Parallel()
	dsn := storetest.MigratedDSN(t, "postgres")
	a, _ := serverOn(t, dsn)
	b, bURL := serverOn(t, dsn)
	ana := mustSignUp(t, a, "ana@example.com", "segredo1")
	conn := dialWS(t, bURL, bURL, ana)
	waitConnected(t, b.hub, httpapi.UserTopic(userIDOf(t, a, newClient(ana))), 1)
	if res := a.do(t, request{method: "POST", path: "/api/account/signout-all", cookie: ana}); res.StatusCode != http.StatusNoContent {
		t.Fatalf("signout-all: %d", res.StatusCode)
	}
	expectSessionEndedClose(t, conn, 0)
}

func dialWS(t *testing.T, base, origin string, session *http.Cookie) *websocket.Conn {
	t.Helper()
	h := http.Header{"Origin": {origin}, "Cookie": {session.String()}}
	conn, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/ws", h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// expectSessionEndedClose reads until the close frame. The deadline is
// generous: the close is sent when the session is deleted, and only a
// socket that never closes reaches it.
func expectSessionEndedClose(t *testing.T, conn *websocket.Conn, i int) {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, msg, err := conn.ReadMessage()
		if err == nil {
			continue // a poke sent before the end
		}
		if !websocket.IsCloseError(err, ws.CloseSessionEnded) {
			t.Fatalf("session %d's socket: %v (last message %s), want close %d", i, err, msg, ws.CloseSessionEnded)
		}
		return
	}
}

// expectPoke reads until a poke of raffle rid.
func expectPoke(t *testing.T, conn *websocket.Conn, rid string, i int) {
	t.Helper()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, msg, err := conn.ReadMessage()
		if err != nil {
			t.Fatalf("session %d's socket, waiting for a poke of %s: %v", i, rid, err)
		}
		if strings.Contains(string(msg), rid) {
			return
		}
	}
}

func mustSignIn(t *testing.T, e *env, email, password, remote string) *http.Cookie {
	t.Helper()
	res := e.do(t, request{method: "POST", path: "/api/auth/signin", remote: remote,
		body: `{"email":"` + email + `","password":"` + password + `"}`})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in %s: status %d: %s", email, res.StatusCode, readBody(t, res))
	}
	return sessionCookie(t, res)
}
