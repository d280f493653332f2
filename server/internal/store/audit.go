package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Audit is what a raffle's public audit record is made from: its completed
// rounds, every winner, and the pool (without e-mails) they were drawn from.
type Audit struct {
	Raffle  protocol.Raffle
	Rounds  []protocol.Round // completed only, in order
	Winners []protocol.Winner
	// Pool is every ticket in canonical order; each round's pool is drawn
	// from it (protocol.RoundPool).
	Pool []draw.Ticket
}

// PublicAudit reads the audit of the raffle with that code, in one view. A
// deleted raffle is not found, like a missing one.
func (db *DB) PublicAudit(ctx context.Context, code string) (Audit, error) {
	var a Audit
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := scanRaffle(tx.QueryRowContext(ctx,
			db.q(`SELECT `+raffleColumns+` FROM raffles WHERE code = ? AND deleted_at IS NULL`), code))
		if errors.Is(err, sql.ErrNoRows) {
			return &core.Error{Code: core.CodeNotFound}
		}
		if err != nil {
			return err
		}
		a.Raffle = r.Raffle
		rounds, winners, err := db.drawHistory(ctx, tx, r.ID)
		if err != nil {
			return err
		}
		// An open round has no winners yet and publishes no seeds.
		a.Rounds, a.Winners = []protocol.Round{}, winners
		for _, rd := range rounds {
			if !rd.Open() {
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
