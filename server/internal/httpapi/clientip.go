package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"

	"github.com/sorteio/sorteio/server/internal/auth"
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

// DefaultIPv6Prefix is how many leading bits of an IPv6 address name one
// client: a /64 is what one home or phone is given, and every address in it
// is the same client's to choose.
const DefaultIPv6Prefix = 64

// addressGroup is the client every per-address limit counts: the client's
// IPv4 address, or its IPv6 address's network of cfg.IPv6Prefix bits
// (DefaultIPv6Prefix when 0), as "2001:db8:1:2::/64". Every per-address key
// is made from it, never from clientIP.
func addressGroup(r *http.Request, cfg Config) string {
	return groupOf(clientIP(r, cfg), cfg.IPv6Prefix)
}

func groupOf(address string, prefix int) string {
	a, err := netip.ParseAddr(address)
	if err != nil {
		return address
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	if prefix <= 0 || prefix > 128 {
		prefix = DefaultIPv6Prefix
	}
	p, err := a.WithZone("").Prefix(prefix)
	if err != nil {
		return address
	}
	return p.String()
}

// withAddressGroup names the request's address group for the password gate
// (auth.WithAddressGroup), which shares its slots between groups.
func withAddressGroup(cfg Config) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(auth.WithAddressGroup(r.Context(), addressGroup(r, cfg))))
		})
	}
}
