package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
)

const (
	sessionCookie = "sorteio_session"
	authBodyLimit = 64 << 10
)

// Accounts is what the handlers need from the account service.
type Accounts interface {
	SignUp(ctx context.Context, email, password string) (auth.SignedIn, error)
	SignIn(ctx context.Context, email, password string) (auth.SignedIn, error)
	Authenticate(ctx context.Context, token string) (core.User, time.Time, error)
	SignOut(ctx context.Context, token string) error
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type userJSON struct {
	ID    string `json:"id"`
	Email string `json:"email"`
	// EmailVerified comes with the session so the dashboard's 'Confirme seu
	// e-mail' line is there at its first paint, not pushed in above the
	// raffles by a later request.
	EmailVerified bool `json:"email_verified"`
}

type userBody struct {
	User *userJSON `json:"user"`
}

func toUserBody(u core.User) userBody {
	return userBody{User: &userJSON{ID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified}}
}

func handleSignUp(accounts Accounts, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[credentials](w, r, authBodyLimit)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if err := allow(limits.SignUpIP, "ip:"+addressGroup(r, cfg)); err != nil {
			writeError(w, r, log, err)
			return
		}
		if err := allow(limits.SignUpEmail, "email:"+auth.EmailKey(in.Email)); err != nil {
			writeError(w, r, log, err)
			return
		}
		signed, err := accounts.SignUp(r.Context(), in.Email, in.Password)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		endReplacedSession(r, accounts, signed.Token, log)
		setSessionCookie(w, r, cfg, signed.Token, signed.ExpiresAt)
		setDeviceCookie(w, r, cfg, signed.User.Email)
		writeJSON(w, http.StatusCreated, toUserBody(signed.User))
	})
}

func handleSignIn(accounts Accounts, limits Limits, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		in, err := decodeJSON[credentials](w, r, authBodyLimit)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		// Limits are taken before any password is checked, so guessing costs
		// the attacker, not our CPU; known_device.go says why these ones.
		ip, email := addressGroup(r, cfg), auth.EmailKey(in.Email)
		pair := ip + " " + email
		if err := allowSignIn(limits.SignInIP, "ip:"+ip); err != nil {
			writeError(w, r, log, err)
			return
		}
		if err := allowSignIn(limits.SignInPair, "pair:"+pair); err != nil {
			writeError(w, r, log, err)
			return
		}
		if underAttack(limits.SignInEmail, email) && !knownDevice(r, cfg, email) {
			if err := allowSignIn(limits.SignInSuspect, "pair:"+pair); err != nil {
				writeError(w, r, log, err)
				return
			}
		}
		signed, err := accounts.SignIn(r.Context(), in.Email, in.Password)
		if core.ErrorCode(err) == core.CodeInvalidCredentials && limits.SignInEmail != nil {
			limits.SignInEmail.Allow("email:" + email)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		endReplacedSession(r, accounts, signed.Token, log)
		setSessionCookie(w, r, cfg, signed.Token, signed.ExpiresAt)
		setDeviceCookie(w, r, cfg, signed.User.Email)
		writeJSON(w, http.StatusOK, toUserBody(signed.User))
	})
}

// allowSignIn is allow for the sign-in's limits: a refusal says how long to
// wait and the way out, 'Esqueci minha senha'.
func allowSignIn(l Limiter, key string) error {
	err := allow(l, key)
	if e, ok := err.(*core.Error); ok && e.Code == core.CodeRateLimited {
		e.Message = "Muitas tentativas. Tente de novo em " + core.WaitText(e.RetryAfter) + " ou use Esqueci minha senha."
	}
	return err
}

func handleSignOut(accounts Accounts, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie(sessionCookie); err == nil {
			if err := accounts.SignOut(r.Context(), c.Value); err != nil {
				writeError(w, r, log, err)
				return
			}
		}
		clearSessionCookie(w, r, cfg)
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleSession answers the signed-in user, or null: a missing session is a
// normal state for the PWA, not an error.
func handleSession(accounts Accounts, cfg Config, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := currentUser(w, r, accounts, cfg)
		switch core.ErrorCode(err) {
		case "":
			writeJSON(w, http.StatusOK, toUserBody(u))
		case core.CodeUnauthenticated:
			writeJSON(w, http.StatusOK, userBody{})
		default:
			writeError(w, r, log, err)
		}
	})
}

// currentUser authenticates the request's cookie, re-sending it when the
// sliding expiry moved and clearing it when it is no longer valid.
func currentUser(w http.ResponseWriter, r *http.Request, accounts Accounts, cfg Config) (core.User, error) {
	c, err := r.Cookie(sessionCookie)
	if err != nil {
		return core.User{}, &core.Error{Code: core.CodeUnauthenticated}
	}
	u, extended, err := accounts.Authenticate(r.Context(), c.Value)
	if core.ErrorCode(err) == core.CodeUnauthenticated {
		clearSessionCookie(w, r, cfg)
	}
	if err != nil {
		return core.User{}, err
	}
	if !extended.IsZero() {
		setSessionCookie(w, r, cfg, c.Value, extended)
	}
	return u, nil
}

func setSessionCookie(w http.ResponseWriter, r *http.Request, cfg Config, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/",
		Expires: expires, MaxAge: int(time.Until(expires).Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isHTTPS(r, cfg.TrustProxy),
	})
}

func clearSessionCookie(w http.ResponseWriter, r *http.Request, cfg Config) {
	http.SetCookie(w, &http.Cookie{
		Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isHTTPS(r, cfg.TrustProxy),
	})
}

// underAttack says whether email's wrong passwords have used up its bucket.
func underAttack(failures FailureLimiter, email string) bool {
	if failures == nil {
		return false
	}
	ok, _ := failures.Peek("email:" + email)
	return !ok
}
