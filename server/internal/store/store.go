// Package store keeps the server's data in SQLite (the embedded default) or
// PostgreSQL, behind one type. Driver errors never leave this package: they
// are turned into core errors here.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

type dialect string

const (
	sqliteDialect   dialect = "sqlite"
	postgresDialect dialect = "postgres"
)

// DB is the server's database, either dialect.
type DB struct {
	sql *sql.DB
	// read runs read-only transactions that need one consistent view. For
	// SQLite it is a second pool with deferred transactions (a WAL snapshot
	// that does not block the writer); for PostgreSQL it is sql itself.
	read    *sql.DB
	dialect dialect
	log     *slog.Logger
	// dsn is kept for the PostgreSQL listener's own connection.
	dsn string
	// pokes are this process's poke listeners (pokes.go); instance tells
	// this handle's NOTIFY apart from other instances'.
	pokes    listeners[Poke]
	ends     listeners[SessionEnd]
	instance string
	// maxRaffles is the per-account quota of raffles (0: none).
	maxRaffles int
	// abandonGrace is how long after a round's countdown its device still
	// has to reveal it before the owner may abandon it.
	abandonGrace time.Duration
	// stopCheckpoints ends SQLite's background checkpoints (checkpoint.go).
	stopCheckpoints func()
	// walErased is set while SQLite's WAL may still hold pages from before
	// an erasure (truncateWAL).
	walErased atomic.Bool
	// schemaWant is the newest migration this build has (readiness.go);
	// listening holds each LISTEN channel's state (PostgreSQL).
	schemaWant int64
	listening  listenState
	// lock is SQLite's shared lock that keeps a restore away (backup.go).
	lock *os.File
}

// SetAbandonGrace sets the grace after a round's countdown before the owner
// may abandon it (DRAW_ABANDON_GRACE; protocol.DefaultAbandonGrace unless set).
func (db *DB) SetAbandonGrace(d time.Duration) { db.abandonGrace = d }

// LimitRaffles sets how many raffles (not deleted) one account may hold;
// a create beyond it is rejected as too_many_raffles. 0 means no limit.
func (db *DB) LimitRaffles(n int) { db.maxRaffles = n }

// Open opens and migrates the database named by dsn: a postgres:// or
// postgresql:// URL selects PostgreSQL; anything else is a SQLite file path,
// whose folder is created if missing.
func Open(ctx context.Context, dsn string, log *slog.Logger) (*DB, error) {
	return open(ctx, dsn, log, nil)
}

// open is Open with the migrations in files (nil: the embedded ones).
func open(ctx context.Context, dsn string, log *slog.Logger, files fs.FS) (*DB, error) {
	db := &DB{log: log, dsn: dsn, instance: core.NewID(time.Now()), abandonGrace: time.Duration(protocol.DefaultAbandonGrace) * time.Millisecond}
	var err error
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		db.dialect = postgresDialect
		db.sql, err = sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("abrir PostgreSQL: %w", err)
		}
		db.sql.SetMaxOpenConns(20)
		db.sql.SetMaxIdleConns(10)
		db.sql.SetConnMaxIdleTime(5 * time.Minute)
		db.read = db.sql
	} else {
		db.dialect = sqliteDialect
		if dir := filepath.Dir(dsn); dir != "" {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("criar pasta do banco: %w", err)
			}
		}
		if db.lock, err = lockFile(dsn, syscall.LOCK_SH); err != nil {
			return nil, fmt.Errorf("o banco %s está sendo restaurado (%w)", dsn, err)
		}
		if err := privateDatabase(dsn); err != nil {
			db.lock.Close()
			return nil, err
		}
		db.sql, err = sql.Open("sqlite", sqliteDSN(dsn, "immediate"))
		if err != nil {
			return nil, fmt.Errorf("abrir SQLite: %w", err)
		}
		// WAL lets readers run beside the one writer; immediate transactions
		// take the write lock up front, so two writers never deadlock.
		db.sql.SetMaxOpenConns(8)
		db.read, err = sql.Open("sqlite", sqliteDSN(dsn, "deferred"))
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("abrir SQLite: %w", err)
		}
		db.read.SetMaxOpenConns(8)
		db.startCheckpoints(checkpointEvery)
	}
	if err := db.sql.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("conectar ao banco (%s): %w", db.dialect, err)
	}
	if err := db.migrate(ctx, files); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// writerCache is the page cache of each writing SQLite connection, in KiB
// (SQLite's default is 2,000). An import of 100,000 tickets dirties about
// 60 MB of pages in its one transaction; with the default cache SQLite
// writes them to the WAL before the commit (and some again after they
// change once more), CPU this cache saves. The cache fills only as pages are read or written, and
// database/sql keeps two idle connections.
const writerCache = 64 << 10

// busyTimeout is how long a SQLite connection waits for a lock before it
// answers busy.
const busyTimeout = 10 * time.Second

func sqliteDSN(path, txlock string) string {
	q := url.Values{}
	// No checkpoint in a commit: they run in the background (checkpoint.go).
	// secure_delete zeroes what a delete or an update frees, so erased
	// personal data does not stay in free pages or cells (erase.go).
	for _, p := range []string{fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()), "journal_mode(WAL)", "foreign_keys(ON)", "synchronous(NORMAL)", "wal_autocheckpoint(0)",
		"secure_delete(ON)"} {
		q.Add("_pragma", p)
	}
	if txlock == "immediate" {
		q.Add("_pragma", fmt.Sprintf("cache_size(-%d)", writerCache))
	}
	q.Set("_txlock", txlock)
	return "file:" + path + "?" + q.Encode()
}

// Dialect names the database in use ("sqlite" or "postgres").
func (db *DB) Dialect() string { return string(db.dialect) }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.sql.PingContext(ctx); err != nil {
		return &core.Error{Code: core.CodeUnavailable, Err: err}
	}
	return nil
}

// Close closes the database; SQLite checkpoints its WAL on close.
func (db *DB) Close() error {
	if db.stopCheckpoints != nil {
		db.stopCheckpoints()
	}
	if db.read != nil && db.read != db.sql {
		db.read.Close()
	}
	err := db.sql.Close()
	if db.lock != nil {
		db.lock.Close()
	}
	return err
}

// Raw gives package storetest the pool and the dialect's placeholder
// rewriting, for checks that product code never makes. Nothing else calls it.
func (db *DB) Raw() (*sql.DB, func(query string) string) { return db.sql, db.q }

// readTx runs fn in a read-only transaction with one consistent view.
func (db *DB) readTx(ctx context.Context, fn func(*sql.Tx) error) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == postgresDialect {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.read.BeginTx(ctx, opts)
	if err != nil {
		return db.wrap(err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit it only says the transaction is done
	if err := fn(tx); err != nil {
		return db.wrap(err)
	}
	return db.wrap(tx.Commit())
}

// q rewrites ? placeholders as $1, $2... for PostgreSQL. Queries in this
// package never contain a literal question mark.
func (db *DB) q(query string) string {
	if db.dialect != postgresDialect {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tx runs fn in one transaction, committing when it returns nil.
func (db *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return db.wrap(err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return db.wrap(err)
	}
	return nil
}

// wrap turns a driver error into a core error.
func (db *DB) wrap(err error) error {
	if err == nil {
		return nil
	}
	var ce *core.Error
	if errors.As(err, &ce) {
		return err
	}
	if errors.Is(err, sql.ErrNoRows) {
		return &core.Error{Code: core.CodeNotFound, Err: err}
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &core.Error{Code: core.CodeUnavailable, Err: err}
	}
	if isDiskFull(err) {
		db.log.Error("banco sem espaço em disco", "err", err)
		return &core.Error{Code: core.CodeUnavailable, Message: msgDiskFull, RetryAfter: 30 * time.Second, Err: err}
	}
	if isUnreachable(err) {
		return &core.Error{Code: core.CodeUnavailable, RetryAfter: 2 * time.Second, Err: err}
	}
	return core.Internal(err)
}

// msgDiskFull is what a write answers while the database's disk is full:
// the device keeps its changes and sends them again.
const msgDiskFull = "O servidor está sem espaço para gravar. Suas alterações continuam neste aparelho e serão enviadas quando ele voltar."

func millis(t time.Time) int64 { return t.UnixMilli() }

func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
