// Package config reads the server's settings from the environment.
package config

import (
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/sorteio/sorteio/sync/protocol"
)

// The range of MAX_BODY_BYTES: at least the PWA's push batch (8 MiB), at
// most 1 GiB.
const (
	MinBody = 8 << 20
	MaxBody = 1 << 30
)

// Config is the server's configuration. See the README's table.
type Config struct {
	Addr        string
	DatabaseURL string
	SQLitePath  string
	// TrustProxy is how many reverse proxies stand in front of the server
	// (TRUST_PROXY: false 0, true 1, or a number); 0 trusts no forwarded header.
	TrustProxy int
	// IPv6Prefix is how many leading bits of an IPv6 address the
	// per-address limits count as one client (IPV6_PREFIX, 64).
	IPv6Prefix int
	LogLevel   slog.Level
	LogFormat  string
	MaxBody    int64
	// RateLimitScale multiplies the sign-in, sign-up and public lookup
	// bursts (test suites that make many requests from one address raise it).
	RateLimitScale int
	// Per-account quotas (docs/operations.md, "Quotas"); 0 turns one off.
	MaxRafflesPerAccount int
	MaxSocketsPerSession int
	PushesPerMinute      int
	// AbandonGrace is how long after a round's countdown its device still
	// has to reveal it before the owner may abandon it.
	AbandonGrace time.Duration
	// TestClockFile, for end-to-end tests only (never set in production),
	// names a file whose content is a number of milliseconds added to the
	// clock the sync API decides by (clock.go in server/cmd/sorteio).
	TestClockFile string
	// ViewersMax and ViewersPerIP cap the public WebSocket connections of
	// one instance, in all and per client address.
	ViewersMax, ViewersPerIP int
	// The identity provider (OIDC_*); OIDCIssuer is empty when there is none.
	OIDCIssuer, OIDCClientID, OIDCClientSecret, OIDCName, OIDCRedirectURL string
	// PublicURL is the server's public base URL, without a trailing slash
	// (PUBLIC_URL; public_url.go says when it may be left out): links in
	// e-mails and the OIDC redirect are built from it, never from a request's headers.
	PublicURL string
	// SMTPURL is the mail server (SMTP_URL); empty: messages go to the log.
	// MailFrom is their From (MAIL_FROM).
	SMTPURL, MailFrom string
	// ResetLinkTTL is how long a reset link works (RESET_LINK_TTL, 30 min;
	// the end-to-end tests shorten it to see one expire).
	ResetLinkTTL time.Duration
	// MetricsAddr is where Prometheus metrics are served (METRICS_ADDR), a
	// listener of their own so the public port never serves them; empty: off.
	MetricsAddr string
}

// Load reads the configuration through getenv (os.Getenv in production).
func Load(getenv func(string) string) (Config, error) {
	c := Config{
		Addr:        or(getenv("ADDR"), ":8080"),
		DatabaseURL: strings.TrimSpace(getenv("DATABASE_URL")),
		SQLitePath:  or(getenv("SQLITE_PATH"), "data/sorteio.db"),
		LogFormat:   or(getenv("LOG_FORMAT"), "text"),
		MaxBody:     protocol.MaxPushBytes,

		RateLimitScale: 1,
		AbandonGrace:   time.Duration(protocol.DefaultAbandonGrace) * time.Millisecond,
		ViewersMax:     50000,
		ViewersPerIP:   500,
		IPv6Prefix:     64,

		MaxRafflesPerAccount: 200,
		MaxSocketsPerSession: 10,
		PushesPerMinute:      120,
	}
	for _, v := range []struct {
		name string
		to   *int
	}{{"PUBLIC_VIEWERS_MAX", &c.ViewersMax}, {"PUBLIC_VIEWERS_PER_IP", &c.ViewersPerIP}} {
		if s := getenv(v.name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 10_000_000 {
				return c, fmt.Errorf("%s: valor inválido %q (um inteiro positivo)", v.name, s)
			}
			*v.to = n
		}
	}
	if v := getenv("TRUST_PROXY"); v != "" {
		n, err := proxyHops(v)
		if err != nil {
			return c, err
		}
		c.TrustProxy = n
	}
	if v := getenv("IPV6_PREFIX"); v != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(v, "/"))
		if err != nil || n < 32 || n > 128 {
			return c, fmt.Errorf("IPV6_PREFIX: valor inválido %q (um comprimento de prefixo de 32 a 128, como 64)", v)
		}
		c.IPv6Prefix = n
	}
	if v := getenv("LOG_LEVEL"); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			return c, fmt.Errorf("LOG_LEVEL: valor inválido %q (use debug, info, warn ou error)", v)
		}
	}
	if v := getenv("MAX_BODY_BYTES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < MinBody || n > MaxBody {
			return c, fmt.Errorf("MAX_BODY_BYTES: valor inválido %q (um inteiro de %d a %d)", v, MinBody, MaxBody)
		}
		c.MaxBody = n
	}
	if v := getenv("RATE_LIMIT_SCALE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			return c, fmt.Errorf("RATE_LIMIT_SCALE: valor inválido %q (um inteiro de 1 a 10000)", v)
		}
		c.RateLimitScale = n
	}
	for _, q := range []struct {
		name string
		into *int
	}{{"MAX_RAFFLES_PER_ACCOUNT", &c.MaxRafflesPerAccount}, {"MAX_SOCKETS_PER_SESSION", &c.MaxSocketsPerSession},
		{"PUSHES_PER_MINUTE", &c.PushesPerMinute}} {
		if v := getenv(q.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1_000_000 {
				return c, fmt.Errorf("%s: valor inválido %q (um inteiro de 0 a 1000000; 0 desliga o limite)", q.name, v)
			}
			*q.into = n
		}
	}
	if v := getenv("DRAW_ABANDON_GRACE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > time.Hour {
			return c, fmt.Errorf("DRAW_ABANDON_GRACE: valor inválido %q (uma duração de 0s a 1h, como 60s)", v)
		}
		c.AbandonGrace = d
	}
	c.TestClockFile = strings.TrimSpace(getenv("TEST_CLOCK_FILE"))
	// The issuer stays exactly as the provider spells it (a trailing slash included): tokens must match it.
	c.OIDCIssuer = strings.TrimSpace(getenv("OIDC_ISSUER"))
	c.OIDCClientID = strings.TrimSpace(getenv("OIDC_CLIENT_ID"))
	c.OIDCClientSecret = getenv("OIDC_CLIENT_SECRET")
	c.OIDCName = or(strings.TrimSpace(getenv("OIDC_NAME")), "provedor de identidade")
	c.OIDCRedirectURL = strings.TrimSpace(getenv("OIDC_REDIRECT_URL"))
	if (c.OIDCIssuer == "") != (c.OIDCClientID == "") {
		return c, fmt.Errorf("OIDC_ISSUER e OIDC_CLIENT_ID: defina os dois (ou nenhum)")
	}
	if c.OIDCIssuer != "" {
		if err := checkURL("OIDC_ISSUER", c.OIDCIssuer); err != nil {
			return c, err
		}
	}
	if c.OIDCRedirectURL != "" {
		if err := checkURL("OIDC_REDIRECT_URL", c.OIDCRedirectURL); err != nil {
			return c, err
		}
	}
	var err error
	if c.PublicURL, err = publicURL(getenv, c.Addr, c.OIDCIssuer != "" && c.OIDCRedirectURL == ""); err != nil {
		return c, err
	}
	if err := c.loadMail(getenv); err != nil {
		return c, err
	}
	c.MetricsAddr = strings.TrimSpace(getenv("METRICS_ADDR"))
	if c.MetricsAddr != "" && c.MetricsAddr == c.Addr && !strings.HasSuffix(c.Addr, ":0") {
		return c, fmt.Errorf("METRICS_ADDR: use um endereço diferente de ADDR (as métricas não vão na porta pública)")
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return c, fmt.Errorf("LOG_FORMAT: valor inválido %q (use text ou json)", c.LogFormat)
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return c, fmt.Errorf("DATABASE_URL: use uma URL postgres:// (sem ela, o SQLite em SQLITE_PATH é usado)")
	}
	return c, nil
}

// loadMail reads SMTP_URL, MAIL_FROM and RESET_LINK_TTL (after PUBLIC_URL).
func (c *Config) loadMail(getenv func(string) string) error {
	u, err := url.Parse(c.PublicURL)
	if err != nil {
		return fmt.Errorf("PUBLIC_URL: URL inválida %q", c.PublicURL)
	}
	c.ResetLinkTTL = 30 * time.Minute
	if v := getenv("RESET_LINK_TTL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > 24*time.Hour {
			return fmt.Errorf("RESET_LINK_TTL: valor inválido %q (uma duração de 1s a 24h, como 30m)", v)
		}
		c.ResetLinkTTL = d
	}
	c.SMTPURL = strings.TrimSpace(getenv("SMTP_URL"))
	c.MailFrom = or(strings.TrimSpace(getenv("MAIL_FROM")), "Sorteio <nao-responda@"+u.Hostname()+">")
	return nil
}

// DSN is what the store opens: the PostgreSQL URL when set, else the SQLite path.
func (c Config) DSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return c.SQLitePath
}

// MaxProxyHops is the most proxies TRUST_PROXY may name.
const MaxProxyHops = 10

// proxyHops reads TRUST_PROXY: true is one proxy, false none, a number that
// many (0 to MaxProxyHops).
func proxyHops(v string) (int, error) {
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 || n > MaxProxyHops {
			return 0, fmt.Errorf("TRUST_PROXY: valor inválido %q (use true, false ou o número de proxies, de 0 a %d)", v, MaxProxyHops)
		}
		return n, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return 0, fmt.Errorf("TRUST_PROXY: valor inválido %q (use true, false ou o número de proxies, de 0 a %d)", v, MaxProxyHops)
	}
	if b {
		return 1, nil
	}
	return 0, nil
}

func or(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return v
}
