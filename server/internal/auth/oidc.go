package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/sorteio/sorteio/server/internal/core"
)

// FlowTTL is how long a sign-in at the provider may take, from the button
// to the callback.
const FlowTTL = 10 * time.Minute

// OIDCConfig names the provider (all of OIDC_* from the environment).
type OIDCConfig struct {
	Issuer, ClientID, ClientSecret, Name string
}

// IdentityStore finds or creates the account of a provider sign-in, and
// lists an account's identities (a re-authentication must be one of them).
type IdentityStore interface {
	SignInIdentity(ctx context.Context, id core.Identity, emailVerified bool) (core.User, core.IdentitySignIn, error)
	IdentitiesOf(ctx context.Context, userID string) ([]core.Identity, error)
}

// OIDC signs people in with the Authorization Code flow, PKCE, state and
// nonce. The three secrets of one attempt travel in a short-lived cookie
// signed with key, so no server-side state is needed between the two legs.
type OIDC struct {
	cfg      OIDCConfig
	accounts *Service
	store    IdentityStore
	key      []byte
	client   *http.Client

	mu       sync.Mutex
	provider *oidc.Provider
}

// NewOIDC returns the flow for cfg. key signs the flow cookie (32 random
// bytes per process are enough: an attempt lasts minutes); client reaches
// the provider.
func NewOIDC(cfg OIDCConfig, accounts *Service, store IdentityStore, key []byte, client *http.Client) *OIDC {
	return &OIDC{cfg: cfg, accounts: accounts, store: store, key: key, client: client}
}

// Name is the provider's name for the button.
func (o *OIDC) Name() string { return o.cfg.Name }

// discover fetches the provider's discovery document once; a failure is
// retried on the next attempt, so a provider that was down at start-up
// does not need a restart.
func (o *OIDC) discover(ctx context.Context) (*oidc.Provider, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.provider != nil {
		return o.provider, nil
	}
	// The key set keeps this context for later fetches: it must outlive the request.
	ctx = oidc.ClientContext(context.WithoutCancel(ctx), o.client)
	p, err := oidc.NewProvider(ctx, o.cfg.Issuer)
	if err != nil {
		return nil, &core.Error{Code: core.CodeOIDCUnavailable, Err: err}
	}
	o.provider = p
	return p, nil
}

func (o *OIDC) oauth(p *oidc.Provider, redirectURL string) *oauth2.Config {
	return &oauth2.Config{ClientID: o.cfg.ClientID, ClientSecret: o.cfg.ClientSecret, Endpoint: p.Endpoint(),
		RedirectURL: redirectURL, Scopes: []string{oidc.ScopeOpenID, "email"}}
}

// Begin starts an attempt: the provider's URL to send the browser to, and
// the value of the flow cookie.
func (o *OIDC) Begin(ctx context.Context, redirectURL string) (authURL, cookie string, err error) {
	p, err := o.discover(ctx)
	if err != nil {
		return "", "", err
	}
	f := o.newFlow()
	authURL = o.oauth(p, redirectURL).AuthCodeURL(f.State, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier))
	return authURL, o.seal(f), nil
}

func (o *OIDC) newFlow() flow {
	return flow{State: randomToken(), Nonce: randomToken(), Verifier: oauth2.GenerateVerifier(),
		Expires: o.accounts.now().Add(FlowTTL).Unix()}
}

// Outcome is what a callback achieved: a session (a sign-in), or the proof
// that the owner of an account asked to move it to a new address
// (Change). Changing says the attempt was an address change (BeginChange),
// also when it failed, so that the browser goes back to the account page.
type Outcome struct {
	SignedIn SignedIn
	Change   *ChangeProof
	Changing bool
}

// Finish completes an attempt from the callback's query and the flow
// cookie: a sign-in opens a session; an address change checks the
// re-authentication (finishChange).
func (o *OIDC) Finish(ctx context.Context, redirectURL, cookie string, q url.Values) (Outcome, error) {
	f, ok := o.open(cookie)
	changing := Outcome{Changing: ok && f.UserID != ""}
	if !ok || !o.accounts.now().Before(time.Unix(f.Expires, 0)) ||
		subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(f.State)) != 1 {
		return changing, &core.Error{Code: core.CodeOIDCState}
	}
	if e := q.Get("error"); e != "" {
		return changing, &core.Error{Code: core.CodeOIDCDenied, Err: errors.New("provedor: " + e)}
	}
	idt, err := o.exchange(ctx, redirectURL, f, q.Get("code"))
	if err != nil {
		return changing, err
	}
	if changing.Changing {
		changing.Change, err = o.finishChange(ctx, f, idt)
		return changing, err
	}
	signed, err := o.signIn(ctx, idt)
	return Outcome{SignedIn: signed}, err
}

// exchange trades the code for a verified ID token that carries the
// attempt's nonce.
func (o *OIDC) exchange(ctx context.Context, redirectURL string, f flow, code string) (*oidc.IDToken, error) {
	p, err := o.discover(ctx)
	if err != nil {
		return nil, err
	}
	ctx = oidc.ClientContext(ctx, o.client)
	tok, err := o.oauth(p, redirectURL).Exchange(ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < 500 {
			return nil, &core.Error{Code: core.CodeOIDCFailed, Err: err} // e.g. an expired code
		}
		return nil, &core.Error{Code: core.CodeOIDCUnavailable, Err: err}
	}
	raw, _ := tok.Extra("id_token").(string)
	verifier := p.VerifierContext(ctx, &oidc.Config{ClientID: o.cfg.ClientID, Now: o.accounts.now})
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return nil, &core.Error{Code: core.CodeOIDCFailed, Err: err}
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(f.Nonce)) != 1 {
		return nil, &core.Error{Code: core.CodeOIDCFailed, Err: errors.New("nonce não confere")}
	}
	return idt, nil
}

// signIn finds or creates the account of a verified ID token and opens a session.
func (o *OIDC) signIn(ctx context.Context, idt *oidc.IDToken) (SignedIn, error) {
	var claims struct {
		Email         string `json:"email"`
		EmailVerified any    `json:"email_verified"`
	}
	if err := idt.Claims(&claims); err != nil {
		return SignedIn{}, &core.Error{Code: core.CodeOIDCFailed, Err: err}
	}
	// An address the e-mail policy refuses is kept as sent but never counts as verified.
	email := EmailKey(claims.Email)
	_, emailErr := NormalizeEmail(claims.Email)
	now := o.accounts.now()
	id := core.Identity{Issuer: idt.Issuer, Subject: idt.Subject, UserID: core.NewID(now), Email: email, CreatedAt: now}
	verified := (claims.EmailVerified == true || claims.EmailVerified == "true") && emailErr == nil
	u, how, err := o.store.SignInIdentity(ctx, id, verified)
	if err != nil {
		return SignedIn{}, err
	}
	if how == core.IdentityTookOver {
		// The store ended the sessions with the password; this ends whatever
		// else 'Sair de todos os dispositivos' ends with them, before the
		// owner's own session exists.
		if err := o.accounts.SignOutEverywhere(ctx, u.ID); err != nil {
			return SignedIn{}, err
		}
	}
	return o.accounts.newSession(ctx, u)
}

// flow is one attempt's secrets, kept in the browser in a signed cookie.
// An address change also carries the account and the new address
// (BeginChange); a sign-in leaves them empty.
type flow struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Expires  int64  `json:"x"`
	Began    int64  `json:"b,omitempty"`
	UserID   string `json:"u,omitempty"`
	Email    string `json:"e,omitempty"`
}

func (o *OIDC) seal(f flow) string {
	b, _ := json.Marshal(f)
	body := base64.RawURLEncoding.EncodeToString(b)
	return body + "." + o.mac(body)
}

func (o *OIDC) open(cookie string) (flow, bool) {
	body, sum, found := strings.Cut(cookie, ".")
	if !found || !hmac.Equal([]byte(sum), []byte(o.mac(body))) {
		return flow{}, false
	}
	b, err := base64.RawURLEncoding.DecodeString(body)
	var f flow
	if err != nil || json.Unmarshal(b, &f) != nil {
		return flow{}, false
	}
	return f, true
}

func (o *OIDC) mac(body string) string {
	m := hmac.New(sha256.New, o.key)
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
