package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
)

// A password-less account changes its address by signing in again at its
// provider (auth.OIDC.BeginChange): the account page posts the new address
// here, goes to the provider, and the callback sends the link.

// accountPath is the account page the browser comes back to.
const accountPath = "/conta"

// ProvenChanges sends the link of an address change the provider proved.
type ProvenChanges interface {
	RequestChangeProven(ctx context.Context, p auth.ChangeProof) error
}

// handleChangeEmailByProvider answers the provider's URL to go to, with
// the flow cookie; a bad address is answered here, before the trip.
func handleChangeEmailByProvider(flow OIDCFlow, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	type body struct {
		Email string `json:"email"`
	}
	type answer struct {
		URL string `json:"url"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		in, err := decodeJSON[body](w, r, authBodyLimit)
		if err == nil && flow == nil {
			err = &core.Error{Code: core.CodeOIDCDisabled}
		}
		if err == nil {
			err = allow(limits.EmailSend, "user:"+u.ID)
		}
		var back, authURL, cookie string
		if err == nil {
			back, err = redirectURL(cfg)
		}
		if err == nil {
			authURL, cookie, err = flow.BeginChange(r.Context(), back, u, in.Email)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		setFlowCookie(w, r, cfg, cookie)
		writeJSON(w, http.StatusOK, answer{URL: authURL})
	})
}

// finishChange ends an address-change attempt on the account page:
// ?email=enviado once the link is on its way, ?erro=CODE otherwise. The
// browser must still be signed in to the account that asked.
func finishChange(w http.ResponseWriter, r *http.Request, changes ProvenChanges, accounts Accounts, cfg Config, log *slog.Logger,
	proof *auth.ChangeProof, err error) {
	if err == nil {
		var u core.User
		u, err = currentUser(w, r, accounts, cfg)
		if err == nil && u.ID != proof.UserID() {
			err = &core.Error{Code: core.CodeOIDCState}
		}
	}
	if err == nil && changes == nil {
		err = &core.Error{Code: core.CodeOIDCDisabled}
	}
	if err == nil {
		err = changes.RequestChangeProven(r.Context(), *proof)
	}
	if err != nil {
		e := core.AsError(err)
		level := slog.LevelWarn
		if e.Code == core.CodeInternal || e.Code == core.CodeOIDCUnavailable {
			level = slog.LevelError
		}
		log.Log(r.Context(), level, "troca de e-mail pelo provedor falhou", "code", e.Code, "err", e)
		http.Redirect(w, r, accountPath+"?erro="+url.QueryEscape(string(e.Code)), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, accountPath+"?email=enviado", http.StatusSeeOther)
}
