package store

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
)

// A backup made by an older build, at an older schema, has the schema the
// migrations up to its version make: restore takes it (the server migrates
// it when it starts), and the same file compared with the latest schema
// differs from what the later migrations make. A trigger added to it is named.
func TestCheckSchemaOlderVersion(t *testing.T) {
	ctx := context.Background()
	latest, err := latestMigration()
	if err != nil {
		t.Fatal(err)
	}
	older := latest - 5
	path := filepath.Join(t.TempDir(), "antigo.db")
	want, err := migratedSchema(ctx, older)
	if err != nil || len(want) < 10 {
		t.Fatalf("schema at %d: %d objects, %v", older, len(want), err)
	}
	files, _ := upToVersion(older)
	db, err := open(ctx, path, slog.New(slog.NewTextHandler(io.Discard, nil)), files)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSchema(ctx, path, older); err != nil {
		t.Errorf("an untouched database at %d: %v", older, err)
	}
	if err := checkSchema(ctx, path, latest); err == nil {
		t.Errorf("compared with %d: no difference found", latest)
	}
	if _, err := db.sql.Exec(`CREATE TRIGGER t AFTER INSERT ON sessions BEGIN DELETE FROM sessions WHERE 0; END`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := checkSchema(ctx, path, older); err == nil || !strings.Contains(err.Error(), "a mais: gatilho t (em sessions)") {
		t.Errorf("with a trigger: %v", err)
	}
}
