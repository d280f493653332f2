package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sorteio/sorteio/server/internal/store"
)

// sqlitePath is the database backup and restore work on: SQLITE_PATH, as
// serve reads it. With DATABASE_URL set they refuse: PostgreSQL has its own
// tools (docs/operations.md, "Backups").
func sqlitePath(getenv func(string) string) (string, error) {
	if strings.TrimSpace(getenv("DATABASE_URL")) != "" {
		return "", fmt.Errorf("DATABASE_URL aponta para o PostgreSQL: use pg_dump e pg_restore (docs/operations.md, \"Backups\")")
	}
	if p := getenv("SQLITE_PATH"); p != "" {
		return p, nil
	}
	return "data/sorteio.db", nil
}

// backup copies the live SQLite database to a new file, while the server
// runs and writes.
func backup(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("uso: sorteio backup ARQUIVO")
	}
	db, err := sqlitePath(getenv)
	if err != nil {
		return err
	}
	info, err := store.Backup(ctx, db, args[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup de %s em %s: %.1f MB, esquema %d, cópia %d ms, total %d ms\n", db, args[0], float64(info.Bytes)/(1<<20),
		info.Schema, info.Copy.Milliseconds(), info.Duration.Milliseconds())
	return nil
}

// restore puts a backup in place of the database of a stopped server.
func restore(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("uso: sorteio restore ARQUIVO")
	}
	db, err := sqlitePath(getenv)
	if err != nil {
		return err
	}
	kept, err := store.Restore(ctx, args[0], db)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s restaurado em %s\n", args[0], db)
	if kept != "" {
		fmt.Fprintf(stdout, "o banco anterior foi guardado como %s\n", kept)
	}
	return nil
}
