package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// PublicView is what the public page is made of, read in one view. It holds
// e-mails in full (the projection masks them) and never a user id, a reason
// or a seed: the queries below do not select them.
type PublicView struct {
	Raffle protocol.Raffle
	// Seq is the raffle's log position this view reflects.
	Seq             int64
	Tickets, People int
	// Round is the open round, if any.
	Round   *PublicRound
	Winners []PublicWinner
	// Alternates are the first draw's alternates, in order (sorteio-v2).
	Alternates []PublicAlternate
	// Abandoned is the latest round when it was abandoned, else nil.
	Abandoned *PublicAbandoned
	// Corrections are the Loteria Federal results replaced by a correction.
	Corrections []PublicCorrection
	// Names are up to namesSample distinct names of the pool.
	Names []string
}

// PublicRound is an open round as viewers see it.
type PublicRound struct {
	ID               string
	Positions        []int
	Offline          bool
	StartedAt        int64
	CountdownSeconds int
	// PoolDigest and PoolSize are the pool's fingerprint and tickets, fixed
	// at the start: shown before the result exists.
	PoolDigest string
	PoolSize   int
}

// PublicWinner is one winner, valid or not, with its ticket's holder.
type PublicWinner struct {
	DrawID        string
	Position      int
	Valid         bool
	InvalidatedAt *int64
	DrawnAt       int64
	// Promoted: an alternate called to the place ('Chamar suplente');
	// DrawnAt is then the time of the call.
	Promoted     bool
	Name         string
	Email        *string
	TicketNumber *string
	// Offline: its round was drawn on the organiser's device without a
	// connection; DeviceDrawnAt is then the result's time on that device's
	// clock and DeviceClockOffset how far that clock was from the server's
	// at its last sync (server minus device), when the device sent them.
	Offline           bool
	DeviceDrawnAt     *int64
	DeviceClockOffset *int64
}

// PublicAbandoned is the raffle's latest round when it was abandoned.
type PublicAbandoned struct {
	ID          string
	AbandonedAt int64
}

// PublicAlternate is one alternate of the first draw, with its ticket's
// holder; Rank is 1 for the first.
type PublicAlternate struct {
	Rank         int
	Name         string
	Email        *string
	TicketNumber *string
	// CalledTo is the position the alternate was called to, 0 while it
	// was not.
	CalledTo int
}

const namesSample = 50

// PublicByCode reads the public view of the raffle with that code. A deleted
// or missing raffle answers CodeNotFound.
func (db *DB) PublicByCode(ctx context.Context, code string) (PublicView, error) {
	return db.publicView(ctx, `code = ?`, code)
}

// PublicByID reads the public view of a raffle by id (the live fan-out,
// whose change events carry ids).
func (db *DB) PublicByID(ctx context.Context, raffleID string) (PublicView, error) {
	return db.publicView(ctx, `id = ?`, raffleID)
}

func (db *DB) publicView(ctx context.Context, where string, arg string) (PublicView, error) {
	var v PublicView
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := db.publicRaffle(ctx, tx, where, arg)
		if err != nil {
			return err
		}
		v.Raffle, v.Seq, v.Tickets, v.People = r.Raffle, r.HeadSeq, r.Tickets, r.Groups
		if v.Round, err = db.openRound(ctx, tx, v.Raffle.ID); err != nil {
			return err
		}
		if v.Winners, err = db.publicWinners(ctx, tx, v.Raffle.ID); err != nil {
			return err
		}
		if v.Alternates, err = db.publicAlternates(ctx, tx, v.Raffle.ID); err != nil {
			return err
		}
		if v.Abandoned, err = db.lastAbandoned(ctx, tx, v.Raffle.ID); err != nil {
			return err
		}
		if v.Corrections, err = db.publicCorrections(ctx, tx, v.Raffle.ID); err != nil {
			return err
		}
		v.Names, err = db.sampleNames(ctx, tx, v.Raffle.ID)
		return err
	})
	return v, err
}

func (db *DB) publicRaffle(ctx context.Context, tx *sql.Tx, where, arg string) (raffleRow, error) {
	r, err := scanRaffle(tx.QueryRowContext(ctx,
		db.q(`SELECT `+raffleColumns+` FROM raffles WHERE `+where+` AND deleted_at IS NULL`), arg))
	if errors.Is(err, sql.ErrNoRows) {
		return r, &core.Error{Code: core.CodeRaffleNotFound}
	}
	return r, err
}

func (db *DB) openRound(ctx context.Context, tx *sql.Tx, raffleID string) (*PublicRound, error) {
	var rd PublicRound
	var positions string
	err := tx.QueryRowContext(ctx, db.q(`SELECT id, positions, offline, started_at, countdown_seconds, pool_digest, pool_size
		FROM draws WHERE raffle_id = ? AND completed_at IS NULL AND abandoned_at IS NULL`), raffleID).
		Scan(&rd.ID, &positions, &rd.Offline, &rd.StartedAt, &rd.CountdownSeconds, &rd.PoolDigest, &rd.PoolSize)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rd, json.Unmarshal([]byte(positions), &rd.Positions)
}

func (db *DB) publicWinners(ctx context.Context, tx *sql.Tx, raffleID string) ([]PublicWinner, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT w.draw_id, w.position, w.is_valid, w.invalidated_at, d.completed_at,
		p.name, p.email, p.ticket_number, w.promoted_at, d.offline, d.device_completed_at, d.device_clock_offset
		FROM winners w JOIN draws d ON d.raffle_id = w.raffle_id AND d.id = w.draw_id
		LEFT JOIN participants p ON p.raffle_id = w.raffle_id AND p.id = w.ticket_id
		WHERE w.raffle_id = ? ORDER BY w.position, w.created_at, d.round_no`), raffleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PublicWinner{}
	for rows.Next() {
		var w PublicWinner
		var invalidated, drawn, promoted, deviceDrawn, deviceOffset sql.NullInt64
		var name, email, number sql.NullString
		if err := rows.Scan(&w.DrawID, &w.Position, &w.Valid, &invalidated, &drawn, &name, &email, &number, &promoted,
			&w.Offline, &deviceDrawn, &deviceOffset); err != nil {
			return nil, err
		}
		// A called alternate holds its place from the call on (online: the
		// call is the server's).
		if promoted.Valid {
			drawn = promoted
			w.Promoted = true
			w.Offline = false
		}
		if w.Offline {
			w.DeviceDrawnAt, w.DeviceClockOffset = nullInt(deviceDrawn), nullInt(deviceOffset)
		}
		w.DrawnAt, w.Name = drawn.Int64, name.String
		w.InvalidatedAt, w.Email, w.TicketNumber = nullInt(invalidated), nullString(email), nullString(number)
		out = append(out, w)
	}
	return out, rows.Err()
}

// lastAbandoned reads the raffle's latest round when it was abandoned (the
// room is told, also a viewer who comes afterwards); nil otherwise.
func (db *DB) lastAbandoned(ctx context.Context, tx *sql.Tx, raffleID string) (*PublicAbandoned, error) {
	var a PublicAbandoned
	var at sql.NullInt64
	err := tx.QueryRowContext(ctx, db.q(`SELECT id, abandoned_at FROM draws WHERE raffle_id = ?
		ORDER BY round_no DESC LIMIT 1`), raffleID).Scan(&a.ID, &at)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !at.Valid) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	a.AbandonedAt = at.Int64
	return &a, nil
}

// publicAlternates reads the completed first draw's alternates (at most
// 10), their tickets' holders and the place each was called to, in order;
// none before it completes.
func (db *DB) publicAlternates(ctx context.Context, tx *sql.Tx, raffleID string) ([]PublicAlternate, error) {
	var list string
	err := tx.QueryRowContext(ctx, db.q(`SELECT alternates FROM draws WHERE raffle_id = ? AND kind = ?
		AND completed_at IS NOT NULL ORDER BY round_no LIMIT 1`), raffleID, protocol.KindDraw).Scan(&list)
	if errors.Is(err, sql.ErrNoRows) {
		return []PublicAlternate{}, nil
	}
	if err != nil {
		return nil, err
	}
	var ids []string
	if err := json.Unmarshal([]byte(list), &ids); err != nil {
		return nil, err
	}
	out := make([]PublicAlternate, len(ids))
	for i, id := range ids {
		var email, number sql.NullString
		if err := tx.QueryRowContext(ctx, db.q(`SELECT name, email, ticket_number FROM participants WHERE raffle_id = ? AND id = ?`),
			raffleID, id).Scan(&out[i].Name, &email, &number); err != nil {
			return nil, err
		}
		out[i].Rank, out[i].Email, out[i].TicketNumber = i+1, nullString(email), nullString(number)
		// An alternate is called at most once (the rules refuse a second call).
		err := tx.QueryRowContext(ctx, db.q(`SELECT position FROM winners WHERE raffle_id = ? AND ticket_id = ?
			AND promoted_at IS NOT NULL`), raffleID, id).Scan(&out[i].CalledTo)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
	}
	return out, nil
}

// sampleNames reads some people's names, in no particular order (a sorted
// read would sort every person of a large raffle), for the draw animation's
// shuffle.
func (db *DB) sampleNames(ctx context.Context, tx *sql.Tx, raffleID string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT name FROM participants`+db.peopleIndex()+`
		WHERE raffle_id = ? AND person_head = 1 LIMIT ?`), raffleID, namesSample*4)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	seen := map[string]bool{}
	out := []string{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		if !seen[n] && len(out) < namesSample {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, rows.Err()
}

func nullInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

func nullString(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}

// PublicTicketsOf answers the entrant self-check: the ticket numbers that
// e-mail (already normalised) holds in the raffle with that code. A hit and
// a miss run the same one query through the same index.
func (db *DB) PublicTicketsOf(ctx context.Context, code, email string) ([]*string, error) {
	return db.publicTickets(ctx, code, `email IS NOT NULL AND `+db.emailIs(), email)
}

// PublicTicketsOfPhone is the self-check by phone: the ticket numbers that
// phone (in E.164, the phone rule's form) holds in the raffle with that code.
func (db *DB) PublicTicketsOfPhone(ctx context.Context, code, phone string) ([]*string, error) {
	return db.publicTickets(ctx, code, `phone IS NOT NULL AND phone = ?`, phone)
}

func (db *DB) publicTickets(ctx context.Context, code, match, value string) ([]*string, error) {
	out := []*string{}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := db.publicRaffle(ctx, tx, `code = ?`, code)
		if err != nil {
			return err
		}
		// The e-mail and phone indexes hold the first ticket of each run of
		// a group's tickets with one e-mail and phone (contact_head,
		// store/tickets.go): the groups come from there, their tickets
		// from the group index.
		rows, err := tx.QueryContext(ctx, db.q(`SELECT ticket_number FROM participants
			WHERE raffle_id = ? AND group_id IN (SELECT group_id FROM participants
				WHERE raffle_id = ? AND contact_head = 1 AND `+match+`)
			AND `+match+` ORDER BY `+db.ticketOrder()), r.ID, r.ID, value, value)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n sql.NullString
			if err := rows.Scan(&n); err != nil {
				return err
			}
			out = append(out, nullString(n))
		}
		return rows.Err()
	})
	return out, err
}

// emailIs compares a participant's e-mail with a lower-case one through
// each database's e-mail index: PostgreSQL's is on lower(email), SQLite's
// under NOCASE, which folds the same ASCII letters its lower() did (an index
// on an expression made its ticket inserts keep a statement journal;
// migration 0017).
func (db *DB) emailIs() string {
	if db.dialect == postgresDialect {
		return `lower(email) = ?`
	}
	return `email = ? COLLATE NOCASE`
}

// collateC orders text as bytes in PostgreSQL, as SQLite does, so both
// databases list in one order whatever the database's collation.
func (db *DB) collateC() string {
	if db.dialect == postgresDialect {
		return ` COLLATE "C"`
	}
	return ""
}

// PublicRaffleID finds the id of the public raffle with that code. A code
// no raffle has is CodeRaffleNotFound; one whose raffle was deleted is too,
// wrapping core.ErrDeleted (codes are never reused: nothing to wait for).
func (db *DB) PublicRaffleID(ctx context.Context, code string) (string, error) {
	var id string
	var deleted bool
	err := db.sql.QueryRowContext(ctx, db.q(`SELECT id, deleted_at IS NOT NULL FROM raffles WHERE code = ?`), code).Scan(&id, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return "", &core.Error{Code: core.CodeRaffleNotFound}
	}
	if err == nil && deleted {
		return "", &core.Error{Code: core.CodeRaffleNotFound, Err: core.ErrDeleted}
	}
	return id, db.wrap(err)
}
