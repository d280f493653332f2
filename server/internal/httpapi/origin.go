package httpapi

import (
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/sorteio/sorteio/server/internal/core"
)

// sameOrigin refuses state-changing browser requests from any other origin.
// Sec-Fetch-Site, when sent, must say same-origin (or none: typed by the
// user); Origin, when sent, must be this server's own origin, scheme, host
// and port alike: a page on https://host is another origin than the server
// on http://host. Requests with neither header, such as from command-line
// tools, pass (they carry no browser's cookies by accident).
func sameOrigin(log *slog.Logger, trustProxy bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
			default:
				if !fromSameOrigin(r, trustProxy, false) {
					writeError(w, r, log, &core.Error{Code: core.CodeForbiddenOrigin})
					return
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// fromSameOrigin applies the rule above; requireOrigin makes a missing
// Origin a refusal (WebSocket upgrades, which browsers always label).
func fromSameOrigin(r *http.Request, trustProxy, requireOrigin bool) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return !requireOrigin
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || u.Path != "" || u.User != nil {
		return false
	}
	scheme := "http"
	if isHTTPS(r, trustProxy) {
		scheme = "https"
	}
	return strings.EqualFold(u.Scheme, scheme) && hostPort(u.Host, scheme) == hostPort(r.Host, scheme)
}

// hostPort writes host[:port] in one form: lower case, default port dropped.
func hostPort(hp, scheme string) string {
	hp = strings.ToLower(hp)
	host, port, err := net.SplitHostPort(hp)
	if err != nil {
		return hp
	}
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		if strings.Contains(host, ":") {
			return "[" + host + "]"
		}
		return host
	}
	return hp
}
