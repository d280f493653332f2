package config

import (
	"strings"
	"testing"
)

// loadWant loads env and checks the outcome: an error containing wantErr
// when it is set (ok false), else none (ok true).
func loadWant(t *testing.T, env map[string]string, wantErr string) (c Config, ok bool) {
	t.Helper()
	c, err := Load(func(k string) string { return env[k] })
	if wantErr != "" {
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Fatalf("err = %v, want %q", err, wantErr)
		}
		return c, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return c, true
}

func TestOIDCSettings(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
		issuer  string
		label   string
	}{
		{name: "none configured", env: map[string]string{}},
		{name: "issuer kept as spelled, default name",
			env:    map[string]string{"OIDC_ISSUER": "https://id.example.com/", "OIDC_CLIENT_ID": "sorteio", "PUBLIC_URL": "https://sorteio.example.com"},
			issuer: "https://id.example.com/", label: "provedor de identidade"},
		{name: "named", env: map[string]string{"OIDC_ISSUER": "https://id.example.com", "OIDC_CLIENT_ID": "s", "OIDC_NAME": " Empresa ",
			"PUBLIC_URL": "https://sorteio.example.com"},
			issuer: "https://id.example.com", label: "Empresa"},
		{name: "issuer without client", env: map[string]string{"OIDC_ISSUER": "https://id.example.com"}, wantErr: "defina os dois"},
		{name: "client without issuer", env: map[string]string{"OIDC_CLIENT_ID": "s"}, wantErr: "defina os dois"},
		{name: "issuer not a URL", env: map[string]string{"OIDC_ISSUER": "id.example.com", "OIDC_CLIENT_ID": "s"}, wantErr: "URL inválida"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := loadWant(t, tc.env, tc.wantErr)
			if !ok {
				return
			}
			if c.OIDCIssuer != tc.issuer || (tc.issuer != "" && c.OIDCName != tc.label) {
				t.Errorf("issuer %q name %q, want %q %q", c.OIDCIssuer, c.OIDCName, tc.issuer, tc.label)
			}
		})
	}
}

// The public URL comes from PUBLIC_URL or ADDR, never from a request; a
// server with OIDC on must say it unless it listens on loopback only.
func TestPublicURL(t *testing.T) {
	oidc := map[string]string{"OIDC_ISSUER": "https://id.example.com", "OIDC_CLIENT_ID": "s"}
	with := func(base map[string]string, kv ...string) map[string]string {
		env := map[string]string{}
		for k, v := range base {
			env[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	tests := []struct {
		name    string
		env     map[string]string
		want    string
		wantErr string
	}{
		{"OIDC off, nothing set: where it listens", map[string]string{}, "http://localhost:8080", ""},
		{"OIDC off, a loopback ADDR", with(nil, "ADDR", "127.0.0.1:9000"), "http://127.0.0.1:9000", ""},
		{"set, trailing slash dropped", with(nil, "PUBLIC_URL", "https://sorteio.example.com/"), "https://sorteio.example.com", ""},
		{"set with a path", with(nil, "PUBLIC_URL", "https://example.com/sorteio"), "", "PUBLIC_URL: URL inválida"},
		{"set without a scheme", with(nil, "PUBLIC_URL", "sorteio.example.com"), "", "PUBLIC_URL: URL inválida"},
		{"set with a query", with(nil, "PUBLIC_URL", "https://sorteio.example.com?x=1"), "", "PUBLIC_URL: URL inválida"},
		{"OIDC on, all interfaces, nothing set: refused", oidc, "", "PUBLIC_URL: defina o endereço público"},
		{"OIDC on, a public ADDR: refused", with(oidc, "ADDR", "203.0.113.7:8080"), "", "PUBLIC_URL: defina o endereço público"},
		{"OIDC on, loopback ADDR", with(oidc, "ADDR", "127.0.0.1:8080"), "http://127.0.0.1:8080", ""},
		{"OIDC on, loopback IPv6 ADDR", with(oidc, "ADDR", "[::1]:8080"), "http://[::1]:8080", ""},
		{"OIDC on, localhost ADDR", with(oidc, "ADDR", "localhost:8080"), "http://localhost:8080", ""},
		{"OIDC on, PUBLIC_URL set", with(oidc, "PUBLIC_URL", "https://sorteio.example.com"), "https://sorteio.example.com", ""},
		{"OIDC on, only OIDC_REDIRECT_URL", with(oidc, "OIDC_REDIRECT_URL", "https://sorteio.example.com/api/auth/oidc/callback"), "http://localhost:8080", ""},
		{"OIDC_REDIRECT_URL not a URL", with(oidc, "OIDC_REDIRECT_URL", "/api/auth/oidc/callback"), "", "OIDC_REDIRECT_URL: URL inválida"},
		{"ADDR not an address", with(nil, "ADDR", "8080"), "", "ADDR: endereço inválido"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if c, ok := loadWant(t, tc.env, tc.wantErr); ok && c.PublicURL != tc.want {
				t.Errorf("PublicURL %q, want %q", c.PublicURL, tc.want)
			}
		})
	}
}

func TestQuotas(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	c, err := Load(getenv)
	if err != nil || c.MaxRafflesPerAccount != 200 || c.MaxSocketsPerSession != 10 || c.PushesPerMinute != 120 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	env = map[string]string{"MAX_RAFFLES_PER_ACCOUNT": "5", "MAX_SOCKETS_PER_SESSION": "0", "PUSHES_PER_MINUTE": "30"}
	if c, err = Load(getenv); err != nil || c.MaxRafflesPerAccount != 5 || c.MaxSocketsPerSession != 0 || c.PushesPerMinute != 30 {
		t.Fatalf("set: %+v %v", c, err)
	}
	for _, bad := range []string{"-1", "x", "1e3", "2000000"} {
		if _, err := Load(func(k string) string {
			if k == "PUSHES_PER_MINUTE" {
				return bad
			}
			return ""
		}); err == nil {
			t.Errorf("PUSHES_PER_MINUTE=%q accepted", bad)
		}
	}
}

// TRUST_PROXY names how many proxies stand in front: true and false keep
// their meaning (one, none), a number says how many.
func TestTrustProxy(t *testing.T) {
	for v, want := range map[string]int{"": 0, "false": 0, "true": 1, "TRUE": 1, "0": 0, "1": 1, "2": 2, "10": 10} {
		if c, ok := loadWant(t, map[string]string{"TRUST_PROXY": v}, ""); ok && c.TrustProxy != want {
			t.Errorf("TRUST_PROXY=%q: %d proxies, want %d", v, c.TrustProxy, want)
		}
	}
	for _, bad := range []string{"talvez", "-1", "11", "1.5", "caddy"} {
		loadWant(t, map[string]string{"TRUST_PROXY": bad}, "TRUST_PROXY: valor inválido")
	}
}

// IPV6_PREFIX: how many bits of an IPv6 address name one client (64 unless set).
func TestIPv6Prefix(t *testing.T) {
	for v, want := range map[string]int{"": 64, "64": 64, "/56": 56, "48": 48, "128": 128} {
		if c, ok := loadWant(t, map[string]string{"IPV6_PREFIX": v}, ""); ok && c.IPv6Prefix != want {
			t.Errorf("IPV6_PREFIX=%q: /%d, want /%d", v, c.IPv6Prefix, want)
		}
	}
	for _, bad := range []string{"0", "31", "129", "sessenta", "64.5"} {
		loadWant(t, map[string]string{"IPV6_PREFIX": bad}, "IPV6_PREFIX: valor inválido")
	}
}
