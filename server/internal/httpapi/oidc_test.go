package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/oidctest"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// clock is a settable time for the provider and the server alike.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// oidcEnv is a server with sign-in at a real provider served on loopback.
type oidcEnv struct {
	*env
	provider *oidctest.Provider
	clock    *clock
}

// testPublicURL is the server's configured public URL in these tests;
// requests reach it with httptest's Host, example.com.
const testPublicURL = "http://sorteio.test"

func newOIDCEnv(t *testing.T, db *store.DB) *oidcEnv {
	t.Helper()
	return newOIDCEnvWith(t, db, httpapi.Config{PublicURL: testPublicURL})
}

// newOIDCEnvWith is newOIDCEnv with the server's configuration.
func newOIDCEnvWith(t *testing.T, db *store.DB, cfg httpapi.Config) *oidcEnv {
	t.Helper()
	clk := &clock{t: time.Now()}
	p, err := oidctest.New("sorteio", "segredo-do-cliente", clk.now)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler())
	t.Cleanup(srv.Close)
	p.Issuer = srv.URL
	return newOIDCEnvAt(t, db, p, srv.URL, clk, cfg)
}

func newOIDCEnvAt(t *testing.T, db *store.DB, p *oidctest.Provider, issuer string, clk *clock, cfg httpapi.Config) *oidcEnv {
	t.Helper()
	accounts, err := auth.NewService(db, clk.now, authtest.Gate())
	if err != nil {
		t.Fatal(err)
	}
	flow := auth.NewOIDC(auth.OIDCConfig{Issuer: issuer, ClientID: "sorteio", ClientSecret: "segredo-do-cliente", Name: "Empresa"},
		accounts, db, []byte("chave-de-teste-com-32-bytes-....."), &http.Client{Timeout: 5 * time.Second})
	hub := ws.NewHub(storetest.Logger(t))
	viewers := newViewers(t, db)
	h := httpapi.NewHandler(cfg, httpapi.Deps{
		Log: storetest.Logger(t), DB: db, Accounts: accounts, Account: accounts, Exports: db, OIDC: flow,
		Limits: looseLimits(), Sync: db, Audits: db, Hub: hub, Viewers: viewers, Now: clk.now, Assets: assets(),
	})
	return &oidcEnv{env: &env{db: db, handler: h, hub: hub, viewers: viewers}, provider: p, clock: clk}
}

// start presses the button: the provider's authorize URL and the flow cookie.
func (o *oidcEnv) start(t *testing.T) (*url.URL, *http.Cookie) {
	t.Helper()
	res := o.do(t, request{method: "GET", path: "/api/auth/oidc/start"})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("start: status %d: %s", res.StatusCode, readBody(t, res))
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_oidc" {
			if !c.HttpOnly || c.Path != "/api/auth/oidc" || c.MaxAge != 600 {
				t.Errorf("flow cookie %+v: want HttpOnly, Path=/api/auth/oidc, Max-Age=600", c)
			}
			return loc, c
		}
	}
	t.Fatal("start set no sorteio_oidc cookie")
	return nil, nil
}

// authorize visits the provider (Auto signs the user in) and returns the
// callback URL it redirects to.
func (o *oidcEnv) authorize(t *testing.T, authURL *url.URL) *url.URL {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(authURL.String())
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("authorize: status %d: %s", res.StatusCode, readBody(t, res))
	}
	cb, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return cb
}

func (o *oidcEnv) callback(t *testing.T, cb *url.URL, flow *http.Cookie) *http.Response {
	t.Helper()
	if cb.Path != "/api/auth/oidc/callback" {
		t.Fatalf("callback path %q", cb.Path)
	}
	return o.do(t, request{method: "GET", path: cb.RequestURI(), cookie: flow})
}

// signIn runs the whole flow for user and returns the callback's answer.
func (o *oidcEnv) signIn(t *testing.T, user oidctest.User) *http.Response {
	t.Helper()
	o.provider.Auto = &user
	authURL, flow := o.start(t)
	return o.callback(t, o.authorize(t, authURL), flow)
}

func wantRedirect(t *testing.T, res *http.Response, to string) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != to {
		t.Fatalf("answer %d to %q, want 303 to %q", res.StatusCode, res.Header.Get("Location"), to)
	}
}

func sessionEmail(t *testing.T, o *oidcEnv, c *http.Cookie) string {
	t.Helper()
	return readBody(t, o.do(t, request{method: "GET", path: "/api/auth/session", cookie: c}))
}

// oidcScenario is one case of the provider sign-in, run on each database
// against a fresh provider and server.
type oidcScenario struct {
	name string
	run  func(t *testing.T, o *oidcEnv)
}

func runOIDCScenarios(t *testing.T, scenarios []oidcScenario) {
	t.Helper()
	for _, tc := range scenarios {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) { tc.run(t, newOIDCEnv(t, db)) })
		})
	}
}

func TestOIDCSignIn(t *testing.T) {
	t.Parallel()
	ana := oidctest.User{Subject: "ana-123", Email: "Ana@Example.com", EmailVerified: true}
	runOIDCScenarios(t, []oidcScenario{
		{"happy path: a new account, signed in with the session cookie, found again by subject", func(t *testing.T, o *oidcEnv) {
			res := o.signIn(t, ana)
			wantRedirect(t, res, "/dashboard")
			c := sessionCookie(t, res)
			if body := sessionEmail(t, o, c); !strings.Contains(body, `"email":"ana@example.com"`) {
				t.Errorf("session: %s", body)
			}
			wantCounts(1, 1)(t, o.env, nil)
			// The provider may change the e-mail; the subject still finds the account.
			res = o.signIn(t, oidctest.User{Subject: "ana-123", Email: "ana@nova.example", EmailVerified: true})
			wantRedirect(t, res, "/dashboard")
			wantCounts(1, 2)(t, o.env, nil)
		}},
		{"wrong state: back to /auth, nothing written", func(t *testing.T, o *oidcEnv) {
			o.provider.Auto = &ana
			authURL, flow := o.start(t)
			cb := o.authorize(t, authURL)
			q := cb.Query()
			q.Set("state", "outro-estado")
			cb.RawQuery = q.Encode()
			wantRedirect(t, o.callback(t, cb, flow), "/auth?erro=oidc_state")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"no flow cookie (another browser, or expired): bad state", func(t *testing.T, o *oidcEnv) {
			o.provider.Auto = &ana
			authURL, _ := o.start(t)
			wantRedirect(t, o.callback(t, o.authorize(t, authURL), nil), "/auth?erro=oidc_state")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"forged flow cookie: bad state", func(t *testing.T, o *oidcEnv) {
			o.provider.Auto = &ana
			authURL, flow := o.start(t)
			// Change the first character to another one, whatever it was.
			first := "a"
			if flow.Value[0] == 'a' {
				first = "b"
			}
			flow.Value = first + flow.Value[1:]
			wantRedirect(t, o.callback(t, o.authorize(t, authURL), flow), "/auth?erro=oidc_state")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"wrong nonce in the ID token: refused", func(t *testing.T, o *oidcEnv) {
			o.provider.SetTamper(oidctest.Tamper{Nonce: "nonce-de-outro-pedido"})
			wantRedirect(t, o.signIn(t, ana), "/auth?erro=oidc_failed")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"expired ID token: refused", func(t *testing.T, o *oidcEnv) {
			o.provider.SetTamper(oidctest.Tamper{Expired: true})
			wantRedirect(t, o.signIn(t, ana), "/auth?erro=oidc_failed")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"expired code: the provider refuses the exchange", func(t *testing.T, o *oidcEnv) {
			o.provider.Auto = &ana
			authURL, flow := o.start(t)
			cb := o.authorize(t, authURL)
			o.clock.add(2 * time.Minute)
			wantRedirect(t, o.callback(t, cb, flow), "/auth?erro=oidc_failed")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"the attempt took longer than 10 minutes: bad state", func(t *testing.T, o *oidcEnv) {
			o.provider.Auto = &ana
			authURL, flow := o.start(t)
			cb := o.authorize(t, authURL)
			o.clock.add(auth.FlowTTL)
			wantRedirect(t, o.callback(t, cb, flow), "/auth?erro=oidc_state")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"denied consent: back to /auth", func(t *testing.T, o *oidcEnv) {
			authURL, flow := o.start(t)
			cb := &url.URL{Path: "/api/auth/oidc/callback",
				RawQuery: url.Values{"error": {"access_denied"}, "state": {authURL.Query().Get("state")}}.Encode()}
			wantRedirect(t, o.callback(t, cb, flow), "/auth?erro=oidc_denied")
			wantCounts(0, 0)(t, o.env, nil)
		}},
		{"unverified e-mail is not linked to the password account", func(t *testing.T, o *oidcEnv) {
			mustSignUp(t, o.env, "ana@example.com", "segredo1")
			res := o.signIn(t, oidctest.User{Subject: "ana-123", Email: "ana@example.com", EmailVerified: false})
			wantRedirect(t, res, "/dashboard")
			wantCounts(2, 2)(t, o.env, nil)
			body := sessionEmail(t, o, sessionCookie(t, res))
			if !strings.Contains(body, `"email":"ana@example.com"`) {
				t.Errorf("session: %s", body)
			}
			// The password account is untouched and still signs in.
			in := o.do(t, request{method: "POST", path: "/api/auth/signin", body: `{"email":"ana@example.com","password":"segredo1"}`})
			if in.StatusCode != http.StatusOK || readBody(t, in) == body {
				t.Errorf("password sign-in: status %d, or the same account as the provider's", in.StatusCode)
			}
		}},
		{"a password-less account refuses password sign-in as wrong credentials", func(t *testing.T, o *oidcEnv) {
			wantRedirect(t, o.signIn(t, ana), "/dashboard")
			res := o.do(t, request{method: "POST", path: "/api/auth/signin", body: `{"email":"ana@example.com","password":"qualquer1"}`})
			if res.StatusCode != http.StatusUnauthorized {
				t.Errorf("status %d, want 401", res.StatusCode)
			}
		}},
	})
}

func TestOIDCProviderDown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := httptest.NewServer(http.NotFoundHandler())
		issuer := srv.URL
		srv.Close() // nothing listens there now
		o := newOIDCEnvAt(t, db, nil, issuer, &clock{t: time.Now()}, httpapi.Config{PublicURL: testPublicURL})
		wantRedirect(t, o.do(t, request{method: "GET", path: "/api/auth/oidc/start"}), "/auth?erro=oidc_unavailable")
		wantCounts(0, 0)(t, o.env, nil)
	})
}

func TestConfigEndpoint(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		off := newEnv(t, db, httpapi.Config{})
		if body := readBody(t, off.do(t, request{method: "GET", path: "/api/config"})); body != `{"oidc":null}`+"\n" {
			t.Errorf("without a provider: %s", body)
		}
		wantRedirect(t, off.do(t, request{method: "GET", path: "/api/auth/oidc/start"}), "/auth?erro=oidc_disabled")
		on := newOIDCEnv(t, db)
		if body := readBody(t, on.do(t, request{method: "GET", path: "/api/config"})); body != `{"oidc":{"name":"Empresa"}}`+"\n" {
			t.Errorf("with a provider: %s", body)
		}
	})
}
