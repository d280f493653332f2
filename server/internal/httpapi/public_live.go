package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/ws"
	"github.com/sorteio/sorteio/sync/protocol"
)

// PublicLive is what the public WebSocket needs from storage.
type PublicLive interface {
	PublicRaffleID(ctx context.Context, code string) (string, error)
}

// PublicViews reads public views by raffle id (the fan-out's loads).
type PublicViews interface {
	PublicByID(ctx context.Context, raffleID string) (store.PublicView, error)
}

// PublicLoader is the fan-out's loader: the public state of a raffle as the
// WebSocket's "state" message, or ws.ErrGone.
func PublicLoader(st PublicViews, now func() time.Time) ws.Loader {
	return func(ctx context.Context, raffleID string) (int64, []byte, error) {
		v, err := st.PublicByID(ctx, raffleID)
		if core.ErrorCode(err) == core.CodeRaffleNotFound {
			return 0, nil, ws.ErrGone
		}
		if err != nil {
			return 0, nil, err
		}
		s := public.Project(v, now())
		s.Type = "state"
		b, err := json.Marshal(s)
		return s.Seq, b, err
	}
}

// publicUpgrader keeps a viewer small: tiny read buffer (it only reads
// pongs and the close), no write buffer of its own (prepared broadcasts are
// written directly; the rare other frames borrow one from the pool).
var publicUpgrader = websocket.Upgrader{
	ReadBufferSize:  256,
	WriteBufferSize: 256,
	WriteBufferPool: &sync.Pool{},
	// Read-only, anonymous and without credentials: any page may watch.
	CheckOrigin: func(*http.Request) bool { return true },
}

// ViewerHold is how long a public viewer stays connected before its
// connection's rate-limit token comes back when it leaves: a room that
// watched together and dropped together (a venue's Wi-Fi blip) reconnects
// at once, while a flood of short connections from one address spends
// tokens (docs/public-live.md).
const ViewerHold = 30 * time.Second

// handlePublicWS serves /ws/public?code=&after=: hello with the server's
// clock, the state when newer than after, then every change's state; for a
// code no raffle has yet, "waiting" and the state once one has it.
func handlePublicWS(st PublicLive, vs *ws.Viewers, limits Limits, cfg Config, now func() time.Time, obs Observer, log *slog.Logger) http.Handler {
	var line *viewerLine
	if limits.PublicLiveIP != nil {
		line = newViewerLine(limits.PublicLiveIP, limits.PublicLiveAfter)
	}
	up := publicUpgrader
	up.Error = func(w http.ResponseWriter, r *http.Request, status int, reason error) {
		writeError(w, r, log, &core.Error{Code: core.CodeInvalidInput, Err: reason})
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := addressGroup(r, cfg) // the group: one client's viewers, whatever its addresses
		leave := func() {}
		if line != nil {
			end, ok, wait := line.lease(r.Context(), "ip:"+ip)
			if !ok {
				obs.SocketRefused("public", "rate")
				writeError(w, r, log, core.RateLimited(wait))
				return
			}
			leave = end
		}
		// The code is looked up before the upgrade: a raffle's viewer and
		// one waiting for a code no raffle has yet are counted apart, so
		// waiting viewers never take a raffle viewer's place.
		code := strings.ToUpper(r.URL.Query().Get("code"))
		valid := protocol.IsCode(code)
		var id string
		var err error
		if valid {
			id, err = st.PublicRaffleID(r.Context(), code)
		}
		// A deleted raffle's code never comes back: told gone, not kept waiting.
		waiting := id == "" && valid && core.ErrorCode(err) == core.CodeRaffleNotFound && !errors.Is(err, core.ErrDeleted)
		admitted, release := ws.Admitted, func() {}
		switch {
		case id != "":
			admitted, release = vs.Admit(ip), func() { vs.Release(ip) }
		case waiting:
			admitted, release = vs.AdmitWaiting(ip), func() { vs.ReleaseWaiting(ip) }
		}
		switch admitted {
		case ws.FullAddress:
			obs.SocketRefused("public", "address")
			writeError(w, r, log, &core.Error{Code: core.CodeRateLimited, RetryAfter: 5 * time.Second})
			return
		case ws.FullInstance:
			obs.SocketRefused("public", "cap")
			writeError(w, r, log, &core.Error{Code: core.CodeUnavailable, RetryAfter: 5 * time.Second})
			return
		}
		conn, uerr := up.Upgrade(w, r, nil)
		if uerr != nil {
			release()
			return // the upgrader has answered
		}
		_ = conn.SetWriteDeadline(now().Add(10 * time.Second))
		hello, _ := json.Marshal(map[string]any{"type": "hello", "server_time": now().UnixMilli()})
		werr := conn.WriteMessage(websocket.TextMessage, hello)
		after, _ := strconv.ParseInt(r.URL.Query().Get("after"), 10, 64)
		if waiting && werr == nil {
			// Not on the server yet (the organiser's device has not synced
			// it): the viewer waits, and gets it the moment it arrives.
			if werr = conn.WritePreparedMessage(ws.WaitingMsg); werr == nil {
				lookup := func() string {
					id, _ := st.PublicRaffleID(context.Background(), code)
					return id
				}
				go func() {
					vs.Await(conn, ip, code, after, lookup)
					leave()
				}()
				return
			}
		}
		if id == "" || werr != nil {
			if core.ErrorCode(err) != core.CodeRaffleNotFound && err != nil {
				log.Warn("espectador: sorteio não consultado", "err", err)
			}
			_ = conn.WritePreparedMessage(ws.GoneMsg)
			_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
				now().Add(time.Second))
			conn.Close()
			release()
			return
		}
		// The handler returns at once: its goroutine's deep stack and the
		// HTTP connection's 8 KB of buffers are freed; the viewer runs on
		// two fresh goroutines.
		go func() {
			vs.Serve(conn, ip, id, after)
			leave()
		}()
	})
}
