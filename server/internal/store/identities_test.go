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
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		// A first sign-in creates the account; the next finds it by subject.
		first, created, err := db.SignInIdentity(ctx, identity("s1", "ana@example.com"), true)
		if err != nil || !created || first.Email != "ana@example.com" {
			t.Fatalf("first: %+v %v %v", first, created, err)
		}
		again, created, err := db.SignInIdentity(ctx, identity("s1", "outro@example.com"), true)
		if err != nil || created || again.ID != first.ID {
			t.Fatalf("again: %+v %v %v", again, created, err)
		}
		// An unverified e-mail gets its own account, shown with the e-mail but not owning it.
		other, created, err := db.SignInIdentity(ctx, identity("s2", "ana@example.com"), false)
		if err != nil || !created || other.ID == first.ID || other.Email != "ana@example.com" {
			t.Fatalf("unverified: %+v %v %v", other, created, err)
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

func TestSignInIdentityConcurrentFirstSignIns(t *testing.T) {
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
