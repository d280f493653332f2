package httpapi

import (
	"net"
	"net/http"
	"strings"
)

// clientIP is the address rate limits count against. Behind a trusted proxy it
// is the last X-Forwarded-For hop (the one the proxy itself added; earlier
// hops are whatever the client claimed).
func clientIP(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			hops := strings.Split(xff, ",")
			if ip := strings.TrimSpace(hops[len(hops)-1]); net.ParseIP(ip) != nil {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
