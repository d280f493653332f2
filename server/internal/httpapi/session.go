package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/ws"
)

type userKey struct{}

// requireUser lets only signed-in requests through, with the user in the
// request's context.
func requireUser(accounts Accounts, cfg Config, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			u, err := currentUser(w, r, accounts, cfg)
			if err != nil {
				writeError(w, r, log, err)
				return
			}
			if ri := infoFrom(r.Context()); ri != nil {
				ri.account = u.ID
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey{}, u)))
		})
	}
}

func userFrom(ctx context.Context) core.User {
	u, _ := ctx.Value(userKey{}).(core.User)
	return u
}

// handleWS upgrades a signed-in organiser's connection and subscribes it to
// pokes for the account's raffles.
func handleWS(hub *ws.Hub, cfg Config, obs Observer, log *slog.Logger) http.Handler {
	up := websocket.Upgrader{
		ReadBufferSize:  1024,
		WriteBufferSize: 1024,
		CheckOrigin:     func(r *http.Request) bool { return fromSameOrigin(r, cfg.TrustProxy, true) },
		Error: func(w http.ResponseWriter, r *http.Request, status int, reason error) {
			code := core.CodeInvalidInput
			if status == http.StatusForbidden {
				code = core.CodeForbiddenOrigin
			}
			writeError(w, r, log, &core.Error{Code: code, Err: reason})
		},
	}
	sockets := newSessionSockets(cfg.MaxSocketsPerSession)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		c, _ := r.Cookie(sessionCookie) // requireUser has checked it
		place, err := sockets.acquire(c.Value)
		if err != nil {
			obs.SocketRefused("organiser", "cap")
			writeError(w, r, log, err)
			return
		}
		defer sockets.release(place)
		conn, err := up.Upgrade(w, r, nil)
		if err != nil {
			return // the upgrader has answered
		}
		hub.Serve(conn, UserTopic(u.ID), auth.TokenHash(c.Value))
	})
}

// CloseEndedSessions is what run feeds the store's session ends to: the
// sockets of an ended session close at once, on every instance.
func CloseEndedSessions(hub *ws.Hub) func(store.SessionEnd) {
	return func(e store.SessionEnd) {
		if len(e.Session) > 0 {
			hub.CloseSession(e.Session)
			return
		}
		hub.CloseSessionsOf(UserTopic(e.UserID), e.Keep)
	}
}
