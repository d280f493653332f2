// Package httpapi is the server's HTTP layer: the route table, handlers,
// middleware and the JSON error mapping.
package httpapi

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/ws"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Config holds the HTTP layer's settings.
type Config struct {
	// TrustProxy makes X-Forwarded-For and X-Forwarded-Proto count (only
	// behind a reverse proxy that sets them).
	TrustProxy bool
	// ProxyHops is how many trusted proxies append to X-Forwarded-For
	// (TRUST_PROXY=2: a CDN before the own proxy); 0 counts as 1 when
	// TrustProxy is set (clientip.go).
	ProxyHops int
	// IPv6Prefix is how many leading bits of an IPv6 address the
	// per-address limits count as one client (IPV6_PREFIX; 0: 64).
	IPv6Prefix int
	// MaxBody caps every request body, in bytes; a push is the largest.
	// Zero means protocol.MaxPushBytes.
	MaxBody int64
	// MaxSocketsPerSession caps the WebSockets one session holds open at
	// once (0: no cap).
	MaxSocketsPerSession int
	// DeviceKey signs the known-device cookie (known_device.go): run gives
	// the database's stored secret; a random one is made when empty.
	DeviceKey []byte
	// CheckTime is how long every entrant self-check answer takes at least,
	// hit or miss (0 in tests).
	CheckTime time.Duration
	// PublicURL is the server's public base URL (PUBLIC_URL). The callback
	// URL given to the provider is PublicURL + /api/auth/oidc/callback
	// unless OIDCRedirectURL overrides it; never the request's Host.
	PublicURL, OIDCRedirectURL string
}

// Deps are the handlers' dependencies.
type Deps struct {
	Log      *slog.Logger
	DB       Pinger
	Accounts Accounts
	// OIDC is the provider sign-in; nil when no provider is configured.
	OIDC OIDCFlow
	// Account serves 'Minha conta'; Exports reads 'Baixar meus dados'.
	Account AccountPage
	Exports Exporter
	// Emails runs the e-mailed links (email.go); nil: no e-mail routes.
	Emails EmailFlows
	Limits Limits
	Sync   SyncStore
	Audits AuditStore
	// AuditCache keeps the encoded audit records; nil: one of
	// DefaultAuditCacheBytes.
	AuditCache *AuditCache
	Imports    ImportStore
	Public     PublicStore
	Live       PublicLive
	// Viewers is the public WebSocket fan-out; run feeds it the store's
	// pokes, like Hub.
	Viewers *ws.Viewers
	// Hub holds the WebSocket connections; run feeds it the store's pokes.
	Hub *ws.Hub
	// Ready answers /readyz; nil: always ready (tests without a store).
	Ready Readiness
	// Metrics records requests, ops, pushes, pulls and refused sockets;
	// nil records nothing.
	Metrics Observer
	// Now is the clock (time.Now in production).
	Now func() time.Time
	// Assets is the built PWA; nil when the binary has none.
	Assets fs.FS
}

// NewHandler returns the server's whole HTTP handler.
func NewHandler(cfg Config, deps Deps) http.Handler {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = protocol.MaxPushBytes
	}
	if len(cfg.DeviceKey) == 0 {
		cfg.DeviceKey = newDeviceKey()
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	if deps.Metrics == nil {
		deps.Metrics = noObserver{}
	}
	if deps.AuditCache == nil {
		deps.AuditCache = NewAuditCache(DefaultAuditCacheBytes)
	}
	if deps.Emails != nil {
		deps.Accounts = confirmingSignUp{Accounts: deps.Accounts, emails: deps.Emails, log: deps.Log}
	}
	r := chi.NewRouter()
	addRoutes(r, cfg, deps)
	return r
}
