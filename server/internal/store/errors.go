package store

import (
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// isUniqueViolation reports whether err is a unique or primary-key conflict
// in either dialect.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		c := sqErr.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// isDataFault reports whether err is the database refusing what an op asked
// it to store (a constraint, a bad value, a trigger's exception): an error
// that would come back on every retry of that op. Connection, lock,
// resource and server failures are not: a retry may succeed.
func isDataFault(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		if len(pgErr.Code) < 2 {
			return false
		}
		switch pgErr.Code[:2] {
		case "08", "40", "53", "55", "57", "58", "XX":
			return false
		}
		return true
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		switch sqErr.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_READONLY,
			sqlite3.SQLITE_INTERRUPT, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_FULL,
			sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_NOTADB:
			return false
		}
		return true
	}
	return false
}

// isConflictAbort reports whether PostgreSQL aborted the transaction to break
// a deadlock or a serialization conflict with another one (class 40): the
// transaction rolled back whole, so running it again is safe and is what
// PostgreSQL asks for.
func isConflictAbort(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && (pgErr.Code == "40P01" || pgErr.Code == "40001")
}

// isDiskFull reports whether the database ran out of space: SQLite could
// not grow its file or WAL (SQLITE_FULL), PostgreSQL could not extend a
// relation (53100). The transaction rolled back whole; once space is freed
// the same op applies.
func isDiskFull(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "53100"
	}
	var sqErr *sqlite.Error
	return errors.As(err, &sqErr) && sqErr.Code()&0xff == sqlite3.SQLITE_FULL
}

// isUnreachable reports whether PostgreSQL could not be reached or went away
// mid-statement: a refused or broken connection, a server shutting down or
// starting (57P01-57P03), a connection exception (class 08). Nothing was
// committed that the client does not get back as a duplicate on its retry.
func isUnreachable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var connectErr *pgconn.ConnectError
	var opErr *net.OpError
	return errors.As(err, &connectErr) || errors.As(err, &opErr) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || pgconn.SafeToRetry(err)
}
