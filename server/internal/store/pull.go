package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"strings"

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

// Snapshot is a raffle as it is now, with the cursor of its log at that moment.
// Its tickets are in columns, in list order (created_at, then id); the sync
// handler sends them in the format the device asked for.
type Snapshot struct {
	Raffle  protocol.Raffle
	HeadSeq int64
	Tickets protocol.TicketColumns
	// Draws are every round, open or completed; seeds only once completed.
	Draws   []protocol.Round
	Winners []protocol.Winner
	Cursor  string
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
		if snap.Tickets, err = db.ticketColumns(ctx, tx, raffleID, r.Tickets); err != nil {
			return err
		}
		snap.Draws, snap.Winners, err = db.drawHistory(ctx, tx, raffleID)
		return err
	})
	return snap, err
}

// ticketColumns reads a raffle's tickets (about n) in list order. The rows are
// sorted here, not by the query: ORDER BY created_at, id is the costly part
// of a large read on both databases (PostgreSQL compares the ids by its
// collation; SQLite sorts whole rows), and Go sorts the columns cheaply.
func (db *DB) ticketColumns(ctx context.Context, tx *sql.Tx, raffleKey string, n int) (protocol.TicketColumns, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT id, group_id, name, email, ticket_number, phone, created_at
		FROM participants WHERE raffle_id = ?`), raffleKey)
	if err != nil {
		return protocol.TicketColumns{}, err
	}
	defer rows.Close()
	tickets := make([]protocol.SnapshotTicket, 0, n)
	for rows.Next() {
		var p protocol.SnapshotTicket
		var email, num, phone sql.NullString
		if err := rows.Scan(&p.ID, &p.GroupID, &p.Name, &email, &num, &phone, &p.CreatedAt); err != nil {
			return protocol.TicketColumns{}, err
		}
		p.Phone = nullString(phone)
		if email.Valid {
			p.Email = &email.String
		}
		if num.Valid {
			p.TicketNumber = &num.String
		}
		tickets = append(tickets, p)
	}
	if err := rows.Err(); err != nil {
		return protocol.TicketColumns{}, err
	}
	// List order: created_at, then id byte by byte (the devices compare code units: the same for ids).
	slices.SortFunc(tickets, func(a, b protocol.SnapshotTicket) int {
		return cmp.Or(cmp.Compare(a.CreatedAt, b.CreatedAt), strings.Compare(a.ID, b.ID))
	})
	return protocol.ColumnsOf(tickets), nil
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
