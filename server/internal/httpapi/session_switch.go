package httpapi

import (
	"log/slog"
	"net/http"
)

// endReplacedSession ends the session whose cookie this browser sent to a
// sign-in, a sign-up or a provider's callback that just gave it a new one:
// the browser can no longer present the old token, so it must not stay
// valid server-side for the rest of its sliding expiry (a copy of the
// cookie, on a shared computer, would outlive the switch to another
// account). Its sockets close with it (store/session_ends.go). A failure
// is logged: the new session stands, and the old one expires as before.
func endReplacedSession(r *http.Request, accounts Accounts, newToken string, log *slog.Logger) {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" || c.Value == newToken {
		return
	}
	if err := accounts.SignOut(r.Context(), c.Value); err != nil {
		log.Warn("sessão anterior do navegador não encerrada", "request_id", requestID(r), "err", err)
	}
}
