package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/mail"
	"github.com/sorteio/sorteio/server/internal/oidctest"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// changeEnv is a server with both the provider sign-in and e-mail: a
// password-less account changes its address by signing in again.
type changeEnv struct {
	*oidcEnv
	mail *mailEnv
}

func newChangeEnv(t *testing.T, db *store.DB) *changeEnv {
	t.Helper()
	clk := &clock{t: time.Now()}
	p, err := oidctest.New("sorteio", "segredo-do-cliente", clk.now)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(p.Handler())
	t.Cleanup(srv.Close)
	p.Issuer = srv.URL
	accounts, err := auth.NewService(db, clk.now, authtest.Gate())
	if err != nil {
		t.Fatal(err)
	}
	flow := auth.NewOIDC(auth.OIDCConfig{Issuer: srv.URL, ClientID: "sorteio", ClientSecret: "segredo-do-cliente", Name: "Empresa"},
		accounts, db, []byte("chave-de-teste-com-32-bytes-....."), &http.Client{Timeout: 5 * time.Second})
	emails := auth.NewEmails(db, accounts, mail.NewLinks(publicURL), clk.now, nil)
	hub := ws.NewHub(storetest.Logger(t))
	viewers := newViewers(t, db)
	h := httpapi.NewHandler(httpapi.Config{PublicURL: testPublicURL}, httpapi.Deps{
		Log: storetest.Logger(t), DB: db, Accounts: accounts, Account: accounts, Exports: db, OIDC: flow, Emails: emails,
		Limits: looseLimits(), Sync: db, Audits: db, Hub: hub, Viewers: viewers, Now: clk.now, Assets: assets(),
	})
	e := &env{db: db, handler: h, hub: hub, viewers: viewers}
	sent := &captured{}
	return &changeEnv{
		oidcEnv: &oidcEnv{env: e, provider: p, clock: clk},
		mail:    &mailEnv{env: e, outbox: mail.NewOutbox(db, sent, emails.ExpandForgot, clk.now, storetest.Logger(t)), sent: sent},
	}
}

// ask posts the new address from the account page: the provider's URL
// and the flow cookie.
func (c *changeEnv) ask(t *testing.T, session *http.Cookie, email string) (*url.URL, *http.Cookie) {
	t.Helper()
	res := c.do(t, request{method: "POST", path: "/api/account/email/provider", body: `{"email":"` + email + `"}`, cookie: session})
	if res.StatusCode != http.StatusOK {
		t.Fatalf("ask: %d %s", res.StatusCode, readBody(t, res))
	}
	var answer struct{ URL string }
	if err := json.NewDecoder(res.Body).Decode(&answer); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(answer.URL)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range res.Cookies() {
		if ck.Name == "sorteio_oidc" {
			return u, ck
		}
	}
	t.Fatal("no flow cookie")
	return nil, nil
}

// reauth signs who in at the provider for the attempt and returns the
// callback's answer, in the browser of session.
func (c *changeEnv) reauth(t *testing.T, session *http.Cookie, who oidctest.User, authURL *url.URL, flow *http.Cookie) *http.Response {
	t.Helper()
	c.provider.Auto = &who
	cb := c.authorize(t, authURL)
	return c.do(t, request{method: "GET", path: cb.RequestURI(), cookie: flow, cookies: []*http.Cookie{session}})
}

func (c *changeEnv) accountEmail(t *testing.T, session *http.Cookie) string {
	t.Helper()
	_, body := c.mail.get(t, "/api/account/email", session)
	return body
}

func TestChangeEmailByProvider(t *testing.T) {
	t.Parallel()
	ana := oidctest.User{Subject: "ana-123", Email: "ana@example.com", EmailVerified: true}
	bia := oidctest.User{Subject: "bia-456", Email: "bia@example.com", EmailVerified: true}
	run := func(name string, f func(t *testing.T, c *changeEnv, session *http.Cookie)) {
		t.Run(name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				c := newChangeEnv(t, db)
				session := sessionCookie(t, c.signIn(t, ana))
				c.mail.deliver(t) // nothing to confirm: the provider proved the address
				f(t, c, session)
			})
		})
	}
	noMail := func(t *testing.T, c *changeEnv, session *http.Cookie) {
		t.Helper()
		if got := c.mail.deliver(t); len(got) != 0 {
			t.Errorf("sent %d messages, want none", len(got))
		}
		if body := c.accountEmail(t, session); !strings.Contains(body, `"email":"ana@example.com"`) {
			t.Errorf("account: %s, want the old address", body)
		}
	}

	run("happy path: a fresh sign-in sends the link; the change waits for it", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		authURL, flow := c.ask(t, session, "Nova@Example.com")
		q := authURL.Query()
		if q.Get("prompt") != "login" || q.Get("max_age") != "0" || q.Get("code_challenge_method") != "S256" ||
			q.Get("state") == "" || q.Get("nonce") == "" {
			t.Errorf("authorize URL %s: want prompt=login, max_age=0, PKCE S256, state and nonce", authURL)
		}
		wantRedirect(t, c.reauth(t, session, ana, authURL, flow), "/conta?email=enviado")
		token := c.mail.link(t, "nova@example.com", "Confirme seu novo e-mail")
		if body := c.accountEmail(t, session); !strings.Contains(body, `"email":"ana@example.com"`) {
			t.Errorf("before the link: %s", body)
		}
		if res, body := c.mail.post(t, "/api/auth/confirm-new-email", `{"token":"`+token+`"}`, nil); res.StatusCode != http.StatusNoContent {
			t.Fatalf("confirm: %d %s", res.StatusCode, body)
		}
		notice := c.mail.deliver(t)
		if len(notice) != 1 || notice[0].To != "ana@example.com" || !strings.Contains(notice[0].Text, "nova@example.com") {
			t.Errorf("notice %+v, want one to ana@example.com naming the new address", notice)
		}
		// The provider still signs in to the account, now at the new address.
		again := c.signIn(t, ana)
		wantRedirect(t, again, "/dashboard")
		if body := sessionEmail(t, c.oidcEnv, sessionCookie(t, again)); !strings.Contains(body, `"email":"nova@example.com"`) {
			t.Errorf("session after the change: %s", body)
		}
	})
	run("a stale provider sign-in (auth_time before the attempt) is refused", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		c.provider.SetTamper(oidctest.Tamper{AuthAge: 2 * auth.ReauthSkew})
		authURL, flow := c.ask(t, session, "nova@example.com")
		wantRedirect(t, c.reauth(t, session, ana, authURL, flow), "/conta?erro=oidc_stale")
		noMail(t, c, session)
	})
	run("another identity's sign-in is refused, even one with an account", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		c.signIn(t, bia)
		authURL, flow := c.ask(t, session, "nova@example.com")
		wantRedirect(t, c.reauth(t, session, bia, authURL, flow), "/conta?erro=oidc_other_account")
		noMail(t, c, session)
	})
	run("a wrong state is refused", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		authURL, flow := c.ask(t, session, "nova@example.com")
		c.provider.Auto = &ana
		cb := c.authorize(t, authURL)
		q := cb.Query()
		q.Set("state", "outro-estado")
		cb.RawQuery = q.Encode()
		wantRedirect(t, c.do(t, request{method: "GET", path: cb.RequestURI(), cookie: flow, cookies: []*http.Cookie{session}}), "/conta?erro=oidc_state")
		noMail(t, c, session)
	})
	run("the flow cookie of another account's browser is refused", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		other := sessionCookie(t, c.signIn(t, bia))
		authURL, flow := c.ask(t, session, "nova@example.com")
		wantRedirect(t, c.reauth(t, other, ana, authURL, flow), "/conta?erro=oidc_state")
		noMail(t, c, session)
	})
	run("a bad or unchanged address is answered before the provider", func(t *testing.T, c *changeEnv, session *http.Cookie) {
		for _, bad := range []struct{ email, want string }{
			{"ana@example.com", "Este já é o e-mail da conta."},
			{"não é e-mail", `"invalid_input"`},
		} {
			res := c.do(t, request{method: "POST", path: "/api/account/email/provider", body: `{"email":"` + bad.email + `"}`, cookie: session})
			if body := readBody(t, res); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, bad.want) || len(res.Cookies()) != 0 {
				t.Errorf("%s: %d %s, want 400 %s and no cookie", bad.email, res.StatusCode, body, bad.want)
			}
		}
		password := mustSignUp(t, c.env, "gil@example.com", "senha-longa-1")
		res := c.do(t, request{method: "POST", path: "/api/account/email/provider", body: `{"email":"gil2@example.com"}`, cookie: password})
		if body := readBody(t, res); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "provedor de identidade") {
			t.Errorf("an account without a provider: %d %s, want 400", res.StatusCode, body)
		}
		c.mail.deliver(t) // gil's confirmation
		noMail(t, c, session)
	})
}
