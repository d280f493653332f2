package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Audit is what a raffle's public audit record is made from: its completed
// and abandoned rounds, every winner, and the pool (without e-mails) the
// first draw was drawn from.
type Audit struct {
	Raffle protocol.Raffle
	// DeletedAt is when the owner deleted the raffle; its record stays.
	DeletedAt *int64
	Rounds    []protocol.Round // completed only, in order
	Abandoned []protocol.Round // abandoned only, in order
	Winners   []protocol.Winner
	// Pool is every ticket in canonical order: the first draw's pool, from
	// which each redraw's is derived (draw.VerifyExport).
	Pool []draw.Ticket
	// Version changes whenever anything in the record may have changed.
	Version string
}

// auditFormat is part of every version, so a server that answers in a new
// format never matches a validator of the old one.
const auditFormat = "a3"

// auditRaffle finds the raffle whose record is public under that code: any
// raffle, and a deleted one only if it had a round (its record outlives it).
func (db *DB) auditRaffle(ctx context.Context, tx *sql.Tx, code string) (raffleRow, error) {
	r, err := scanRaffle(tx.QueryRowContext(ctx, db.q(`SELECT `+raffleColumns+` FROM raffles WHERE code = ?
		AND (deleted_at IS NULL OR EXISTS (SELECT 1 FROM draws d WHERE d.raffle_id = raffles.id))`), code))
	if errors.Is(err, sql.ErrNoRows) {
		return r, &core.Error{Code: core.CodeNotFound}
	}
	return r, err
}

// version: the raffle's log moves with every op that changes its record
// (the deletion included), and its epoch with a compaction or restore.
func (r raffleRow) auditVersion() string {
	return fmt.Sprintf("%s-%d-%d", auditFormat, r.Epoch, r.HeadSeq)
}

// AuditVersion is the current version of the record under that code, read
// without the rounds or the pool, so an unchanged record costs one row.
func (db *DB) AuditVersion(ctx context.Context, code string) (string, error) {
	var v string
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := db.auditRaffle(ctx, tx, code)
		v = r.auditVersion()
		return err
	})
	return v, err
}

// PublicAudit reads the audit of the raffle with that code, in one view.
func (db *DB) PublicAudit(ctx context.Context, code string) (Audit, error) {
	var a Audit
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := db.auditRaffle(ctx, tx, code)
		if err != nil {
			return err
		}
		// The record names the raffle by its owner's id, as the devices' own copies do.
		a.Raffle, a.DeletedAt, a.Version = r.owned(), r.DeletedAt, r.auditVersion()
		rounds, winners, err := db.drawHistory(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		// An open round has no winners yet and publishes no seeds.
		a.Rounds, a.Abandoned, a.Winners = []protocol.Round{}, []protocol.Round{}, winners
		for _, rd := range rounds {
			switch {
			case rd.AbandonedAt != nil:
				a.Abandoned = append(a.Abandoned, rd)
			case !rd.Open():
				a.Rounds = append(a.Rounds, rd)
			}
		}
		if len(a.Rounds) > 0 {
			a.Pool, err = db.readPool(ctx, tx, r.ID, r.Tickets, true)
		}
		return err
	})
	return a, err
}
