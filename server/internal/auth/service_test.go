package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func newService(t *testing.T, db *store.DB) (*auth.Service, *clock) {
	t.Helper()
	c := &clock{t: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	s, err := auth.NewService(db, c.now, authtest.Gate())
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

func TestSignUpSignInSignOut(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db)

		up, err := s.SignUp(ctx, "  Ana@Example.COM ", "segredo1")
		if err != nil {
			t.Fatalf("SignUp: %v", err)
		}
		if up.User.Email != "ana@example.com" {
			t.Fatalf("e-mail stored as %q, want trimmed and lower-cased", up.User.Email)
		}
		if up.Token == "" || len(up.Token) < 40 {
			t.Fatalf("token %q is too short to be 32 random bytes", up.Token)
		}
		u, _, err := s.Authenticate(ctx, up.Token)
		if err != nil || u.ID != up.User.ID {
			t.Fatalf("Authenticate(new token) = %+v, %v", u, err)
		}

		in, err := s.SignIn(ctx, "ANA@example.com", "segredo1")
		if err != nil {
			t.Fatalf("SignIn: %v", err)
		}
		if in.Token == up.Token {
			t.Fatal("sign-in reused the sign-up token")
		}
		if _, err := s.SignIn(ctx, "ana@example.com", "errada"); core.ErrorCode(err) != core.CodeInvalidCredentials {
			t.Fatalf("wrong password: %v, want invalid_credentials", err)
		}
		if _, err := s.SignIn(ctx, "ninguem@example.com", "segredo1"); core.ErrorCode(err) != core.CodeInvalidCredentials {
			t.Fatalf("unknown e-mail: %v, want invalid_credentials", err)
		}

		if err := s.SignOut(ctx, in.Token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Authenticate(ctx, in.Token); core.ErrorCode(err) != core.CodeUnauthenticated {
			t.Fatalf("token after sign-out: %v, want unauthenticated", err)
		}
		// The other session is untouched.
		if _, _, err := s.Authenticate(ctx, up.Token); err != nil {
			t.Fatalf("other session after sign-out: %v", err)
		}
		if _, _, err := s.Authenticate(ctx, "forjado"); core.ErrorCode(err) != core.CodeUnauthenticated {
			t.Fatalf("unknown token: %v, want unauthenticated", err)
		}
	})
}

func TestSessionSlidingExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, c := newService(t, db)
		up, err := s.SignUp(ctx, "bia@example.com", "segredo1")
		if err != nil {
			t.Fatal(err)
		}
		if want := c.t.Add(auth.SessionTTL); !up.ExpiresAt.Equal(want) {
			t.Fatalf("expiry %v, want %v", up.ExpiresAt, want)
		}

		// Used again within the hour: no write, no new cookie.
		c.t = c.t.Add(10 * time.Minute)
		if _, ext, err := s.Authenticate(ctx, up.Token); err != nil || !ext.IsZero() {
			t.Fatalf("after 10 min: extended=%v err=%v; want no extension", ext, err)
		}
		// Used 29 days later: still valid, and pushed 30 days past now.
		c.t = c.t.Add(29 * 24 * time.Hour)
		_, ext, err := s.Authenticate(ctx, up.Token)
		if err != nil {
			t.Fatalf("after 29 days: %v", err)
		}
		if want := c.t.Add(auth.SessionTTL); !ext.Equal(want) {
			t.Fatalf("extended to %v, want %v", ext, want)
		}
		// Unused for 30 days: expired, and removed.
		c.t = c.t.Add(auth.SessionTTL)
		if _, _, err := s.Authenticate(ctx, up.Token); core.ErrorCode(err) != core.CodeUnauthenticated {
			t.Fatalf("after 30 idle days: %v, want unauthenticated", err)
		}
		if n := storetest.CountSessions(t, db); n != 0 {
			t.Fatalf("expired session still stored (%d sessions)", n)
		}
	})
}

func TestSignUpBadInputWritesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s, _ := newService(t, db)
		if _, err := s.SignUp(ctx, "ana@example.com", "segredo1"); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, email, password string
			code                  core.Code
			field                 string
		}{
			{"empty e-mail", "", "segredo1", core.CodeInvalidInput, "email"},
			{"malformed e-mail", "ana-at-example", "segredo1", core.CodeInvalidInput, "email"},
			{"empty password", "c@example.com", "", core.CodeInvalidInput, "password"},
			{"short password", "c@example.com", "12345", core.CodeInvalidInput, "password"},
			{"short password in runes", "c@example.com", "ééééé", core.CodeInvalidInput, "password"},
			{"duplicate e-mail", " ANA@example.com", "outrasenha", core.CodeEmailTaken, "email"},
		} {
			_, err := s.SignUp(ctx, tc.email, tc.password)
			e := core.AsError(err)
			if e.Code != tc.code || e.Field != tc.field {
				t.Errorf("%s: err = %v, want %s on %s", tc.name, err, tc.code, tc.field)
			}
		}
		if n := storetest.CountUsers(t, db); n != 1 {
			t.Fatalf("bad sign-ups wrote users: %d, want 1", n)
		}
		if n := storetest.CountSessions(t, db); n != 1 {
			t.Fatalf("bad sign-ups wrote sessions: %d, want 1", n)
		}
	})
}
