package httpapi

import (
	"context"
	"encoding/hex"
	"log/slog"
	"net/http"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
)

// AccountPage is what 'Minha conta' needs from the account service.
type AccountPage interface {
	Identities(ctx context.Context, userID string) ([]core.Identity, error)
	ChangePassword(ctx context.Context, u core.User, token, current, next string) error
	SignOutEverywhere(ctx context.Context, userID string) error
	DeleteAccount(ctx context.Context, u core.User, confirm string) error
}

// Exporter reads everything kept about an account.
type Exporter interface {
	ExportAccountData(ctx context.Context, userID string, now time.Time) (store.Export, error)
}

// The account's names are snake_case and its times Unix milliseconds, as in
// the rest of the API. The camelCase names with RFC 3339 times are answered
// too for one release, for a PWA cached before the change
// (docs/decisions.md); they go in the next.
type identityJSON struct {
	Issuer    string `json:"issuer"`
	Email     string `json:"email"`
	CreatedAt int64  `json:"created_at"`

	OldCreatedAt time.Time `json:"createdAt"` // deprecated
}

type accountJSON struct {
	ID          string         `json:"id"`
	Email       string         `json:"email"`
	HasPassword bool           `json:"has_password"`
	CreatedAt   int64          `json:"created_at"`
	Identities  []identityJSON `json:"identities"`

	OldHasPassword bool      `json:"hasPassword"` // deprecated
	OldCreatedAt   time.Time `json:"createdAt"`   // deprecated
}

func handleAccount(page AccountPage, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		ids, err := page.Identities(r.Context(), u.ID)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		has := u.PasswordHash != ""
		out := accountJSON{ID: u.ID, Email: u.Email, HasPassword: has, CreatedAt: u.CreatedAt.UnixMilli(),
			Identities: []identityJSON{}, OldHasPassword: has, OldCreatedAt: u.CreatedAt}
		for _, id := range ids {
			out.Identities = append(out.Identities, identityJSON{Issuer: id.Issuer, Email: id.Email,
				CreatedAt: id.CreatedAt.UnixMilli(), OldCreatedAt: id.CreatedAt})
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// handleChangePassword checks the current password: a guess at it costs a
// hash, so it is limited per account and per session like a sign-in, and
// the limits are taken before the hash.
func handleChangePassword(page AccountPage, limits Limits, log *slog.Logger) http.Handler {
	type body struct {
		Current  string `json:"current"`
		Password string `json:"password"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		c, _ := r.Cookie(sessionCookie) // requireUser found it
		in, err := decodeJSON[body](w, r, authBodyLimit)
		if err == nil {
			err = allow(limits.PasswordSession, "session:"+hex.EncodeToString(auth.TokenHash(c.Value)))
		}
		if err == nil {
			err = allow(limits.PasswordAccount, "user:"+u.ID)
		}
		if err == nil {
			err = page.ChangePassword(r.Context(), u, c.Value, in.Current, in.Password)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleSignOutEverywhere(page AccountPage, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := page.SignOutEverywhere(r.Context(), userFrom(r.Context()).ID); err != nil {
			writeError(w, r, log, err)
			return
		}
		clearSessionCookie(w, r, cfg)
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleDeleteAccount(page AccountPage, cfg Config, log *slog.Logger) http.Handler {
	type body struct {
		Email string `json:"email"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[body](w, r, authBodyLimit)
		if err == nil {
			err = page.DeleteAccount(r.Context(), userFrom(r.Context()), in.Email)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		clearSessionCookie(w, r, cfg)
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleExport answers the account's data as a file to save.
func handleExport(exports Exporter, now func() time.Time, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t := now()
		data, err := exports.ExportAccountData(r.Context(), userFrom(r.Context()).ID, t)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.Header().Set("Content-Disposition", `attachment; filename="sorteio-meus-dados-`+t.UTC().Format("2006-01-02")+`.json"`)
		writeJSON(w, http.StatusOK, data)
	})
}
