package httpapi

import (
	"net/http/httptest"
	"testing"
)

// The client's address behind proxies: X-Forwarded-For read across all its
// lines, the entry as many from the right as there are trusted proxies. A
// client that writes its own X-Forwarded-For line, before the one its proxy
// adds, names nothing.
func TestClientIPBehindProxies(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   Config
		lines []string
		want  string
	}{
		{"no proxy trusted: the connection", Config{}, []string{"198.51.100.9"}, "10.0.0.1"},
		{"one proxy, one line", Config{TrustProxy: true}, []string{"198.51.100.9, 203.0.113.7"}, "203.0.113.7"},
		{"one proxy that adds its own line after the client's", Config{TrustProxy: true}, []string{"198.51.100.9", "203.0.113.7"}, "203.0.113.7"},
		{"one proxy, three lines", Config{TrustProxy: true}, []string{"1.1.1.1, 2.2.2.2", "3.3.3.3", "203.0.113.7"}, "203.0.113.7"},
		{"two proxies: the outer one's entry", Config{TrustProxy: true, ProxyHops: 2}, []string{"198.51.100.9, 203.0.113.7", "192.0.2.50"}, "203.0.113.7"},
		{"two proxies, each on its own line", Config{TrustProxy: true, ProxyHops: 2}, []string{"198.51.100.9", "203.0.113.7", "192.0.2.50"}, "203.0.113.7"},
		{"two proxies, one entry: the leftmost", Config{TrustProxy: true, ProxyHops: 2}, []string{"203.0.113.7"}, "203.0.113.7"},
		{"IPv6 in its normal form", Config{TrustProxy: true}, []string{"2001:DB8::0:1"}, "2001:db8::1"},
		{"not an address: the connection", Config{TrustProxy: true}, []string{"203.0.113.7", "forjado"}, "10.0.0.1"},
		{"no header: the connection", Config{TrustProxy: true}, nil, "10.0.0.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = "10.0.0.1:5000"
			for _, l := range tc.lines {
				r.Header.Add("X-Forwarded-For", l)
			}
			if got := clientIP(r, tc.cfg); got != tc.want {
				t.Errorf("clientIP = %q, want %q", got, tc.want)
			}
		})
	}
}

// The address group: an IPv4 address alone, an IPv6 address's network of
// the configured prefix (64 unless set), IPv4-mapped IPv6 as IPv4.
func TestGroupOf(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		prefix int
		want   string
	}{
		{"203.0.113.7", 0, "203.0.113.7"},
		{"::ffff:203.0.113.7", 0, "203.0.113.7"},
		{"2001:db8:1:2:aaaa:bbbb:cccc:dddd", 0, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::1", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::1", 48, "2001:db8:1::/48"},
		{"2001:db8:1:2::1", 128, "2001:db8:1:2::1/128"},
		{"fe80::1%eth0", 0, "fe80::/64"},
		{"not an address", 0, "not an address"},
	} {
		if got := groupOf(tc.addr, tc.prefix); got != tc.want {
			t.Errorf("groupOf(%q, %d) = %q, want %q", tc.addr, tc.prefix, got, tc.want)
		}
	}
}
