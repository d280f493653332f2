package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func identity(sub, email string) core.Identity {
	now := time.Now()
	return core.Identity{Issuer: "https://id.example.com", Subject: sub, UserID: core.NewID(now), Email: email, CreatedAt: now}
}

func TestSignInIdentity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// A first sign-in creates the account, proven; the next finds it by subject.
		first, how, err := db.SignInIdentity(ctx, identity("s1", "ana@example.com"), true)
		if err != nil || how != core.IdentityCreated || first.Email != "ana@example.com" || !storetest.EmailProven(t, db, first.ID) {
			t.Fatalf("first: %+v %v %v", first, how, err)
		}
		again, how, err := db.SignInIdentity(ctx, identity("s1", "outro@example.com"), true)
		if err != nil || how != core.IdentityFound || again.ID != first.ID {
			t.Fatalf("again: %+v %v %v", again, how, err)
		}
		// Another subject verifying the proven e-mail is attached to the account.
		second, how, err := db.SignInIdentity(ctx, identity("s3", "ana@example.com"), true)
		if err != nil || how != core.IdentityLinked || second.ID != first.ID {
			t.Fatalf("second identity: %+v %v %v", second, how, err)
		}
		// An unverified e-mail gets its own account, shown with the e-mail but not owning it.
		other, how, err := db.SignInIdentity(ctx, identity("s2", "ana@example.com"), false)
		if err != nil || how != core.IdentityCreated || other.ID == first.ID || other.Email != "ana@example.com" ||
			storetest.EmailProven(t, db, other.ID) {
			t.Fatalf("unverified: %+v %v %v", other, how, err)
		}
		if u, err := db.UserByEmail(ctx, "ana@example.com"); err != nil || u.ID != first.ID {
			t.Fatalf("the e-mail belongs to %+v (%v), want the verified account", u, err)
		}
		ids, err := db.IdentitiesOf(ctx, other.ID)
		if err != nil || len(ids) != 1 || ids[0].Subject != "s2" {
			t.Fatalf("identities: %+v %v", ids, err)
		}
	})
}

// A password sign-up proves nothing: a provider that verifies its e-mail
// takes the account over, its password and sessions gone in the same step.
func TestSignInIdentityTakesOverUnprovenAccount(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		squatter := core.User{ID: core.NewID(now), Email: "ana@example.com", PasswordHash: "hash-da-senha", CreatedAt: now}
		if err := db.CreateUser(ctx, squatter); err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"a", "b"} {
			s := core.Session{TokenHash: []byte(h), UserID: squatter.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
			if err := db.CreateSession(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if storetest.EmailProven(t, db, squatter.ID) {
			t.Fatal("a password sign-up counts as proven")
		}
		// A password sign-in that checked the password before the takeover
		// but stores its session after it.
		late := core.Session{TokenHash: []byte("c"), UserID: squatter.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		u, how, err := db.SignInIdentity(ctx, identity("s1", "ana@example.com"), true)
		if err != nil || how != core.IdentityTookOver || u.ID != squatter.ID || u.PasswordHash != "" {
			t.Fatalf("sign-in: %+v %v %v, want the account taken over without its password", u, how, err)
		}
		if err := db.CreatePasswordSession(ctx, late, squatter.PasswordHash); core.ErrorCode(err) != core.CodeNotFound {
			t.Errorf("a session for the removed password: %v, want not_found", err)
		}
		if n := storetest.CountSessions(t, db); n != 0 {
			t.Errorf("%d sessions left, want 0", n)
		}
		if stored, err := db.UserByEmail(ctx, "ana@example.com"); err != nil || stored.PasswordHash != "" {
			t.Errorf("stored account %+v (%v): want no password", stored, err)
		}
		if !storetest.EmailProven(t, db, squatter.ID) {
			t.Error("the e-mail is not proven after the provider verified it")
		}
	})
}

func TestSignInIdentityConcurrentFirstSignIns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const n = 6
		got := make([]string, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				u, _, err := db.SignInIdentity(ctx, identity("s1", "ana@example.com"), true)
				got[i], errs[i] = u.ID, err
			})
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil || got[i] != got[0] {
				t.Fatalf("sign-in %d: %q %v, want the account %q", i, got[i], errs[i], got[0])
			}
		}
		if users := storetest.CountUsers(t, db); users != 1 {
			t.Errorf("%d accounts, want 1", users)
		}
	})
}

// A password session is stored only while the account has the password
// that was checked.
func TestCreatePasswordSession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		u := core.User{ID: core.NewID(now), Email: "ana@example.com", PasswordHash: "hash-1", CreatedAt: now}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		session := func(h string) core.Session {
			return core.Session{TokenHash: []byte(h), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		}
		if err := db.CreatePasswordSession(ctx, session("a"), "hash-1"); err != nil {
			t.Fatalf("the current password: %v", err)
		}
		if err := db.ChangePassword(ctx, u.ID, "hash-2", []byte("a")); err != nil {
			t.Fatal(err)
		}
		if err := db.CreatePasswordSession(ctx, session("b"), "hash-1"); core.ErrorCode(err) != core.CodeNotFound {
			t.Errorf("the replaced password: %v, want not_found", err)
		}
		if n := storetest.CountSessions(t, db); n != 1 {
			t.Errorf("%d sessions, want 1", n)
		}
	})
}
