package httpapi

import (
	"net"
	"net/http"
	"strings"
)

// clientIP is the address rate limits count against. Behind trusted proxies
// (cfg.TrustProxy, cfg.ProxyHops of them) it is the X-Forwarded-For entry
// that many from the right, read across every X-Forwarded-For line in order:
// each proxy appends the address it saw, so the outermost trusted proxy's
// entry is the client, and anything to its left is whatever the client
// claimed. A proxy that adds a line of its own instead of extending the
// client's (the first line being the client's) changes nothing: the lines
// are one list. With fewer entries than proxies, the leftmost counts (a
// trusted proxy wrote it); an entry that is no address falls back to the
// connection's.
func clientIP(r *http.Request, cfg Config) string {
	if hops := cfg.hops(); hops > 0 {
		var entries []string
		for _, line := range r.Header.Values("X-Forwarded-For") {
			entries = append(entries, strings.Split(line, ",")...)
		}
		if len(entries) > 0 {
			i := max(len(entries)-hops, 0)
			if ip := net.ParseIP(strings.TrimSpace(entries[i])); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// hops is how many proxies' X-Forwarded-For entries count: none without
// TrustProxy, else ProxyHops (at least one).
func (c Config) hops() int {
	if !c.TrustProxy {
		return 0
	}
	return max(c.ProxyHops, 1)
}
