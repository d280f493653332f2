// Package oidctest is a small but real OpenID Connect provider for tests and
// local development: a discovery document, a JWKS, RS256-signed ID tokens,
// the Authorization Code flow with PKCE (S256) and a login page. It keeps
// everything in memory and trusts whoever fills in its form.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// User is who signs in at the provider.
type User struct {
	Subject       string
	Email         string
	EmailVerified bool
}

// Tamper makes the provider misbehave, for the relying party's tests.
type Tamper struct {
	// Nonce, when set, replaces the nonce the client asked for.
	Nonce string
	// Expired issues ID tokens that expired an hour ago.
	Expired bool
	// AuthAge backdates auth_time by this much, as a provider that answers
	// from an old session of its own, whatever prompt=login asked.
	AuthAge time.Duration
}

// Provider is the provider. Set Issuer to the URL it is served at before
// the first request.
type Provider struct {
	Issuer       string
	ClientID     string
	ClientSecret string
	// Auto, when set, signs this user in at once instead of showing the
	// login page (for tests without a browser).
	Auto *User

	key   *rsa.PrivateKey
	keyID string
	now   func() time.Time

	mu     sync.Mutex
	tamper Tamper
	grants map[string]grant
}

// grant is one code; issued is also when the user signed in (auth_time):
// the provider keeps no session, so every sign-in shows its login page,
// as prompt=login and max_age=0 ask.
type grant struct {
	redirectURI, challenge, nonce string
	user                          User
	issued                        time.Time
}

// New returns a provider for one client; now is its clock.
func New(clientID, clientSecret string, now func() time.Time) (*Provider, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	return &Provider{ClientID: clientID, ClientSecret: clientSecret, key: key, keyID: randomString(8), now: now,
		grants: map[string]grant{}}, nil
}

// SetTamper changes how the next tokens are made.
func (p *Provider) SetTamper(t Tamper) {
	p.mu.Lock()
	p.tamper = t
	p.mu.Unlock()
}

// Handler serves the provider's endpoints.
func (p *Provider) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
	mux.HandleFunc("GET /jwks", p.jwks)
	mux.HandleFunc("GET /authorize", p.authorize)
	mux.HandleFunc("POST /authorize", p.login)
	mux.HandleFunc("POST /token", p.token)
	return mux
}

func (p *Provider) discovery(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                p.Issuer,
		"authorization_endpoint":                p.Issuer + "/authorize",
		"token_endpoint":                        p.Issuer + "/token",
		"jwks_uri":                              p.Issuer + "/jwks",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"scopes_supported":                      []string{"openid", "email", "profile"},
	})
}

func (p *Provider) jwks(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{
		{Key: &p.key.PublicKey, KeyID: p.keyID, Algorithm: string(jose.RS256), Use: "sig"},
	}})
}

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Provedor de teste</title>
<h1>Provedor de teste</h1>
<form method="post" action="/authorize">
{{range $k, $v := .}}<input type="hidden" name="{{$k}}" value="{{$v}}">
{{end}}<label>E-mail <input name="email" type="email" required></label>
<label><input name="email_verified" type="checkbox" value="true" checked> E-mail verificado</label>
<button name="action" value="allow">Entrar</button>
<button name="action" value="deny" formnovalidate>Recusar</button>
</form>`))

// authorize checks the request and shows the login page.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("client_id") != p.ClientID || q.Get("response_type") != "code" || q.Get("redirect_uri") == "" ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "pedido de autorização inválido", http.StatusBadRequest)
		return
	}
	if p.Auto != nil {
		p.redirectWithCode(w, r, q, *p.Auto)
		return
	}
	fields := map[string]string{}
	for _, k := range []string{"redirect_uri", "state", "nonce", "code_challenge"} {
		fields[k] = q.Get(k)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = loginPage.Execute(w, fields)
}

// login answers the login page: a code for the e-mail typed, or access_denied.
func (p *Provider) login(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulário inválido", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	if f.Get("action") == "deny" {
		back(w, r, f.Get("redirect_uri"), url.Values{"error": {"access_denied"}, "state": {f.Get("state")}})
		return
	}
	email := f.Get("email")
	p.redirectWithCode(w, r, f, User{Subject: "sub-" + email, Email: email, EmailVerified: f.Get("email_verified") == "true"})
}

func (p *Provider) redirectWithCode(w http.ResponseWriter, r *http.Request, q url.Values, u User) {
	code := randomString(16)
	p.mu.Lock()
	p.grants[code] = grant{redirectURI: q.Get("redirect_uri"), challenge: q.Get("code_challenge"), nonce: q.Get("nonce"),
		user: u, issued: p.now()}
	p.mu.Unlock()
	back(w, r, q.Get("redirect_uri"), url.Values{"code": {code}, "state": {q.Get("state")}})
}

// token exchanges a code once, checking the client, the redirect URI and
// the PKCE verifier.
func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		tokenError(w, "invalid_request")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != p.ClientID || subtle.ConstantTimeCompare([]byte(secret), []byte(p.ClientSecret)) != 1 {
		tokenError(w, "invalid_client")
		return
	}
	code := r.PostForm.Get("code")
	p.mu.Lock()
	g, found := p.grants[code]
	delete(p.grants, code)
	tamper := p.tamper
	p.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	if !found || p.now().Sub(g.issued) > time.Minute || g.redirectURI != r.PostForm.Get("redirect_uri") ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
		tokenError(w, "invalid_grant")
		return
	}
	idToken, err := p.sign(g, tamper)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": randomString(16), "token_type": "Bearer", "expires_in": 300, "id_token": idToken,
	})
}

func (p *Provider) sign(g grant, t Tamper) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: p.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", p.keyID))
	if err != nil {
		return "", err
	}
	now := p.now()
	exp := now.Add(5 * time.Minute)
	if t.Expired {
		exp = now.Add(-time.Hour)
	}
	nonce := g.nonce
	if t.Nonce != "" {
		nonce = t.Nonce
	}
	claims := jwt.Claims{Issuer: p.Issuer, Subject: g.user.Subject, Audience: jwt.Audience{p.ClientID},
		IssuedAt: jwt.NewNumericDate(exp.Add(-5 * time.Minute)), Expiry: jwt.NewNumericDate(exp)}
	extra := map[string]any{"nonce": nonce, "email": g.user.Email, "email_verified": g.user.EmailVerified,
		"auth_time": g.issued.Add(-t.AuthAge).Unix()}
	return jwt.Signed(signer).Claims(claims).Claims(extra).Serialize()
}

func back(w http.ResponseWriter, r *http.Request, redirectURI string, q url.Values) {
	u, err := url.Parse(redirectURI)
	if err != nil {
		http.Error(w, "redirect_uri inválido", http.StatusBadRequest)
		return
	}
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func tokenError(w http.ResponseWriter, code string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
