package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/sorteio/sorteio/server/internal/core"
)

// listenState holds whether each PostgreSQL LISTEN channel's connection is
// up: pokes and session ends travel to the other instances only through
// them, so an instance whose listener is down must not look ready.
type listenState struct {
	mu sync.Mutex
	up map[string]bool
}

func (l *listenState) set(channel string, up bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.up == nil {
		l.up = map[string]bool{}
	}
	l.up[channel] = up
}

// Listening says whether every LISTEN started is connected (true with
// SQLite, which has no other process to hear from, and before any starts).
func (db *DB) Listening() bool {
	db.listening.mu.Lock()
	defer db.listening.mu.Unlock()
	for _, up := range db.listening.up {
		if !up {
			return false
		}
	}
	return true
}

// Readiness is what /readyz reports; an empty field is a check passed.
type Readiness struct {
	Database   string `json:"database,omitempty"`
	Migrations string `json:"migrations,omitempty"`
	Listen     string `json:"listen,omitempty"`
}

// Ready says whether this instance can serve: the database answers, its
// schema is the version this build migrates to (an older one means a
// migration failed; a newer one, a newer build migrated it and this one
// does not know its tables), and the LISTEN connections are up.
func (db *DB) Ready(ctx context.Context) (Readiness, bool) {
	var r Readiness
	var version sql.NullInt64
	err := db.sql.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&version)
	switch {
	case err != nil:
		r.Database = "o banco não responde"
		db.log.Warn("prontidão: banco", "err", err)
	case version.Int64 != db.schemaWant:
		r.Migrations = fmt.Sprintf("esquema na versão %d; esta versão do servidor espera %d", version.Int64, db.schemaWant)
	}
	if !db.Listening() {
		r.Listen = "escuta de avisos do PostgreSQL desconectada"
	}
	return r, r == Readiness{}
}

// MailOutboxDepth counts the messages waiting in the outbox (metrics).
func (db *DB) MailOutboxDepth(ctx context.Context) (int, error) {
	var n int
	if err := db.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox`).Scan(&n); err != nil {
		return 0, &core.Error{Code: core.CodeUnavailable, Err: err}
	}
	return n, nil
}

// PoolStats is the writing pool's use (metrics).
func (db *DB) PoolStats() sql.DBStats { return db.sql.Stats() }
