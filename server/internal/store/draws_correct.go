package store

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/sorteio/sorteio/sync/protocol"
)

// correctRound stores a Loteria Federal correction (draw.correct): the
// replaced round keeps its winners in its own row with the time of the
// correction, they leave the winners table (which holds the winners in
// force), and the new round is stored completed with its winners.
func (db *DB) correctRound(ctx context.Context, tx *sql.Tx, raffleID string, old protocol.Round, c *protocol.DrawCorrected) error {
	kept, err := json.Marshal(old.Completion.Winners)
	if err != nil {
		return err
	}
	if err := db.exec(ctx, tx, `UPDATE draws SET replaced_at = ?, replaced_by = ?, replaced_winners = ? WHERE raffle_id = ? AND id = ?`,
		c.ReplacedAt, c.DrawID, string(kept), raffleID, old.DrawID); err != nil {
		return err
	}
	if err := db.exec(ctx, tx, `DELETE FROM winners WHERE raffle_id = ? AND draw_id = ?`, raffleID, old.DrawID); err != nil {
		return err
	}
	if err := db.startRound(ctx, tx, c.Round(raffleID)); err != nil {
		return err
	}
	if err := db.exec(ctx, tx, `UPDATE draws SET replaces = ? WHERE raffle_id = ? AND id = ?`, c.Replaces, raffleID, c.DrawID); err != nil {
		return err
	}
	return db.completeRound(ctx, tx, raffleID, protocol.KindDraw, &protocol.DrawCompleted{DrawID: c.DrawID, Completion: c.Completion})
}

// replacedColumns reads a round's replacement columns: a replaced round's
// winners come from its own row, no longer from the winners table.
func replacedColumns(rd *protocol.Round, at sql.NullInt64, by, winners, replaces sql.NullString) error {
	rd.Replaces = replaces.String
	if !at.Valid {
		return nil
	}
	rd.ReplacedAt, rd.ReplacedBy = &at.Int64, by.String
	if rd.Completion == nil || !winners.Valid {
		return nil
	}
	return json.Unmarshal([]byte(winners.String), &rd.Completion.Winners)
}

// PublicCorrection is a Loteria Federal result a correction replaced: the
// public page says the result was corrected, and when, never silently.
type PublicCorrection struct {
	RoundID    string
	ReplacedBy string
	ReplacedAt int64
	Prizes     []string
}

// publicCorrections reads the raffle's replaced results, oldest first.
func (db *DB) publicCorrections(ctx context.Context, tx *sql.Tx, raffleID string) ([]PublicCorrection, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT id, replaced_by, replaced_at, prizes FROM draws
		WHERE raffle_id = ? AND replaced_at IS NOT NULL ORDER BY round_no`), raffleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PublicCorrection{}
	for rows.Next() {
		var c PublicCorrection
		var prizes sql.NullString
		if err := rows.Scan(&c.RoundID, &c.ReplacedBy, &c.ReplacedAt, &prizes); err != nil {
			return nil, err
		}
		if prizes.Valid {
			if err := json.Unmarshal([]byte(prizes.String), &c.Prizes); err != nil {
				return nil, err
			}
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
