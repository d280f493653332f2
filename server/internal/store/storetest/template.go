package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	osexec "os/exec"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/sorteio/sorteio/migrations"
	"github.com/sorteio/sorteio/server/internal/store"
)

// PostgreSQL runs every migration in about 600 ms, and a run of the suite
// opens some 270 PostgreSQL databases. So a test's schema is a copy of one
// migrated template: the template is migrated once, by the first test
// process that needs it, under the name of a hash of the migrations (a
// changed migration makes a new one); each process reads its definition
// once with pg_dump and replays it under a fresh name in one transaction
// (about 60 ms). Without pg_dump each schema is migrated as before.

// templateLockKey serialises the template's creation between the test
// processes that share one PostgreSQL database.
const templateLockKey = 7305_2027

type pgTemplate struct {
	once   sync.Once
	name   string // the template schema
	ddl    string // its definition, the schema named name; "" without pg_dump
	err    error
	noDump bool
}

var templates sync.Map // TEST_DATABASE_URL -> *pgTemplate

// migratedPostgres returns the URL of a fresh schema at the latest migration.
func migratedPostgres(t testing.TB) string {
	t.Helper()
	base := postgresBase(t)
	v, _ := templates.LoadOrStore(base, &pgTemplate{})
	tp := v.(*pgTemplate)
	tp.once.Do(func() { tp.err = tp.load(base) })
	if tp.err != nil {
		t.Fatalf("esquema modelo do PostgreSQL: %v", tp.err)
	}
	if tp.noDump {
		return postgresSchema(t) // store.Open migrates it
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	// The definition sets the session's search_path: this connection pool is
	// closed right after, never reused.
	defer admin.Close()
	schema := newSchemaName()
	tx, err := admin.Begin()
	if err != nil {
		t.Fatalf("copiar esquema modelo: %v", err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.Exec(strings.ReplaceAll(tp.ddl, tp.name, schema)); err != nil {
		t.Fatalf("copiar esquema modelo: %v", err)
	}
	if _, err := tx.Exec(`INSERT INTO ` + schema + `.schema_migrations SELECT * FROM ` + tp.name + `.schema_migrations`); err != nil {
		t.Fatalf("copiar versões do esquema modelo: %v", err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatalf("copiar esquema modelo: %v", err)
	}
	dropAtEnd(t, base, schema)
	return withSearchPath(t, base, schema)
}

// load makes the template if no process did yet, and reads its definition.
func (tp *pgTemplate) load(base string) error {
	name, err := templateName()
	if err != nil {
		return err
	}
	tp.name = name
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, templateLockKey); err != nil {
		return err
	}
	defer func() { _, _ = conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, templateLockKey) }()
	var n int
	if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_namespace WHERE nspname = $1`, name).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		// Migrated under another name and renamed when whole: a process that
		// stops half-way leaves no half template behind this name.
		building := newSchemaName()
		if _, err := conn.ExecContext(ctx, `CREATE SCHEMA `+building); err != nil {
			return err
		}
		db, err := store.Open(ctx, withSearchPathURL(base, building), discardLogger)
		if err != nil {
			_, _ = conn.ExecContext(ctx, `DROP SCHEMA `+building+` CASCADE`)
			return err
		}
		db.Close()
		if _, err := conn.ExecContext(ctx, `ALTER SCHEMA `+building+` RENAME TO `+name); err != nil {
			return err
		}
	}
	pgDump, err := osexec.LookPath("pg_dump")
	if err != nil {
		tp.noDump = true
		return nil
	}
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	out, err := osexec.Command(pgDump, "--dbname="+u.String(), "--schema="+name, "--schema-only", "--no-owner", "--no-privileges").Output()
	if err != nil {
		return fmt.Errorf("pg_dump: %w", err)
	}
	var lines []string
	for line := range strings.SplitSeq(string(out), "\n") {
		if !strings.HasPrefix(line, `\`) { // psql's meta-commands (\restrict), not SQL
			lines = append(lines, line)
		}
	}
	tp.ddl = strings.Join(lines, "\n")
	return nil
}

// templateName names the template by a hash of the PostgreSQL migrations.
func templateName() (string, error) {
	files, err := migrations.FS("postgres")
	if err != nil {
		return "", err
	}
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return "", err
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := fs.ReadFile(files, n)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	return "tmpl_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}
