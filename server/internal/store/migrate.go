package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sorteio/sorteio/migrations"
)

// migrationLockKey serialises start-up migrations of several instances that
// share one PostgreSQL database.
const migrationLockKey = 7305_2026

// migrate applies the pending migrations of the dialect (files; nil for the
// embedded ones), all in one transaction (both dialects have transactional
// DDL).
//
// Migrations apply only in version order: one whose version is below a
// version the database already has is refused, and nothing is applied. A
// rebuild of a SQLite table (0006, 0013) lists the table's columns of its
// time, so applied after a later migration that added columns it would drop
// them with their data. Such a database was migrated by a build that had the
// later migration but not the earlier one; it needs that build's successor.
func (db *DB) migrate(ctx context.Context, files fs.FS) error {
	var err error
	if files == nil {
		if files, err = migrations.FS(string(db.dialect)); err != nil {
			return fmt.Errorf("migrações: %w", err)
		}
	}
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return fmt.Errorf("migrações: %w", err)
	}
	sort.Strings(names)

	return db.tx(ctx, func(tx *sql.Tx) error {
		if db.dialect == postgresDialect {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLockKey); err != nil {
				return fmt.Errorf("migrações: trava: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version BIGINT PRIMARY KEY,
			name TEXT NOT NULL,
			applied_at BIGINT NOT NULL)`); err != nil {
			return fmt.Errorf("migrações: tabela de controle: %w", err)
		}
		applied := map[int64]bool{}
		var latest int64
		rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return fmt.Errorf("migrações: ler versões: %w", err)
		}
		for rows.Next() {
			var v int64
			if err := rows.Scan(&v); err != nil {
				rows.Close()
				return fmt.Errorf("migrações: ler versões: %w", err)
			}
			applied[v] = true
			latest = max(latest, v)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("migrações: ler versões: %w", err)
		}

		for _, name := range names {
			version, err := strconv.ParseInt(strings.SplitN(name, "_", 2)[0], 10, 64)
			if err != nil {
				return fmt.Errorf("migração %s: nome sem número de versão", name)
			}
			db.schemaWant = max(db.schemaWant, version)
			if applied[version] {
				continue
			}
			if version < latest {
				return fmt.Errorf("migração %s: anterior à versão %d, já aplicada neste banco; aplicá-la agora "+
					"poderia perder dados (docs/operations.md, \"Migrações\")", name, latest)
			}
			body, err := fs.ReadFile(files, name)
			if err != nil {
				return fmt.Errorf("migração %s: %w", name, err)
			}
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return fmt.Errorf("migração %s: %w", name, err)
			}
			if _, err := tx.ExecContext(ctx, db.q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
				version, name, millis(time.Now())); err != nil {
				return fmt.Errorf("migração %s: registrar: %w", name, err)
			}
			db.log.Info("migração aplicada", "dialeto", db.dialect, "arquivo", name)
		}
		return nil
	})
}
