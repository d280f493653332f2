package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strconv"
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

// IdentityStore finds or creates the account of a provider sign-in.
type IdentityStore interface {
	SignInIdentity(ctx context.Context, id core.Identity, emailVerified bool) (core.User, core.IdentitySignIn, error)
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
	f := flow{State: randomToken(), Nonce: randomToken(), Verifier: oauth2.GenerateVerifier(),
		Expires: o.accounts.now().Add(FlowTTL).Unix()}
	authURL = o.oauth(p, redirectURL).AuthCodeURL(f.State, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier))
	return authURL, o.seal(f), nil
}

// Finish completes an attempt from the callback's query and the flow
// cookie, and opens a session.
func (o *OIDC) Finish(ctx context.Context, redirectURL, cookie string, q url.Values) (SignedIn, error) {
	f, ok := o.open(cookie)
	if !ok || !o.accounts.now().Before(time.Unix(f.Expires, 0)) ||
		subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(f.State)) != 1 {
		return SignedIn{}, &core.Error{Code: core.CodeOIDCState}
	}
	if e := q.Get("error"); e != "" {
		return SignedIn{}, &core.Error{Code: core.CodeOIDCDenied, Err: errors.New("provedor: " + e)}
	}
	p, err := o.discover(ctx)
	if err != nil {
		return SignedIn{}, err
	}
	ctx = oidc.ClientContext(ctx, o.client)
	tok, err := o.oauth(p, redirectURL).Exchange(ctx, q.Get("code"), oauth2.VerifierOption(f.Verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < 500 {
			return SignedIn{}, &core.Error{Code: core.CodeOIDCFailed, Err: err} // e.g. an expired code
		}
		return SignedIn{}, &core.Error{Code: core.CodeOIDCUnavailable, Err: err}
	}
	raw, _ := tok.Extra("id_token").(string)
	verifier := p.VerifierContext(ctx, &oidc.Config{ClientID: o.cfg.ClientID, Now: o.accounts.now})
	idt, err := verifier.Verify(ctx, raw)
	if err != nil {
		return SignedIn{}, &core.Error{Code: core.CodeOIDCFailed, Err: err}
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(f.Nonce)) != 1 {
		return SignedIn{}, &core.Error{Code: core.CodeOIDCFailed, Err: errors.New("nonce não confere")}
	}
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
type flow struct {
	State, Nonce, Verifier string
	Expires                int64
}

func (o *OIDC) seal(f flow) string {
	body := strings.Join([]string{f.State, f.Nonce, f.Verifier, strconv.FormatInt(f.Expires, 10)}, ".")
	return body + "." + o.mac(body)
}

func (o *OIDC) open(cookie string) (flow, bool) {
	i := strings.LastIndexByte(cookie, '.')
	if i < 0 || !hmac.Equal([]byte(cookie[i+1:]), []byte(o.mac(cookie[:i]))) {
		return flow{}, false
	}
	parts := strings.Split(cookie[:i], ".")
	if len(parts) != 4 {
		return flow{}, false
	}
	exp, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil {
		return flow{}, false
	}
	return flow{State: parts[0], Nonce: parts[1], Verifier: parts[2], Expires: exp}, true
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
