// Package storetest opens fresh, migrated databases for tests: SQLite always,
// PostgreSQL when TEST_DATABASE_URL is set (each test in its own schema).
// Under CI=true a missing TEST_DATABASE_URL fails the test instead of skipping.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver for database/sql: the tests' admin connections

	"github.com/sorteio/sorteio/server/internal/store"
)

// Dialects are the databases every store test runs on.
func Dialects() []string { return []string{"sqlite", "postgres"} }

// Each runs fn as a subtest per dialect, each with a fresh database.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) {
			fn(t, MustOpenDB(t, d))
		})
	}
}

// Logger writes to the test's output, so logs show only for failing tests.
func Logger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// MustOpenDB opens a fresh, migrated database of the dialect, closed and
// removed when the test ends.
func MustOpenDB(t testing.TB, dialect string) *store.DB {
	t.Helper()
	return mustOpen(t, DSN(t, dialect))
}

// EachDSN is Each with the connection string of each fresh database, for
// tests that read what it stores (StoredBytes).
func EachDSN(t *testing.T, fn func(t *testing.T, db *store.DB, dsn string)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) {
			dsn := DSN(t, d)
			fn(t, mustOpen(t, dsn), dsn)
		})
	}
}

func mustOpen(t testing.TB, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn, Logger(t))
	if err != nil {
		t.Fatalf("abrir banco %s: %v", dsn, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// DSN returns a connection string for a fresh, empty database of the dialect.
func DSN(t testing.TB, dialect string) string {
	t.Helper()
	switch dialect {
	case "sqlite":
		return filepath.Join(t.TempDir(), "sorteio.db")
	case "postgres":
		return postgresSchema(t)
	}
	t.Fatalf("dialeto desconhecido %q", dialect)
	return ""
}

func postgresSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is required when CI=true: the PostgreSQL tests must run")
		}
		t.Skip("PostgreSQL tests skipped: TEST_DATABASE_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	defer admin.Close()
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	schema := "t_" + hex.EncodeToString(raw[:])
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("criar schema de teste: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
