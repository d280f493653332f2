package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

const raffleColumns = `id, owner_id, code, title, description, type, status, winners_count, countdown_seconds,
	allow_duplicate_wins, drawn_at, created_at, deleted_at, head_seq, epoch, feed_seq, tickets, groups_count, local_id,
	prizes, alternates_count, draw_method, federal`

// raffleRow is a raffle with its sync bookkeeping. Its ID is the server's
// key; LocalID is the id its owner's devices use (migration 0012).
type raffleRow struct {
	protocol.Raffle
	LocalID string
	HeadSeq int64
	Epoch   int64
	FeedSeq int64
	Tickets int
	Groups  int
	// DeletedAt is when the owner deleted the raffle (Unix ms), or nil.
	DeletedAt *int64
}

type rowScanner interface {
	Scan(dest ...any) error
}

func scanRaffle(row rowScanner) (raffleRow, error) {
	var r raffleRow
	var drawn, deleted sql.NullInt64
	var prizes, method string
	var federal sql.NullString
	err := row.Scan(&r.ID, &r.OwnerID, &r.Code, &r.Title, &r.Description, &r.Type, &r.Status,
		&r.WinnersCount, &r.CountdownSeconds, &r.AllowDuplicateWins, &drawn, &r.CreatedAt, &deleted,
		&r.HeadSeq, &r.Epoch, &r.FeedSeq, &r.Tickets, &r.Groups, &r.LocalID, &prizes, &r.AlternatesCount, &method, &federal)
	if err != nil {
		return r, err
	}
	// The seeded draw is every raffle's unless it chose another: it reads as
	// no method, so raffles that never chose look as they always did.
	if method != protocol.MethodSeeded {
		r.DrawMethod = method
	}
	if r.Federal, err = decodeFederal(federal); err != nil {
		return r, err
	}
	if r.Prizes, err = decodePrizes(prizes); err != nil {
		return r, err
	}
	if drawn.Valid {
		r.DrawnAt = &drawn.Int64
	}
	r.Deleted = deleted.Valid
	if deleted.Valid {
		r.DeletedAt = &deleted.Int64
	}
	return r, nil
}

// owned is the raffle as its owner's devices know it: under their id.
func (r raffleRow) owned() protocol.Raffle {
	out := r.Raffle
	out.ID = r.LocalID
	return out
}

// createRaffle inserts a new raffle under the owner's id (r.ID) and returns
// its server key. The key is that id unless another account's raffle already
// has it as its key; then it is a fresh one. Both cases run the same queries
// and answer the same, so a create tells nothing about other accounts
// (docs/sync-protocol.md, "Another account's ids"). A taken code is replaced
// by a random free one (the client adopts it); the insert itself decides, so
// two devices creating raffles with one code at the same moment cannot both
// get it. created is false when the owner already has a raffle with that id.
func (db *DB) createRaffle(ctx context.Context, tx *sql.Tx, r protocol.Raffle, now time.Time) (key, code string, created bool, err error) {
	key, code = r.ID, r.Code
	var one int
	for try := 0; try < 50; try++ {
		// Checked on every try: a concurrent create may have taken the key.
		switch err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM raffles WHERE id = ?`), key).Scan(&one); {
		case err == nil:
			key = core.NewID(now)
		case !errors.Is(err, sql.ErrNoRows):
			return "", "", false, err
		}
		res, err := tx.ExecContext(ctx, db.q(`INSERT INTO raffles (id, local_id, owner_id, code, title, description, type, status,
			winners_count, countdown_seconds, allow_duplicate_wins, created_at, updated_at, prizes, alternates_count)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`),
			key, r.ID, r.OwnerID, code, r.Title, r.Description, r.Type, r.Status, r.WinnersCount, r.CountdownSeconds,
			r.AllowDuplicateWins, r.CreatedAt, millis(now), encodePrizes(r.Prizes), r.AlternatesCount)
		if err != nil {
			return "", "", false, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return key, code, err == nil, err
		}
		err = tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM raffles WHERE owner_id = ? AND local_id = ?`), r.OwnerID, r.ID).Scan(&one)
		if err == nil {
			return "", "", false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", "", false, err
		}
		code = protocol.NewCode()
	}
	return "", "", false, errors.New("no free raffle code after 50 tries")
}

// updateRaffle writes a raffle's editable settings.
func (db *DB) updateRaffle(ctx context.Context, tx *sql.Tx, r protocol.Raffle) error {
	return db.exec(ctx, tx, `UPDATE raffles SET title = ?, description = ?, winners_count = ?, countdown_seconds = ?,
		allow_duplicate_wins = ?, prizes = ?, alternates_count = ?, draw_method = ?, federal = ? WHERE id = ?`, r.Title, r.Description, r.WinnersCount,
		r.CountdownSeconds, r.AllowDuplicateWins, encodePrizes(r.Prizes), r.AlternatesCount, methodColumn(r.DrawMethod),
		encodeFederal(r.Federal), r.ID)
}

// methodColumn is the draw_method column: 'seeded' unless another was chosen.
func methodColumn(m string) string {
	if m == "" {
		return protocol.MethodSeeded
	}
	return m
}

// encodeFederal is a federal column: the settings as JSON, or null.
func encodeFederal(f *protocol.FederalSettings) any {
	if f == nil {
		return nil
	}
	b, _ := json.Marshal(f) // ints and strings cannot fail
	return string(b)
}

// decodeFederal reads a federal column.
func decodeFederal(s sql.NullString) (*protocol.FederalSettings, error) {
	if !s.Valid {
		return nil, nil
	}
	var f protocol.FederalSettings
	if err := json.Unmarshal([]byte(s.String), &f); err != nil {
		return nil, fmt.Errorf("federal settings: %w", err)
	}
	return &f, nil
}

// encodePrizes is the prizes column: a JSON list in position order.
func encodePrizes(p []protocol.Prize) string {
	if len(p) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(p) // a list of ints and strings cannot fail
	return string(b)
}

// decodePrizes reads the prizes column; a raffle has a list, never null.
func decodePrizes(s string) ([]protocol.Prize, error) {
	out := []protocol.Prize{}
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, fmt.Errorf("raffle prizes: %w", err)
	}
	return out, nil
}

// deleteRaffle makes the raffle a tombstone. A raffle that had a round keeps
// its public record (rounds, winners and the pool they were drawn from, whose
// digest covers the names) so a deletion never hides a draw; the e-mails,
// never public, go, and so do the invalidation reasons. Any other raffle
// loses its participants. Either way its log keeps no payload (eraseLog);
// the caller runs afterErasure once this has committed.
func (db *DB) deleteRaffle(ctx context.Context, tx *sql.Tx, raffleID string, now time.Time) error {
	if err := db.eraseLog(ctx, tx, raffleID); err != nil {
		return err
	}
	var rounds int
	if err := tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM draws WHERE raffle_id = ?`), raffleID).Scan(&rounds); err != nil {
		return err
	}
	if rounds > 0 {
		if err := db.forgetReasons(ctx, tx, raffleID); err != nil {
			return err
		}
		if err := db.exec(ctx, tx, `UPDATE participants SET email = NULL, phone = NULL WHERE raffle_id = ? AND (email IS NOT NULL OR phone IS NOT NULL)`, raffleID); err != nil {
			return err
		}
		return db.exec(ctx, tx, `UPDATE raffles SET deleted_at = ? WHERE id = ?`, millis(now), raffleID)
	}
	if err := db.exec(ctx, tx, `DELETE FROM participants WHERE raffle_id = ?`, raffleID); err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE raffles SET deleted_at = ?, tickets = 0, groups_count = 0 WHERE id = ?`, millis(now), raffleID)
}

// liveRaffles counts the account's raffles that are not deleted. On
// PostgreSQL the user's row is locked first, so two devices creating at
// once cannot both take the last place of the quota (SQLite has one writer).
// The lock is the one advanceHead's UPDATE takes anyway (FOR NO KEY UPDATE):
// a stronger one would conflict with the key-share locks that inserts
// referencing the user hold, and deadlock with them.
func (db *DB) liveRaffles(ctx context.Context, tx *sql.Tx, userID string) (int, error) {
	if db.dialect == postgresDialect {
		if _, err := tx.ExecContext(ctx, db.q(`SELECT 1 FROM users WHERE id = ? FOR NO KEY UPDATE`), userID); err != nil {
			return 0, err
		}
	}
	var n int
	err := tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM raffles WHERE owner_id = ? AND deleted_at IS NULL`), userID).Scan(&n)
	return n, err
}
