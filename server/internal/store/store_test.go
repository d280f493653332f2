package store_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func TestUsers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.UnixMilli(1_700_000_000_123).UTC()
		u := core.User{ID: core.NewID(now), Email: "ana@example.com", PasswordHash: "h", CreatedAt: now}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatalf("CreateUser: %v", err)
		}
		got, err := db.UserByEmail(ctx, "ana@example.com")
		if err != nil {
			t.Fatalf("UserByEmail: %v", err)
		}
		if got != u {
			t.Fatalf("UserByEmail = %+v, want %+v", got, u)
		}
		dup := u
		dup.ID = core.NewID(now)
		if err := db.CreateUser(ctx, dup); core.ErrorCode(err) != core.CodeEmailTaken {
			t.Fatalf("duplicate e-mail: err = %v, want email_taken", err)
		}
		if _, err := db.UserByEmail(ctx, "nobody@example.com"); core.ErrorCode(err) != core.CodeNotFound {
			t.Fatalf("missing user: err = %v, want not_found", err)
		}
		if n := storetest.CountUsers(t, db); n != 1 {
			t.Fatalf("CountUsers = %d, want 1", n)
		}
	})
}

func TestSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.UnixMilli(1_700_000_000_000).UTC()
		u := core.User{ID: core.NewID(now), Email: "bia@example.com", PasswordHash: "h", CreatedAt: now}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		hash := bytes.Repeat([]byte{7}, 32)
		s := core.Session{TokenHash: hash, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := db.CreateSession(ctx, s); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
		gs, gu, err := db.SessionByHash(ctx, hash)
		if err != nil {
			t.Fatalf("SessionByHash: %v", err)
		}
		if gu.Email != u.Email || !gs.ExpiresAt.Equal(s.ExpiresAt) || !bytes.Equal(gs.TokenHash, hash) {
			t.Fatalf("SessionByHash = %+v %+v", gs, gu)
		}
		later := now.Add(48 * time.Hour)
		if err := db.ExtendSession(ctx, hash, later); err != nil {
			t.Fatal(err)
		}
		gs, _, _ = db.SessionByHash(ctx, hash)
		if !gs.ExpiresAt.Equal(later) {
			t.Fatalf("expiry after extend = %v, want %v", gs.ExpiresAt, later)
		}
		other := bytes.Repeat([]byte{8}, 32)
		if err := db.CreateSession(ctx, core.Session{TokenHash: other, UserID: u.ID, CreatedAt: now, ExpiresAt: now}); err != nil {
			t.Fatal(err)
		}
		if n, err := db.DeleteExpiredSessions(ctx, now.Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("DeleteExpiredSessions = %d, %v; want 1", n, err)
		}
		if err := db.DeleteSession(ctx, hash); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.SessionByHash(ctx, hash); core.ErrorCode(err) != core.CodeNotFound {
			t.Fatalf("deleted session: err = %v, want not_found", err)
		}
	})
}

// Opening an already migrated database must not re-apply migrations.
func TestMigrateTwice(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects() {
		t.Run(d, func(t *testing.T) {
			dsn := storetest.DSN(t, d)
			for i := 0; i < 2; i++ {
				db, err := store.Open(context.Background(), dsn, storetest.Logger(t))
				if err != nil {
					t.Fatalf("open #%d: %v", i+1, err)
				}
				db.Close()
			}
		})
	}
}
