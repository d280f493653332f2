package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"
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
// truncating checkpoint copies it into the file and empties it (truncateWAL). PostgreSQL needs nothing here:
// its statistics never sample a column that holds personal data (migration
// 0020), and pg_dump, backups and dead rows are the operator's
// (docs/operations.md, "Erasure").
func (db *DB) afterErasure(ctx context.Context) {
	if db.dialect == sqliteDialect {
		db.truncateWAL(ctx)
	}
}

// truncateWait is how long a truncating checkpoint waits for readers and
// writers: new writes wait while it does, so it gives up soon and the
// background loop tries again a tick later.
const truncateWait = 100 * time.Millisecond

// errWALBusy: a reader or a writer still used the WAL when the truncating
// checkpoint stopped waiting for it.
var errWALBusy = errors.New("WAL still in use")

// truncateWAL copies the whole WAL into the database file and empties it,
// so the WAL no longer holds pages as they were before an erasure. When it
// cannot finish, walErased stays set and each tick of the background loop
// (checkpoint.go) tries again instead of its passive checkpoint, logging
// nothing more.
func (db *DB) truncateWAL(ctx context.Context) {
	retry := db.walErased.Swap(true)
	err := db.truncateOnce(ctx)
	if err != nil {
		if !retry && ctx.Err() == nil {
			db.log.Warn("WAL do SQLite não esvaziado após exclusão; nova tentativa no próximo checkpoint", "err", err)
		}
		return
	}
	db.walErased.Store(false)
}

// truncateOnce runs one truncating checkpoint on a reading connection that
// waits truncateWait for locks, not busyTimeout, and then waits as before.
func (db *DB) truncateOnce(ctx context.Context) error {
	conn, err := db.read.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA busy_timeout = %d`, truncateWait.Milliseconds())); err != nil {
		return err
	}
	defer func() {
		if _, err := conn.ExecContext(context.Background(), fmt.Sprintf(`PRAGMA busy_timeout = %d`, busyTimeout.Milliseconds())); err != nil {
			// Never back into the pool with the short wait.
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	var busy, frames, copied int
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &frames, &copied); err != nil {
		return err
	}
	if busy != 0 {
		return errWALBusy
	}
	return nil
}
