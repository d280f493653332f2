package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
)

const (
	flowCookie   = "sorteio_oidc"
	flowPath     = "/api/auth/oidc"
	callbackPath = flowPath + "/callback"
)

// OIDCFlow is the sign-in at an OpenID Connect provider (auth.OIDC), and
// the re-authentication there of an account that asks for a new address.
type OIDCFlow interface {
	Name() string
	Begin(ctx context.Context, redirectURL string) (authURL, cookie string, err error)
	BeginChange(ctx context.Context, redirectURL string, u core.User, next string) (authURL, cookie string, err error)
	Finish(ctx context.Context, redirectURL, cookie string, q url.Values) (auth.Outcome, error)
}

// handleConfig tells the PWA what this server offers before anyone signs in.
func handleConfig(flow OIDCFlow) http.Handler {
	type provider struct {
		Name string `json:"name"`
	}
	body := struct {
		OIDC *provider `json:"oidc"`
	}{}
	if flow != nil {
		body.OIDC = &provider{Name: flow.Name()}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, body)
	})
}

// redirectURL is where the provider sends the browser back: from the
// configuration only. A request's Host (or X-Forwarded-Host) is chosen by
// whoever sends it and would hand the provider's code to their server.
func redirectURL(cfg Config) (string, error) {
	switch {
	case cfg.OIDCRedirectURL != "":
		return cfg.OIDCRedirectURL, nil
	case cfg.PublicURL != "":
		return cfg.PublicURL + callbackPath, nil
	}
	return "", &core.Error{Code: core.CodeOIDCUnavailable, Err: errors.New("sem PUBLIC_URL nem OIDC_REDIRECT_URL")}
}

// backToAuth sends the browser to the sign-in screen with an error code the
// PWA turns into its pt-BR message.
func backToAuth(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	e := core.AsError(err)
	level := slog.LevelWarn
	if e.Code == core.CodeInternal || e.Code == core.CodeOIDCUnavailable {
		level = slog.LevelError
	}
	log.Log(r.Context(), level, "entrada pelo provedor falhou", "code", e.Code, "err", e)
	http.Redirect(w, r, "/auth?erro="+url.QueryEscape(string(e.Code)), http.StatusSeeOther)
}

func handleOIDCStart(flow OIDCFlow, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if flow == nil {
			backToAuth(w, r, log, &core.Error{Code: core.CodeOIDCDisabled})
			return
		}
		back, err := redirectURL(cfg)
		var authURL, cookie string
		if err == nil {
			authURL, cookie, err = flow.Begin(r.Context(), back)
		}
		if err != nil {
			backToAuth(w, r, log, err)
			return
		}
		setFlowCookie(w, r, cfg, cookie)
		http.Redirect(w, r, authURL, http.StatusSeeOther)
	})
}

func setFlowCookie(w http.ResponseWriter, r *http.Request, cfg Config, cookie string) {
	// Lax: the provider's redirect back is a top-level GET, which carries it.
	http.SetCookie(w, &http.Cookie{Name: flowCookie, Value: cookie, Path: flowPath, MaxAge: int(auth.FlowTTL.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isHTTPS(r, cfg.TrustProxy)})
}

// handleOIDCCallback ends an attempt: a sign-in opens a session; an
// address change (oidc_change.go) sends its link.
func handleOIDCCallback(flow OIDCFlow, changes ProvenChanges, accounts Accounts, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if flow == nil {
			backToAuth(w, r, log, &core.Error{Code: core.CodeOIDCDisabled})
			return
		}
		// The cookie serves one attempt, whatever its outcome.
		http.SetCookie(w, &http.Cookie{Name: flowCookie, Value: "", Path: flowPath, MaxAge: -1,
			HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isHTTPS(r, cfg.TrustProxy)})
		var cookie string
		if c, err := r.Cookie(flowCookie); err == nil {
			cookie = c.Value
		}
		back, err := redirectURL(cfg)
		var out auth.Outcome
		if err == nil {
			out, err = flow.Finish(r.Context(), back, cookie, r.URL.Query())
		}
		if out.Changing {
			finishChange(w, r, changes, accounts, cfg, log, out.Change, err)
			return
		}
		if err != nil {
			backToAuth(w, r, log, err)
			return
		}
		signed := out.SignedIn
		endReplacedSession(r, accounts, signed.Token, log)
		setSessionCookie(w, r, cfg, signed.Token, signed.ExpiresAt)
		http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
	})
}
