package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Change is one entry of a raffle's log.
type Change struct {
	Seq     int64           `json:"seq"`
	OpID    string          `json:"op_id"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	At      int64           `json:"at"`
}

// ChangesPage is one page of a raffle's log after a cursor. Refetch is set
// when the cursor's epoch is not the log's: the client must load the snapshot.
type ChangesPage struct {
	Changes []Change
	Cursor  protocol.Cursor
	More    bool
	Refetch bool
}

// Changes returns up to limit changes of the owner's raffle after the cursor.
func (db *DB) Changes(ctx context.Context, ownerID, raffleID string, after protocol.Cursor, limit int) (ChangesPage, error) {
	var page ChangesPage
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var key string
		var epoch, head int64
		err := tx.QueryRowContext(ctx, db.q(`SELECT id, epoch, head_seq FROM raffles WHERE local_id = ? AND owner_id = ? AND deleted_at IS NULL`),
			raffleID, ownerID).Scan(&key, &epoch, &head)
		if errors.Is(err, sql.ErrNoRows) {
			return &core.Error{Code: core.CodeNotFound}
		}
		if err != nil {
			return err
		}
		// A cursor from the start (epoch 0) is valid for any epoch whose log
		// still begins at 1; a cursor of another epoch, or past the head, is not.
		if (after.Epoch != 0 && after.Epoch != epoch) || after.Seq > head {
			page.Refetch = true
			return nil
		}
		rows, err := tx.QueryContext(ctx, db.q(`SELECT seq, op_id, type, payload, at FROM changes
			WHERE raffle_id = ? AND seq > ? ORDER BY seq LIMIT ?`), key, after.Seq, limit+1)
		if err != nil {
			return err
		}
		defer rows.Close()
		page.Changes = []Change{}
		for rows.Next() {
			var c Change
			var payload string
			if err := rows.Scan(&c.Seq, &c.OpID, &c.Type, &payload, &c.At); err != nil {
				return err
			}
			c.Payload = json.RawMessage(payload)
			page.Changes = append(page.Changes, c)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if after.Epoch == 0 && after.Seq == 0 && len(page.Changes) > 0 && page.Changes[0].Seq != 1 {
			page.Refetch = true // the log was compacted: its start is gone
			page.Changes = nil
			return nil
		}
		if len(page.Changes) > limit {
			page.Changes, page.More = page.Changes[:limit], true
		}
		page.Cursor = protocol.Cursor{Epoch: epoch, Seq: after.Seq}
		if n := len(page.Changes); n > 0 {
			page.Cursor.Seq = page.Changes[n-1].Seq
		}
		return nil
	})
	return page, err
}

// Participant is one stored ticket.
type Participant struct {
	ID           string  `json:"id"`
	GroupID      string  `json:"group_id"`
	Name         string  `json:"name"`
	Email        *string `json:"email"`
	TicketNumber *string `json:"ticket_number"`
	CreatedAt    int64   `json:"created_at"`
}

// Snapshot is a raffle as it is now, with the cursor of its log at that moment.
type Snapshot struct {
	Raffle       protocol.Raffle `json:"raffle"`
	HeadSeq      int64           `json:"head_seq"`
	Participants []Participant   `json:"participants"`
	// Draws are every round, open or completed; seeds only once completed.
	Draws   []protocol.Round  `json:"draws"`
	Winners []protocol.Winner `json:"winners"`
	Cursor  string            `json:"cursor"`
}

// Snapshot reads the owner's raffle and all its participants in one view.
func (db *DB) Snapshot(ctx context.Context, ownerID, raffleID string) (Snapshot, error) {
	var snap Snapshot
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := scanRaffle(tx.QueryRowContext(ctx,
			db.q(`SELECT `+raffleColumns+` FROM raffles WHERE local_id = ? AND owner_id = ? AND deleted_at IS NULL`), raffleID, ownerID))
		if errors.Is(err, sql.ErrNoRows) {
			return &core.Error{Code: core.CodeNotFound}
		}
		if err != nil {
			return err
		}
		snap.Raffle, snap.HeadSeq, raffleID = r.owned(), r.HeadSeq, r.ID
		snap.Cursor = protocol.Cursor{Epoch: r.Epoch, Seq: r.HeadSeq}.String()
		rows, err := tx.QueryContext(ctx, db.q(`SELECT id, group_id, name, email, ticket_number, created_at
			FROM participants WHERE raffle_id = ? ORDER BY created_at, id`), raffleID)
		if err != nil {
			return err
		}
		defer rows.Close()
		snap.Participants = make([]Participant, 0, r.Tickets)
		for rows.Next() {
			var p Participant
			var email, num sql.NullString
			if err := rows.Scan(&p.ID, &p.GroupID, &p.Name, &email, &num, &p.CreatedAt); err != nil {
				return err
			}
			if email.Valid {
				p.Email = &email.String
			}
			if num.Valid {
				p.TicketNumber = &num.String
			}
			snap.Participants = append(snap.Participants, p)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		snap.Draws, snap.Winners, err = db.drawHistory(ctx, tx, raffleID)
		return err
	})
	return snap, err
}

// FeedEntry is one raffle in an account's feed.
type FeedEntry struct {
	protocol.Raffle
	HeadSeq int64 `json:"head_seq"`
	Deleted bool  `json:"deleted"`
}

// FeedPage is the account's raffles changed after a feed cursor.
type FeedPage struct {
	Raffles []FeedEntry
	Cursor  protocol.Cursor
	More    bool
}

// Feed lists the owner's raffles whose feed position is after the cursor,
// deleted ones included (so other devices drop them).
func (db *DB) Feed(ctx context.Context, ownerID string, after protocol.Cursor, limit int) (FeedPage, error) {
	page := FeedPage{Raffles: []FeedEntry{}, Cursor: after}
	rows, err := db.read.QueryContext(ctx, db.q(`SELECT `+raffleColumns+` FROM raffles
		WHERE owner_id = ? AND feed_seq > ? ORDER BY feed_seq LIMIT ?`), ownerID, after.Seq, limit+1)
	if err != nil {
		return page, db.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRaffle(rows)
		if err != nil {
			return page, db.wrap(err)
		}
		if len(page.Raffles) == limit {
			page.More = true
			break
		}
		page.Raffles = append(page.Raffles, FeedEntry{Raffle: r.owned(), HeadSeq: r.HeadSeq, Deleted: r.Deleted})
		page.Cursor.Seq = r.FeedSeq
	}
	return page, db.wrap(rows.Err())
}
