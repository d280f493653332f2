package storetest

import (
	"database/sql"
	"errors"
	"net/url"
	"os"
	osexec "os/exec"
	"strings"
	"testing"
)

// StoredBytes is what the database at dsn (DSN, EachDSN) holds, by part, for
// tests that look for bytes that must be gone. SQLite: the database file,
// its WAL and its shared-memory index as they are on disk, read while the
// database stays open. PostgreSQL: pg_dump of the test's schema, and the
// values the planner's statistics sampled from its columns (pg_stats), which
// pg_dump leaves out. Without pg_dump the test skips, or fails under CI=true.
func StoredBytes(t testing.TB, dsn string) map[string][]byte {
	t.Helper()
	if !strings.HasPrefix(dsn, "postgres") {
		out := map[string][]byte{}
		for _, name := range []string{dsn, dsn + "-wal", dsn + "-shm"} {
			b, err := os.ReadFile(name)
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			out[name] = b
		}
		return out
	}
	pgDump, err := osexec.LookPath("pg_dump")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pg_dump is required when CI=true: what PostgreSQL stores must be checked")
		}
		t.Skip("pg_dump not found: what PostgreSQL stores is not checked")
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	schema := q.Get("search_path")
	q.Del("search_path") // a setting of the driver's, not a libpq parameter
	u.RawQuery = q.Encode()
	dump, err := osexec.Command(pgDump, "--dbname="+u.String(), "--schema="+schema, "--no-owner").Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	return map[string][]byte{"pg_dump": dump, "pg_stats": sampledValues(t, dsn, schema)}
}

// sampledValues are the column values PostgreSQL's statistics of the schema
// keep (most common values and histogram bounds), as text.
func sampledValues(t testing.TB, dsn, schema string) []byte {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var text string
	if err := db.QueryRow(`SELECT coalesce(string_agg(concat_ws(' ', tablename, attname, most_common_vals::text, histogram_bounds::text), E'\n'), '')
		FROM pg_stats WHERE schemaname = $1`, schema).Scan(&text); err != nil {
		t.Fatalf("pg_stats: %v", err)
	}
	return []byte(text)
}

// Analyze takes PostgreSQL's statistics of every table now, as its
// autovacuum does after enough writes; SQLite keeps none (nothing runs
// ANALYZE there).
func Analyze(t testing.TB, dsn string) {
	t.Helper()
	if !strings.HasPrefix(dsn, "postgres") {
		return
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// The schema's tables only: other tests' schemas share the database.
	var tables string
	if err := db.QueryRow(`SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables WHERE schemaname = current_schema()`).
		Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ANALYZE ` + tables); err != nil {
		t.Fatalf("ANALYZE: %v", err)
	}
}
