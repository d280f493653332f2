package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// 0018 counts as proven the e-mail of every account a provider's identity
// was attached to before it (only a verified address was), and nothing else.
func TestMigration0018EmailProof(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dsn := storetest.DSN(t, dialect)
			versions, upTo := migrationSteps(t, dialect)
			db, err := store.OpenWith(ctx, dsn, storetest.Logger(t), upTo[slices.Index(versions, 17)])
			if err != nil {
				t.Fatal(err)
			}
			pool, q := db.Raw()
			now := time.Now().UnixMilli()
			accounts := map[string]struct {
				email, hash string
				identity    bool
				proven      bool
			}{
				"password only":                  {"ana@example.com", "x", false, false},
				"password, linked to a provider": {"bia@example.com", "x", true, true},
				"made at a provider, verified":   {"caio@example.com", "", true, true},
				"made at a provider, unverified": {"#%s davi@example.com", "", true, false},
			}
			ids := map[string]string{}
			for name, a := range accounts {
				id := core.NewID(time.Now())
				ids[name] = id
				email := a.email
				if email[0] == '#' {
					email = "#" + id + email[3:]
				}
				if _, err := pool.Exec(q(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)`), id, email, a.hash, now); err != nil {
					t.Fatal(err)
				}
				if a.identity {
					if _, err := pool.Exec(q(`INSERT INTO identities (issuer, subject, user_id, email, created_at) VALUES ('https://id.example.com', ?, ?, 'x@example.com', ?)`),
						id, id, now); err != nil {
						t.Fatal(err)
					}
				}
			}
			db = upgraded(t, db, dsn)
			for name, a := range accounts {
				if got := storetest.EmailProven(t, db, ids[name]); got != a.proven {
					t.Errorf("%s: proven %v, want %v", name, got, a.proven)
				}
			}
		})
	}
}
