package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Refused offline rounds (docs/draw-algorithm.md §11): a round a device drew
// offline whose start the server refused is kept for the public record, and
// its completion, refused in turn, adds the seed and the winners the device
// showed. Nothing here counts toward a raffle's winners.

// maxRefusedRounds bounds the refused rounds one raffle keeps: its owner's
// devices alone can add them, and the record must stay small.
const maxRefusedRounds = 1000

// keepRefusal stores the refused round a rejected op opens, or reveals a kept
// one its offline completion names (protocol.RefusedRound,
// protocol.RevealRefused); other rejections keep nothing. raffleKey is the
// raffle's server key.
func (db *DB) keepRefusal(ctx context.Context, tx *sql.Tx, raffleKey string, m protocol.Mutation, st protocol.State, reason string) error {
	if r, ok := protocol.RefusedRound(m, st, reason); ok {
		return db.insertRefusedRound(ctx, tx, raffleKey, r)
	}
	c, ok := protocol.RefusedCompletion(m, reason)
	if !ok {
		return nil
	}
	r, found, err := db.refusedRound(ctx, tx, raffleKey, c.DrawID)
	if err != nil || !found {
		return err
	}
	winners, ok := protocol.RevealRefused(c, r)
	if !ok {
		return nil
	}
	if err := db.labelTickets(ctx, tx, raffleKey, winners); err != nil {
		return err
	}
	return db.revealRefusedRound(ctx, tx, raffleKey, c.DrawID, c.ClientSeed, winners, st.Now)
}

// insertRefusedRound stores a refused round; a draw id the raffle already
// kept, and any past the bound, are left out.
func (db *DB) insertRefusedRound(ctx context.Context, tx *sql.Tx, raffleKey string, r draw.Refused) error {
	var n int
	if err := tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM refused_rounds WHERE raffle_id = ?`), raffleKey).Scan(&n); err != nil {
		return err
	}
	if n >= maxRefusedRounds {
		db.log.Warn("refused round not kept: the raffle holds the most", "raffle", raffleKey, "draw_id", r.DrawID)
		return nil
	}
	positions, err := json.Marshal(r.Positions)
	if err != nil {
		return err
	}
	return db.exec(ctx, tx, `INSERT INTO refused_rounds (raffle_id, draw_id, kind, positions, client_commitment, pool_digest,
		pool_size, reason, device_at, refused_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (raffle_id, draw_id) DO NOTHING`,
		raffleKey, r.DrawID, r.Kind, string(positions), r.ClientCommitment, r.PoolDigest, r.PoolSize, r.Reason, r.DeviceAt, r.RefusedAt)
}

// revealRefusedRound adds a kept round's revealed seed and winners, once.
func (db *DB) revealRefusedRound(ctx context.Context, tx *sql.Tx, raffleKey, drawID, seed string, winners []draw.RefusedWinner, at int64) error {
	body, err := json.Marshal(winners)
	if err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE refused_rounds SET client_seed = ?, winners = ?, revealed_at = ?
		WHERE raffle_id = ? AND draw_id = ? AND client_seed IS NULL`, seed, string(body), at, raffleKey, drawID)
}

// labelTickets fills in each winner's number and name from the raffle's
// ticket of that id; a ticket the server never had keeps neither.
func (db *DB) labelTickets(ctx context.Context, tx *sql.Tx, raffleKey string, winners []draw.RefusedWinner) error {
	for i := range winners {
		var num sql.NullString
		var name string
		err := tx.QueryRowContext(ctx, db.q(`SELECT ticket_number, name FROM participants WHERE raffle_id = ? AND id = ?`),
			raffleKey, winners[i].TicketID).Scan(&num, &name)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return err
		}
		winners[i].Name = name
		if num.Valid {
			winners[i].TicketNumber = &num.String
		}
	}
	return nil
}

const refusedColumns = `draw_id, kind, positions, client_commitment, pool_digest, pool_size, reason, device_at, refused_at,
	client_seed, winners, revealed_at`

// refusedRound reads one kept round of the raffle.
func (db *DB) refusedRound(ctx context.Context, tx *sql.Tx, raffleKey, drawID string) (draw.Refused, bool, error) {
	r, err := scanRefused(tx.QueryRowContext(ctx, db.q(`SELECT `+refusedColumns+` FROM refused_rounds
		WHERE raffle_id = ? AND draw_id = ?`), raffleKey, drawID))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, err
}

// refusedRounds reads a raffle's kept rounds in the order they were refused.
func (db *DB) refusedRounds(ctx context.Context, tx *sql.Tx, raffleKey string) ([]draw.Refused, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT `+refusedColumns+` FROM refused_rounds WHERE raffle_id = ?
		ORDER BY refused_at, draw_id`), raffleKey)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []draw.Refused{}
	for rows.Next() {
		r, err := scanRefused(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func scanRefused(row interface{ Scan(...any) error }) (draw.Refused, error) {
	var r draw.Refused
	var positions string
	var seed, winners sql.NullString
	var revealed sql.NullInt64
	if err := row.Scan(&r.DrawID, &r.Kind, &positions, &r.ClientCommitment, &r.PoolDigest, &r.PoolSize, &r.Reason,
		&r.DeviceAt, &r.RefusedAt, &seed, &winners, &revealed); err != nil {
		return r, err
	}
	r.ClientSeed, r.Winners = seed.String, []draw.RefusedWinner{}
	if revealed.Valid {
		r.RevealedAt = &revealed.Int64
	}
	if err := json.Unmarshal([]byte(positions), &r.Positions); err != nil {
		return r, err
	}
	if winners.Valid {
		return r, json.Unmarshal([]byte(winners.String), &r.Winners)
	}
	return r, nil
}

// refusedVersion counts a raffle's kept and revealed rounds: neither moves
// its log (they are rejections), so the record's version adds them.
func (db *DB) refusedVersion(ctx context.Context, tx *sql.Tx, raffleKey string) (kept, revealed int, err error) {
	err = tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*), COUNT(client_seed) FROM refused_rounds WHERE raffle_id = ?`), raffleKey).
		Scan(&kept, &revealed)
	return kept, revealed, err
}
