// Package authfuzz_test fuzzes the sign-up and sign-in inputs apart from the
// auth package's own tests: those open SQLite and PostgreSQL databases, and
// a fuzzing build instruments every package of its test binary, SQLite's
// driver included (minutes of compiling for seconds of fuzzing). This
// package's binary holds auth and its pure dependencies only.
package authfuzz_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Whatever is typed, a kept e-mail is one plain ASCII address that
// normalises to itself, so two spellings of one mailbox meet on one account.
func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"ana@example.com", " A@B.co ", "x@exemplo.com\u200b", "\uff58@exemplo.com",
		"x@exemplo\u0501.com", "jose\u0301@x.com", "a@@b.co", "\x00@a.co", "a@b.c\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := auth.NormalizeEmail(in)
		if err != nil {
			if core.ErrorCode(err) != core.CodeInvalidInput {
				t.Fatalf("%q: %v", in, err)
			}
			return
		}
		if len(out) > protocol.MaxEmail || strings.Count(out, "@") != 1 {
			t.Fatalf("%q -> %q", in, out)
		}
		for i := 0; i < len(out); i++ {
			if out[i] <= ' ' || out[i] >= 0x7f || ('A' <= out[i] && out[i] <= 'Z') {
				t.Fatalf("%q -> %q keeps byte %#x", in, out, out[i])
			}
		}
		if again, err := auth.NormalizeEmail(out); err != nil || again != out {
			t.Fatalf("%q -> %q -> %q, %v", in, out, again, err)
		}
	})
}

// memStore is the account store in memory; the account page's methods
// (AccountStore) are not used by sign-up and sign-in and stay nil.
type memStore struct {
	users map[string]core.User
	auth.AccountStore
}

func (m *memStore) CreateUser(_ context.Context, u core.User) error {
	if _, ok := m.users[u.Email]; ok {
		return &core.Error{Code: core.CodeEmailTaken}
	}
	m.users[u.Email] = u
	return nil
}

func (m *memStore) UserByEmail(_ context.Context, email string) (core.User, error) {
	if u, ok := m.users[email]; ok {
		return u, nil
	}
	return core.User{}, &core.Error{Code: core.CodeNotFound}
}

func (m *memStore) CreateSession(context.Context, core.Session) error { return nil }
func (m *memStore) CreatePasswordSession(context.Context, core.Session, string) error {
	return nil
}
func (m *memStore) SessionByHash(context.Context, []byte) (core.Session, core.User, error) {
	return core.Session{}, core.User{}, &core.Error{Code: core.CodeNotFound}
}
func (m *memStore) ExtendSession(context.Context, []byte, time.Time) error { return nil }
func (m *memStore) DeleteSession(context.Context, []byte) error            { return nil }

// The sign-up and sign-in inputs (the fields of their JSON bodies): every
// answer is an account or a pt-BR input error, never an internal one, and
// an account made can be signed in with the same text.
func FuzzSignUpIn(f *testing.F) {
	f.Add("ana@example.com", "segredo1")
	f.Add("x@exemplo.com\u200b", "segredo1")
	f.Add("\uff58@exemplo.com", "\x00\x00\x00\x00\x00\x00")
	f.Add("a@b.co", strings.Repeat("é", 200))
	f.Fuzz(func(t *testing.T, email, password string) {
		s, err := auth.NewService(&memStore{users: map[string]core.User{}}, time.Now, authtest.Gate())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SignUp(context.Background(), email, password); err != nil {
			if c := core.ErrorCode(err); c != core.CodeInvalidInput {
				t.Fatalf("sign-up %q/%q: %v", email, password, err)
			}
			return
		}
		if _, err := s.SignIn(context.Background(), email, password); err != nil {
			t.Fatalf("sign-in after sign-up %q: %v", email, err)
		}
	})
}
