package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

const raffleColumns = `id, owner_id, code, title, description, type, status, winners_count, countdown_seconds,
	allow_duplicate_wins, drawn_at, created_at, deleted_at, head_seq, epoch, feed_seq, tickets, groups_count`

// RaffleRow is a raffle with its sync bookkeeping.
type RaffleRow struct {
	protocol.Raffle
	HeadSeq int64
	Epoch   int64
	FeedSeq int64
	Tickets int
	Groups  int
}

type rowScanner interface {
	Scan(dest ...any) error
}

func scanRaffle(row rowScanner) (RaffleRow, error) {
	var r RaffleRow
	var drawn, deleted sql.NullInt64
	err := row.Scan(&r.ID, &r.OwnerID, &r.Code, &r.Title, &r.Description, &r.Type, &r.Status,
		&r.WinnersCount, &r.CountdownSeconds, &r.AllowDuplicateWins, &drawn, &r.CreatedAt, &deleted,
		&r.HeadSeq, &r.Epoch, &r.FeedSeq, &r.Tickets, &r.Groups)
	if err != nil {
		return r, err
	}
	if drawn.Valid {
		r.DrawnAt = &drawn.Int64
	}
	r.Deleted = deleted.Valid
	return r, nil
}

// OwnedRaffle returns a raffle of the owner; another owner's raffle, a
// deleted one and a missing one all answer CodeNotFound alike.
func (db *DB) OwnedRaffle(ctx context.Context, ownerID, raffleID string) (RaffleRow, error) {
	r, err := scanRaffle(db.sql.QueryRowContext(ctx,
		db.q(`SELECT `+raffleColumns+` FROM raffles WHERE id = ? AND owner_id = ? AND deleted_at IS NULL`), raffleID, ownerID))
	if errors.Is(err, sql.ErrNoRows) {
		return RaffleRow{}, &core.Error{Code: core.CodeNotFound}
	}
	return r, db.wrap(err)
}

// SetEpoch moves a raffle's log to a new epoch, as a compaction or a restore
// does: clients holding older cursors are told to refetch the snapshot.
func (db *DB) SetEpoch(ctx context.Context, raffleID string, epoch int64) error {
	_, err := db.sql.ExecContext(ctx, db.q(`UPDATE raffles SET epoch = ? WHERE id = ?`), epoch, raffleID)
	return db.wrap(err)
}

// SetRaffleStatus moves a raffle's status. The draw ops use it; tests use it
// to reach the started states.
func (db *DB) SetRaffleStatus(ctx context.Context, raffleID, status string) error {
	_, err := db.sql.ExecContext(ctx, db.q(`UPDATE raffles SET status = ? WHERE id = ?`), status, raffleID)
	return db.wrap(err)
}

// CountChanges counts a raffle's log entries (tests prove nothing doubled).
func (db *DB) CountChanges(ctx context.Context, raffleID string) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM changes WHERE raffle_id = ?`), raffleID).Scan(&n)
	return n, db.wrap(err)
}

// CountDrawRows counts a raffle's rounds and winners (tests check that a
// deletion or a refused op leaves none behind).
func (db *DB) CountDrawRows(ctx context.Context, raffleID string) (draws, winners int, err error) {
	err = db.sql.QueryRowContext(ctx, db.q(`SELECT (SELECT COUNT(*) FROM draws WHERE raffle_id = ?),
		(SELECT COUNT(*) FROM winners WHERE raffle_id = ?)`), raffleID, raffleID).Scan(&draws, &winners)
	return draws, winners, db.wrap(err)
}

// LoggedOpIDs lists the op id of every log entry of every raffle (tests check
// that each applied op is logged exactly once).
func (db *DB) LoggedOpIDs(ctx context.Context) ([]string, error) {
	rows, err := db.sql.QueryContext(ctx, `SELECT op_id FROM changes`)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, db.wrap(err)
		}
		out = append(out, id)
	}
	return out, db.wrap(rows.Err())
}

// liveRaffles counts the account's raffles that are not deleted. On
// PostgreSQL the user's row is locked first, so two devices creating at
// once cannot both take the last place of the quota (SQLite has one writer).
func (db *DB) liveRaffles(ctx context.Context, tx *sql.Tx, userID string) (int, error) {
	if db.dialect == postgresDialect {
		if _, err := tx.ExecContext(ctx, db.q(`SELECT 1 FROM users WHERE id = ? FOR UPDATE`), userID); err != nil {
			return 0, err
		}
	}
	var n int
	err := tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM raffles WHERE owner_id = ? AND deleted_at IS NULL`), userID).Scan(&n)
	return n, err
}
