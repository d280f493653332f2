package store

import (
	"context"
	"database/sql"
)

// Erasure (docs/security.md, "Deletion erases personal data"): deleting a
// raffle or an account leaves no participant e-mail in the database, and no
// name outside the public record a drawn raffle keeps. Rows are only the
// first copy: the change log, PostgreSQL's statistics and, on SQLite, freed
// pages and the WAL hold the bytes too.

// eraseLog empties the payloads of a deleted raffle's log: participants.add
// carries names and e-mails, winner.invalidate the organiser's reason. The
// entries stay (seq, op id, type), so the log keeps its shape; nothing reads
// a deleted raffle's log (Changes answers not found).
func (db *DB) eraseLog(ctx context.Context, tx *sql.Tx, raffleID string) error {
	return db.exec(ctx, tx, `UPDATE changes SET payload = '{}' WHERE raffle_id = ? AND payload <> '{}'`, raffleID)
}

// forgetReasons drops the organiser's reasons for invalidating winners of a
// deleted raffle: free text that may name a person, and never part of the
// public record (protocol.PublicWinners leaves them out).
func (db *DB) forgetReasons(ctx context.Context, tx *sql.Tx, raffleID string) error {
	return db.exec(ctx, tx, `UPDATE winners SET invalidation_reason = NULL WHERE raffle_id = ? AND invalidation_reason IS NOT NULL`, raffleID)
}

// afterErasure runs once an erasure has committed, so that the erased bytes
// leave SQLite's WAL too. SQLite zeroes freed space as it writes
// (secure_delete, sqliteDSN), but the WAL still holds pages as they were: a
// truncating checkpoint copies it into the file and empties it (retried by
// the background loop while readers hold it). PostgreSQL needs nothing here:
// its statistics never sample a column that holds personal data (migration
// 0020), and pg_dump, backups and dead rows are the operator's
// (docs/operations.md, "Erasure").
func (db *DB) afterErasure(ctx context.Context) {
	if db.dialect == sqliteDialect {
		db.truncateWAL(ctx)
	}
}
