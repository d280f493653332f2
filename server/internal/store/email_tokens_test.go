package store_test

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestConfirmedAccountIsNotTakenOver: a password account whose address a
// confirmation link proved keeps its password and sessions when a
// provider's verified identity for that address signs in: the identity is
// attached (IdentityLinked), not a takeover.
func TestConfirmedAccountIsNotTakenOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := time.Now()
		u := core.User{ID: core.NewID(now), Email: "lia@example.com", PasswordHash: "hash", CreatedAt: now}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateSession(ctx, core.Session{TokenHash: []byte("s1"), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256([]byte("token"))
		tok := core.EmailToken{Hash: sum[:], UserID: u.ID, Purpose: core.TokenConfirm, Email: u.Email, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		m := core.Mail{ID: core.NewID(now), Kind: core.MailMessage, To: u.Email, NextAt: now, CreatedAt: now}
		if err := db.CreateEmailToken(ctx, tok, m); err != nil {
			t.Fatal(err)
		}
		if err := db.ConfirmEmail(ctx, sum[:], now); err != nil {
			t.Fatal(err)
		}
		if !storetest.EmailProven(t, db, u.ID) {
			t.Fatal("not proven after the confirmation link")
		}
		got, how, err := db.SignInIdentity(ctx, identity("lia-1", "lia@example.com"), true)
		if err != nil {
			t.Fatal(err)
		}
		if how != core.IdentityLinked || got.ID != u.ID || got.PasswordHash != "hash" {
			t.Errorf("how = %v, account %q password %q; want IdentityLinked to %q keeping its password", how, got.ID, got.PasswordHash, u.ID)
		}
		if n := storetest.CountSessions(t, db); n != 1 {
			t.Errorf("sessions = %d, want 1 (the password's session stays)", n)
		}
	})
}
