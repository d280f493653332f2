package store

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/sorteio/sorteio/migrations"
)

// A backup is the whole database, its schema included: a trigger, view,
// index or table someone added to the file would run inside the server
// once restored (a trigger on sessions copying each new session's hash
// into a table of its own, say). So restore compares the backup's schema,
// every table, index, trigger and view in sqlite_master with its SQL, to
// the one the migrations make at the backup's version, and refuses any
// difference (checkSchema).

// schemaObject is one row of sqlite_master.
type schemaObject struct{ kind, name, table, sql string }

func (o schemaObject) String() string {
	kinds := map[string]string{"table": "tabela", "index": "índice", "trigger": "gatilho", "view": "visão"}
	k := kinds[o.kind]
	if k == "" {
		k = o.kind
	}
	if o.kind == "table" || o.name == o.table {
		return fmt.Sprintf("%s %s", k, o.name)
	}
	return fmt.Sprintf("%s %s (em %s)", k, o.name, o.table)
}

// readSchema lists db's schema objects by kind and name. SQLite's own
// statistics tables (sqlite_stat1..4, written by ANALYZE) are left out:
// they hold figures for the query planner, not code.
func readSchema(ctx context.Context, db *sql.DB) (map[string]schemaObject, error) {
	rows, err := db.QueryContext(ctx, `SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]schemaObject{}
	for rows.Next() {
		var o schemaObject
		if err := rows.Scan(&o.kind, &o.name, &o.table, &o.sql); err != nil {
			return nil, err
		}
		if strings.HasPrefix(o.name, "sqlite_stat") {
			continue
		}
		out[o.kind+" "+o.name] = o
	}
	return out, rows.Err()
}

// migratedSchema is the schema the migrations up to version make on an
// empty SQLite database.
func migratedSchema(ctx context.Context, version int64) (map[string]schemaObject, error) {
	upTo, err := upToVersion(version)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "sorteio-esquema-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	db, err := open(ctx, filepath.Join(dir, "esquema.db"), slog.New(slog.NewTextHandler(io.Discard, nil)), upTo)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return readSchema(ctx, db.sql)
}

// upToVersion is the SQLite migrations whose version is at most version.
func upToVersion(version int64) (fs.FS, error) {
	files, err := migrations.FS(string(sqliteDialect))
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return nil, err
	}
	upTo := fstest.MapFS{}
	for _, name := range names {
		v, err := strconv.ParseInt(strings.SplitN(name, "_", 2)[0], 10, 64)
		if err != nil || v > version {
			continue
		}
		body, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		upTo[name] = &fstest.MapFile{Data: body}
	}
	return upTo, nil
}

// checkSchema refuses a backup at path (schema version) whose schema is
// not exactly the migrations': it names what is extra, missing or changed.
func checkSchema(ctx context.Context, path string, version int64) error {
	want, err := migratedSchema(ctx, version)
	if err != nil {
		return fmt.Errorf("montar o esquema das migrações: %w", err)
	}
	src, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer src.Close()
	got, err := readSchema(ctx, src)
	if err != nil {
		return fmt.Errorf("%s não é um banco SQLite legível: %w", path, err)
	}
	var extra, missing, changed []string
	for k, o := range got {
		w, ok := want[k]
		switch {
		case !ok:
			extra = append(extra, o.String())
		case w.table != o.table || w.sql != o.sql:
			changed = append(changed, o.String())
		}
	}
	for k, w := range want {
		if _, ok := got[k]; !ok {
			missing = append(missing, w.String())
		}
	}
	if len(extra)+len(missing)+len(changed) == 0 {
		return nil
	}
	var parts []string
	for _, p := range []struct {
		what  string
		items []string
	}{{"a mais", extra}, {"faltando", missing}, {"alterado", changed}} {
		if len(p.items) > 0 {
			sort.Strings(p.items)
			parts = append(parts, p.what+": "+strings.Join(p.items, ", "))
		}
	}
	return fmt.Errorf("%s não tem o esquema que as migrações criam na versão %d (%s): o backup foi alterado fora do Sorteio; nada foi restaurado",
		path, version, strings.Join(parts, "; "))
}
