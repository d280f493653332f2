package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
)

// EmailFlows is what the e-mail handlers need: links that prove an
// address, set a new password or move the account to a new address.
type EmailFlows interface {
	Verified(ctx context.Context, userID string) (bool, error)
	SendConfirmation(ctx context.Context, u core.User) error
	Forgot(ctx context.Context, email string) error
	Reset(ctx context.Context, token, password string) (auth.SignedIn, error)
	Confirm(ctx context.Context, token string) error
	RequestChange(ctx context.Context, u core.User, current, next string) error
	ConfirmChange(ctx context.Context, token string) error
	ProvenChanges
}

// provenChanges is emails as the callback needs it; nil without e-mail.
func provenChanges(emails EmailFlows) ProvenChanges {
	if emails == nil {
		return nil
	}
	return emails
}

// ForgotAnswer is the one answer to 'Esqueci minha senha', account or not.
const ForgotAnswer = "Se houver uma conta com esse e-mail, enviamos um link."

// confirmingSignUp sends 'Confirme seu e-mail' after each sign-up. The
// account works at once: a failure to enqueue is logged, not answered.
type confirmingSignUp struct {
	Accounts
	emails EmailFlows
	log    *slog.Logger
}

func (c confirmingSignUp) SignUp(ctx context.Context, email, password string) (auth.SignedIn, error) {
	signed, err := c.Accounts.SignUp(ctx, email, password)
	if err == nil {
		if err := c.emails.SendConfirmation(ctx, signed.User); err != nil {
			c.log.Warn("e-mail de confirmação não enfileirado", "user", signed.User.ID, "err", err)
		}
	}
	return signed, err
}

func handleForgot(emails EmailFlows, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	type body struct {
		Email string `json:"email"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[body](w, r, authBodyLimit)
		if err == nil {
			err = allowAll(allowKey{limits.ForgotIP, "ip:" + addressGroup(r, cfg)},
				allowKey{limits.ForgotEmail, "email:" + auth.EmailKey(in.Email)})
		}
		if err == nil {
			err = emails.Forgot(r.Context(), in.Email)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusAccepted, map[string]string{"message": ForgotAnswer})
	})
}

type tokenBody struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

func handleReset(emails EmailFlows, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[tokenBody](w, r, authBodyLimit)
		if err == nil {
			err = allow(limits.ForgotIP, "ip:"+addressGroup(r, cfg))
		}
		var signed auth.SignedIn
		if err == nil {
			signed, err = emails.Reset(r.Context(), in.Token, in.Password)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		setSessionCookie(w, r, cfg, signed.Token, signed.ExpiresAt)
		setDeviceCookie(w, r, cfg, signed.User.Email)
		writeJSON(w, http.StatusOK, toUserBody(signed.User))
	})
}

// handleUseLink answers a confirmation link (use is Confirm or ConfirmChange).
func handleUseLink(use func(ctx context.Context, token string) error, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[tokenBody](w, r, authBodyLimit)
		if err == nil {
			err = allow(limits.ForgotIP, "ip:"+addressGroup(r, cfg))
		}
		if err == nil {
			err = use(r.Context(), in.Token)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleEmailStatus(emails EmailFlows, log *slog.Logger) http.Handler {
	type answer struct {
		Email    string `json:"email"`
		Verified bool   `json:"verified"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		ok, err := emails.Verified(r.Context(), u.ID)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		writeJSON(w, http.StatusOK, answer{Email: u.Email, Verified: ok})
	})
}

func handleResendConfirmation(emails EmailFlows, limits Limits, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		err := allow(limits.EmailSend, "user:"+u.ID)
		if err == nil {
			err = emails.SendConfirmation(r.Context(), u)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleChangeEmail(emails EmailFlows, limits Limits, log *slog.Logger) http.Handler {
	type body struct {
		Current string `json:"current"`
		Email   string `json:"email"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u := userFrom(r.Context())
		in, err := decodeJSON[body](w, r, authBodyLimit)
		if err == nil {
			err = allow(limits.EmailSend, "user:"+u.ID)
		}
		if err == nil {
			err = emails.RequestChange(r.Context(), u, in.Current, in.Email)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	})
}
