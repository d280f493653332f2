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
	return mustOpen(t, MigratedDSN(t, dialect))
}

// EachDSN is Each with the connection string of each fresh database, for
// tests that read what it stores (StoredBytes).
func EachDSN(t *testing.T, fn func(t *testing.T, db *store.DB, dsn string)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(d, func(t *testing.T) {
			dsn := MigratedDSN(t, d)
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

// DSN returns a connection string for a fresh, empty database of the dialect:
// for tests of the migrations themselves. Others take MigratedDSN.
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

// MigratedDSN returns a connection string for a fresh database of the dialect
// at the latest migration (store.Open finds nothing to apply). SQLite
// migrates a new file in milliseconds, so it is DSN's; PostgreSQL's is a
// copy of a migrated template (template.go).
func MigratedDSN(t testing.TB, dialect string) string {
	t.Helper()
	if dialect == "postgres" {
		return migratedPostgres(t)
	}
	return DSN(t, dialect)
}

// postgresBase is TEST_DATABASE_URL; without it the test skips, or fails
// under CI=true.
func postgresBase(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_DATABASE_URL is required when CI=true: the PostgreSQL tests must run")
		}
		t.Skip("PostgreSQL tests skipped: TEST_DATABASE_URL is not set")
	}
	return base
}

// postgresSchema makes an empty schema, dropped when the test ends.
func postgresSchema(t testing.TB) string {
	t.Helper()
	base := postgresBase(t)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	defer admin.Close()
	schema := newSchemaName()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("criar schema de teste: %v", err)
	}
	dropAtEnd(t, base, schema)
	return withSearchPath(t, base, schema)
}

func newSchemaName() string {
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	return "t_" + hex.EncodeToString(raw[:])
}

func dropAtEnd(t testing.TB, base, schema string) {
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
}

func withSearchPath(t testing.TB, base, schema string) string {
	t.Helper()
	if _, err := url.Parse(base); err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	return withSearchPathURL(base, schema)
}

// withSearchPathURL is base with the schema as its search_path (a parsed URL).
func withSearchPathURL(base, schema string) string {
	u, _ := url.Parse(base)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

var discardLogger = slog.New(slog.DiscardHandler)
