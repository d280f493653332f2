package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// loadDrawState adds what the draw rules need to st: the raffle's rounds and
// winners, whether a new round's id is taken in this raffle, and the pool when the op can
// get as far as using it.
func (db *DB) loadDrawState(ctx context.Context, tx *sql.Tx, raffleID string, m protocol.Mutation, st *protocol.State) error {
	var err error
	if st.Rounds, st.Winners, err = db.drawHistory(ctx, tx, raffleID); err != nil {
		return err
	}
	if id := protocol.NewDrawID(m); id != "" {
		var one int
		err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM draws WHERE raffle_id = ? AND id = ?`), raffleID, id).Scan(&one)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		st.DrawIDTaken = err == nil
	}
	if need := protocol.NeedsPool(m, *st); need != protocol.PoolNone {
		st.Pool, err = db.readPool(ctx, tx, raffleID, st.Tickets, need == protocol.PoolFull)
	}
	return err
}

// startRound stores a new round (a draw or a redraw); a draw moves the
// raffle to in progress.
func (db *DB) startRound(ctx context.Context, tx *sql.Tx, rd protocol.Round) error {
	positions, err := json.Marshal(rd.Positions)
	if err != nil {
		return err
	}
	if err := db.exec(ctx, tx, `INSERT INTO draws (id, raffle_id, round_no, kind, positions, client_commitment,
		server_commitment, server_seed, offline, pool_digest, pool_size, winners_count, allow_duplicate_wins,
		countdown_seconds, started_at, alternates_count, method, federal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		rd.DrawID, rd.RaffleID, rd.Number, rd.Kind, string(positions), rd.ClientCommitment, rd.ServerCommitment,
		rd.Secret, rd.Offline, rd.PoolDigest, rd.PoolSize, rd.WinnersCount, rd.AllowDuplicateWins, rd.CountdownSeconds,
		rd.StartedAt, rd.AlternatesCount, methodColumn(rd.Method), encodeFederal(rd.Federal)); err != nil {
		return err
	}
	if rd.Kind != protocol.KindDraw {
		return nil
	}
	return db.exec(ctx, tx, `UPDATE raffles SET status = ? WHERE id = ?`, protocol.StatusInProgress, rd.RaffleID)
}

// completeRound stores a round's revealed seeds, its winners and its
// alternates (in order, a JSON list); a completed
// draw (kind) completes the raffle. The mode (offline) was stored by the
// start and the rules matched the completion to it.
func (db *DB) completeRound(ctx context.Context, tx *sql.Tx, raffleID, kind string, res *protocol.DrawCompleted) error {
	alternates, err := json.Marshal(nonNil(res.Alternates))
	if err != nil {
		return err
	}
	var devStarted, devCompleted, devOffset any
	if d := res.DeviceTimes; d != nil {
		devStarted, devCompleted = d.DeviceStartedAt, d.DeviceCompletedAt
		if d.DeviceClockOffset != nil {
			devOffset = *d.DeviceClockOffset
		}
	}
	if err := db.exec(ctx, tx, `UPDATE draws SET client_seed = ?, seed = ?, completed_at = ?, alternates = ?, prizes = ?,
		device_started_at = ?, device_completed_at = ?, device_clock_offset = ? WHERE raffle_id = ? AND id = ?`,
		res.ClientSeed, res.Seed, res.CompletedAt, string(alternates), encodeList(res.Prizes),
		devStarted, devCompleted, devOffset, raffleID, res.DrawID); err != nil {
		return err
	}
	if err := db.insertWinners(ctx, tx, raffleID, res); err != nil {
		return err
	}
	if kind != protocol.KindDraw {
		return nil
	}
	return db.exec(ctx, tx, `UPDATE raffles SET status = ?, drawn_at = ? WHERE id = ?`,
		protocol.StatusCompleted, res.CompletedAt, raffleID)
}

// encodeList is a nullable JSON list column: null for no list.
func encodeList(l []string) any {
	if l == nil {
		return nil
	}
	b, _ := json.Marshal(l) // strings cannot fail
	return string(b)
}

// nonNil stores an empty list, not null, for a round without alternates.
func nonNil(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

// invalidateWinner marks a winner invalid, with the organiser's reason.
func (db *DB) invalidateWinner(ctx context.Context, tx *sql.Tx, raffleID string, ev protocol.WinnerInvalidated) error {
	return db.exec(ctx, tx, `UPDATE winners SET is_valid = ?, invalidated_at = ?, invalidation_reason = ? WHERE raffle_id = ? AND id = ?`,
		false, ev.InvalidatedAt, nullable(ev.Reason), raffleID, ev.WinnerID)
}

// promoteAlternate stores an alternate called to a place: a valid winner of
// the first draw, under its own id, with the time of the call.
func (db *DB) promoteAlternate(ctx context.Context, tx *sql.Tx, raffleID string, p protocol.WinnerPromoted) error {
	drawID, _, _ := strings.Cut(p.WinnerID, ":")
	return db.exec(ctx, tx, `INSERT INTO winners (id, raffle_id, draw_id, position, ticket_id, is_valid, created_at, promoted_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.WinnerID, raffleID, drawID, p.Position, p.TicketID, true, p.PromotedAt, p.PromotedAt)
}

// abandonRound closes a round without a result; a first draw's raffle goes
// back to pending (a redraw's stays completed), so a new round can start.
func (db *DB) abandonRound(ctx context.Context, tx *sql.Tx, raffleID, kind string, ev protocol.DrawAbandoned) error {
	if err := db.exec(ctx, tx, `UPDATE draws SET abandoned_at = ? WHERE raffle_id = ? AND id = ?`, ev.AbandonedAt, raffleID, ev.DrawID); err != nil {
		return err
	}
	if kind != protocol.KindDraw {
		return nil
	}
	return db.exec(ctx, tx, `UPDATE raffles SET status = ? WHERE id = ?`, protocol.StatusPending, raffleID)
}

// insertWinners writes a completion's winners (at most 100) in one insert.
func (db *DB) insertWinners(ctx context.Context, tx *sql.Tx, raffleID string, res *protocol.DrawCompleted) error {
	var b strings.Builder
	b.WriteString(`INSERT INTO winners (id, raffle_id, draw_id, position, ticket_id, is_valid, created_at) VALUES `)
	args := make([]any, 0, len(res.Winners)*7)
	for i, w := range res.Winners {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?, ?, ?, ?, ?)")
		args = append(args, w.ID, raffleID, res.DrawID, w.Position, w.TicketID, true, res.CompletedAt)
	}
	return db.exec(ctx, tx, b.String(), args...)
}

// drawHistory reads a raffle's rounds in order, each completed one with its
// own winners, and every winner of the raffle.
func (db *DB) drawHistory(ctx context.Context, tx *sql.Tx, raffleID string) ([]protocol.Round, []protocol.Winner, error) {
	winners, err := db.raffleWinners(ctx, tx, raffleID)
	if err != nil {
		return nil, nil, err
	}
	rows, err := tx.QueryContext(ctx, db.q(`SELECT id, round_no, kind, positions, client_commitment, server_commitment,
		server_seed, client_seed, seed, offline, pool_digest, pool_size, winners_count, allow_duplicate_wins,
		countdown_seconds, started_at, completed_at, abandoned_at, alternates_count, alternates, method, federal, prizes,
		replaced_at, replaced_by, replaced_winners, replaces, device_started_at, device_completed_at, device_clock_offset
		FROM draws WHERE raffle_id = ? ORDER BY round_no`), raffleID)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	rounds := []protocol.Round{}
	for rows.Next() {
		rd := protocol.Round{RaffleID: raffleID}
		var positions, alternates string
		var clientSeed, seed, federal, prizes, replacedBy, replacedWinners, replaces sql.NullString
		var completed, abandoned, replacedAt, devStarted, devCompleted, devOffset sql.NullInt64
		var method string
		if err := rows.Scan(&rd.DrawID, &rd.Number, &rd.Kind, &positions, &rd.ClientCommitment, &rd.ServerCommitment,
			&rd.Secret, &clientSeed, &seed, &rd.Offline, &rd.PoolDigest, &rd.PoolSize, &rd.WinnersCount,
			&rd.AllowDuplicateWins, &rd.CountdownSeconds, &rd.StartedAt, &completed, &abandoned, &rd.AlternatesCount, &alternates,
			&method, &federal, &prizes, &replacedAt, &replacedBy, &replacedWinners, &replaces,
			&devStarted, &devCompleted, &devOffset); err != nil {
			return nil, nil, err
		}
		if method != protocol.MethodSeeded {
			rd.Method = method
		}
		if rd.Federal, err = decodeFederal(federal); err != nil {
			return nil, nil, err
		}
		if abandoned.Valid {
			rd.AbandonedAt = &abandoned.Int64
		}
		rd.AbandonableAt = rd.RevealDue() + db.abandonGrace.Milliseconds()
		if rd.Federal != nil {
			rd.AbandonableAt = rd.Federal.ExtractionAt
		}
		if err := json.Unmarshal([]byte(positions), &rd.Positions); err != nil {
			return nil, nil, err
		}
		if completed.Valid {
			c := &protocol.Completion{ClientSeed: clientSeed.String, ServerSeed: rd.Secret,
				Seed: seed.String, CompletedAt: completed.Int64, Winners: []protocol.WinnerRef{}}
			for _, w := range winners {
				// A called alternate is the first draw's, but not one it drew
				// as a winner: its record lists it as an alternate.
				if w.DrawID == rd.DrawID && w.PromotedAt == nil {
					c.Winners = append(c.Winners, protocol.WinnerRef{ID: w.ID, Position: w.Position, TicketID: w.TicketID})
				}
			}
			if err := json.Unmarshal([]byte(alternates), &c.Alternates); err != nil {
				return nil, nil, err
			}
			if len(c.Alternates) == 0 {
				c.Alternates = nil
			}
			if prizes.Valid {
				if err := json.Unmarshal([]byte(prizes.String), &c.Prizes); err != nil {
					return nil, nil, err
				}
			}
			if devStarted.Valid && devCompleted.Valid {
				c.DeviceTimes = &protocol.DeviceTimes{DeviceStartedAt: devStarted.Int64, DeviceCompletedAt: devCompleted.Int64, DeviceClockOffset: nullInt(devOffset)}
			}
			rd.Completion = c
		}
		if err := replacedColumns(&rd, replacedAt, replacedBy, replacedWinners, replaces); err != nil {
			return nil, nil, err
		}
		rounds = append(rounds, rd)
	}
	return rounds, winners, rows.Err()
}

// raffleWinners reads every winner of a raffle, valid or not, by position
// and then by round.
func (db *DB) raffleWinners(ctx context.Context, tx *sql.Tx, raffleID string) ([]protocol.Winner, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT w.id, w.draw_id, w.position, w.ticket_id, w.is_valid, w.invalidated_at,
		w.invalidation_reason, w.promoted_at FROM winners w JOIN draws d ON d.raffle_id = w.raffle_id AND d.id = w.draw_id
		WHERE w.raffle_id = ? ORDER BY w.position, w.created_at, d.round_no`), raffleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []protocol.Winner{}
	for rows.Next() {
		var w protocol.Winner
		var at, promoted sql.NullInt64
		var reason sql.NullString
		if err := rows.Scan(&w.ID, &w.DrawID, &w.Position, &w.TicketID, &w.IsValid, &at, &reason, &promoted); err != nil {
			return nil, err
		}
		w.PromotedAt = nullInt(promoted)
		if at.Valid {
			w.InvalidatedAt = &at.Int64
		}
		if reason.Valid {
			w.InvalidationReason = &reason.String
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// readPool reads the raffle's canonical pool: every ticket's id and group
// and, when full, its number and name (never the e-mail), in id order
// compared as bytes. Without full, an index alone answers: PostgreSQL's
// primary key (it carries group_id, 0016) in that order, SQLite's
// participants_raffle_group (raffle_id, group_id, id; 0017) in group order,
// which Canonical sorts (a second index in id order cost every ticket
// written more than the sort costs a draw).
func (db *DB) readPool(ctx context.Context, tx *sql.Tx, raffleID string, sizeHint int, full bool) ([]draw.Ticket, error) {
	from, order := " INDEXED BY participants_raffle_group", ""
	if db.dialect == postgresDialect {
		from, order = "", ` ORDER BY id COLLATE "C"`
	}
	cols := "id, group_id"
	if full {
		cols += ", ticket_number, name"
		from = ""
	}
	rows, err := tx.QueryContext(ctx, db.q(`SELECT `+cols+` FROM participants`+from+`
		WHERE raffle_id = ?`+order), raffleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	pool := make([]draw.Ticket, 0, sizeHint)
	for rows.Next() {
		var t draw.Ticket
		var num sql.NullString
		dest := []any{&t.ID, &t.GroupID}
		if full {
			dest = append(dest, &num, &t.Name)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if num.Valid {
			t.TicketNumber = &num.String
		}
		pool = append(pool, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return draw.Canonical(pool), nil
}
