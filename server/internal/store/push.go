package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Op results.
const (
	StatusApplied   = "applied"
	StatusDuplicate = "duplicate"
	StatusRejected  = "rejected"
)

// OpResult is the server's answer to one op.
type OpResult struct {
	OpID    string `json:"op_id"`
	Status  string `json:"status"`
	Seq     int64  `json:"seq,omitempty"`
	Code    string `json:"code,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
	// Applied facts for the poke (not sent to the client).
	RaffleID string `json:"-"`
	OwnerID  string `json:"-"`
}

// ApplyOp validates and applies one op of the user's client in one
// transaction: the materialized tables, the raffle's change log with the next
// sequence number, and the op's recorded answer. A rejection is recorded too
// and uses up the op's mutation_id. The error is for failures of the request
// itself (the client belongs to another account, the database failed).
func (db *DB) ApplyOp(ctx context.Context, userID, clientID string, op protocol.Op, now time.Time) (OpResult, error) {
	var res OpResult
	err := db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = db.applyOp(ctx, tx, userID, clientID, op, now)
		return err
	})
	if err != nil {
		return OpResult{}, db.wrap(err)
	}
	return res, nil
}

func (db *DB) applyOp(ctx context.Context, tx *sql.Tx, userID, clientID string, op protocol.Op, now time.Time) (OpResult, error) {
	// The client row is locked first: a retry racing its original waits here
	// and then finds the original's recorded answer.
	lastMutation, err := db.lockClient(ctx, tx, userID, clientID, now)
	if err != nil {
		return OpResult{}, err
	}
	if prev, found, err := db.recordedResult(ctx, tx, clientID, op.OpID); err != nil || found {
		return prev, err
	}
	if op.MutationID <= lastMutation {
		return db.reject(ctx, tx, clientID, op, lastMutation, protocol.Reject(protocol.ReasonStaleMutation), now)
	}
	m, rej := protocol.Decode(op)
	if rej != nil {
		mutation := op.MutationID
		if rej.Reason == protocol.ReasonInvalidMutationID {
			// Recorded without moving the client's counter: an id near 2^63
			// would otherwise make every later op stale.
			mutation = lastMutation
		}
		return db.reject(ctx, tx, clientID, op, mutation, rej, now)
	}
	st, raffle, err := db.loadState(ctx, tx, userID, op.RaffleID, m, now)
	if err != nil {
		return OpResult{}, err
	}
	m, rej = protocol.Check(m, st)
	if rej != nil {
		return db.reject(ctx, tx, clientID, op, op.MutationID, rej, now)
	}

	res := OpResult{OpID: op.OpID, Status: StatusApplied, RaffleID: op.RaffleID, OwnerID: userID}
	var payload any = m
	switch m := m.(type) {
	case protocol.RaffleCreate:
		m.Raffle.OwnerID = userID
		code, created, err := db.insertRaffle(ctx, tx, m.Raffle, now)
		if err != nil {
			return OpResult{}, err
		}
		if !created {
			return db.reject(ctx, tx, clientID, op, op.MutationID, protocol.Reject(protocol.ReasonRaffleExists), now)
		}
		if code != m.Raffle.Code {
			res.Code = code
		}
		m.Raffle.Code = code
		payload = m.Raffle
	case protocol.RaffleUpdate:
		m.ApplyTo(&raffle.Raffle)
		if err := db.exec(ctx, tx, `UPDATE raffles SET title = ?, description = ?, winners_count = ?, countdown_seconds = ?,
			allow_duplicate_wins = ? WHERE id = ?`, raffle.Title, raffle.Description, raffle.WinnersCount,
			raffle.CountdownSeconds, raffle.AllowDuplicateWins, raffle.ID); err != nil {
			return OpResult{}, err
		}
	case protocol.RaffleDelete:
		// The raffle stays as a tombstone; what hangs off it goes.
		for _, table := range []string{"winners", "draws", "participants"} {
			if err := db.exec(ctx, tx, `DELETE FROM `+table+` WHERE raffle_id = ?`, raffle.ID); err != nil {
				return OpResult{}, err
			}
		}
		if err := db.exec(ctx, tx, `UPDATE raffles SET deleted_at = ?, tickets = 0, groups_count = 0 WHERE id = ?`,
			millis(now), raffle.ID); err != nil {
			return OpResult{}, err
		}
		payload = struct{}{}
	case protocol.ParticipantsAdd:
		newGroups := 0
		for _, g := range protocol.GroupIDs(m) {
			if st.GroupTickets[g] == 0 {
				newGroups++
			}
		}
		if taken, err := db.anyTicketExists(ctx, tx, raffle.ID, m.Tickets); err != nil || taken {
			if taken {
				return db.reject(ctx, tx, clientID, op, op.MutationID, protocol.Reject(protocol.ReasonParticipantExists), now)
			}
			return OpResult{}, err
		}
		if err := db.insertTickets(ctx, tx, raffle.ID, m.Tickets, now); err != nil {
			return OpResult{}, err
		}
		if err := db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets + ?, groups_count = groups_count + ? WHERE id = ?`,
			len(m.Tickets), newGroups, raffle.ID); err != nil {
			return OpResult{}, err
		}
	case protocol.ParticipantsRemoveGroup:
		if err := db.exec(ctx, tx, `DELETE FROM participants WHERE raffle_id = ? AND group_id = ?`, raffle.ID, m.GroupID); err != nil {
			return OpResult{}, err
		}
		if err := db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets - ?, groups_count = groups_count - 1 WHERE id = ?`,
			st.GroupTickets[m.GroupID], raffle.ID); err != nil {
			return OpResult{}, err
		}
	case protocol.DrawStart, protocol.WinnerRedraw, protocol.DrawComplete, protocol.WinnerInvalidate:
		if payload, err = db.applyDraw(ctx, tx, m, st); err != nil {
			return OpResult{}, err
		}
	}

	seq, err := db.advanceHead(ctx, tx, userID, op.RaffleID, now)
	if err != nil {
		return OpResult{}, err
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return OpResult{}, err
	}
	if err := db.exec(ctx, tx, `INSERT INTO changes (raffle_id, seq, op_id, type, payload, user_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		op.RaffleID, seq, op.OpID, op.Type, string(body), userID, millis(now)); err != nil {
		return OpResult{}, err
	}
	res.Seq = seq
	if db.dialect == postgresDialect {
		// Delivered to every instance's listener when this transaction
		// commits, and never if it rolls back.
		if err := db.exec(ctx, tx, `SELECT pg_notify(?, ?)`, pokeChannel, pokeMessage(userID, op.RaffleID, seq)); err != nil {
			return OpResult{}, err
		}
	}
	if err := db.recordResult(ctx, tx, clientID, op, op.MutationID, res, now); err != nil {
		return OpResult{}, err
	}
	return res, nil
}

// lockClient returns the client's last mutation id, registering the client on
// first sight. A client id of another account is refused.
func (db *DB) lockClient(ctx context.Context, tx *sql.Tx, userID, clientID string, now time.Time) (int64, error) {
	if err := db.exec(ctx, tx, `INSERT INTO sync_clients (id, user_id, last_mutation_id, updated_at) VALUES (?, ?, 0, ?)
		ON CONFLICT (id) DO NOTHING`, clientID, userID, millis(now)); err != nil {
		return 0, err
	}
	lock := ""
	if db.dialect == postgresDialect {
		lock = " FOR UPDATE"
	}
	var owner string
	var last int64
	if err := tx.QueryRowContext(ctx, db.q(`SELECT user_id, last_mutation_id FROM sync_clients WHERE id = ?`+lock), clientID).
		Scan(&owner, &last); err != nil {
		return 0, err
	}
	if owner != userID {
		return 0, &core.Error{Code: core.CodeForbiddenClient}
	}
	return last, nil
}

func (db *DB) recordedResult(ctx context.Context, tx *sql.Tx, clientID, opID string) (OpResult, bool, error) {
	if !protocol.IsUUID(opID) {
		// Never recorded (reject answers it without storing), and a NUL or
		// broken byte in it would fail PostgreSQL's query.
		return OpResult{}, false, nil
	}
	var owner, status string
	var seq sql.NullInt64
	var reason, code sql.NullString
	err := tx.QueryRowContext(ctx, db.q(`SELECT client_id, status, seq, reason, code FROM ops WHERE op_id = ?`), opID).
		Scan(&owner, &status, &seq, &reason, &code)
	if errors.Is(err, sql.ErrNoRows) {
		return OpResult{}, false, nil
	}
	if err != nil {
		return OpResult{}, false, err
	}
	if owner != clientID {
		// Another client's op id: never reveal its answer.
		return OpResult{OpID: opID, Status: StatusRejected, Reason: protocol.ReasonInvalidPayload,
			Message: protocol.Message(protocol.ReasonInvalidPayload)}, true, nil
	}
	res := OpResult{OpID: opID, Status: StatusDuplicate, Seq: seq.Int64, Code: code.String, Reason: reason.String}
	if reason.Valid {
		res.Message = protocol.Message(reason.String)
	}
	return res, true, nil
}

func (db *DB) reject(ctx context.Context, tx *sql.Tx, clientID string, op protocol.Op, mutation int64, rej *protocol.Rejection, now time.Time) (OpResult, error) {
	res := OpResult{OpID: op.OpID, Status: StatusRejected, Reason: rej.Reason, Message: rej.Message}
	if !protocol.IsUUID(op.OpID) {
		// Nothing to record under: answer without storing.
		return res, nil
	}
	return res, db.recordResult(ctx, tx, clientID, op, mutation, res, now)
}

func (db *DB) recordResult(ctx context.Context, tx *sql.Tx, clientID string, op protocol.Op, mutation int64, res OpResult, now time.Time) error {
	var seq, reason, code any
	if res.Seq > 0 {
		seq = res.Seq
	}
	if res.Reason != "" {
		reason = res.Reason
	}
	if res.Code != "" {
		code = res.Code
	}
	raffleID := op.RaffleID
	if !protocol.IsUUID(raffleID) {
		// Whatever was sent (a NUL, broken UTF-8) is not stored: PostgreSQL
		// refuses such text, and the op must still be answered and recorded.
		raffleID = ""
	}
	if err := db.exec(ctx, tx, `INSERT INTO ops (op_id, client_id, mutation_id, raffle_id, status, seq, reason, code, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, op.OpID, clientID, op.MutationID, raffleID, res.Status, seq, reason, code, millis(now)); err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE sync_clients SET last_mutation_id = ?, updated_at = ? WHERE id = ? AND last_mutation_id < ?`,
		mutation, millis(now), clientID, mutation)
}

// loadState reads what the rules need, locking the raffle's head row.
func (db *DB) loadState(ctx context.Context, tx *sql.Tx, userID, raffleID string, m protocol.Mutation, now time.Time) (protocol.State, RaffleRow, error) {
	st := protocol.State{Now: millis(now)}
	if _, ok := m.(protocol.RaffleCreate); ok {
		var one int
		err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM raffles WHERE id = ?`), raffleID).Scan(&one)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return st, RaffleRow{}, err
		}
		st.Exists = err == nil
		st.MaxRaffles = db.maxRaffles
		st.OwnerRaffles, err = db.liveRaffles(ctx, tx, userID)
		return st, RaffleRow{}, err
	}
	lock := ""
	if db.dialect == postgresDialect {
		lock = " FOR UPDATE"
	}
	r, err := scanRaffle(tx.QueryRowContext(ctx, db.q(`SELECT `+raffleColumns+` FROM raffles WHERE id = ? AND owner_id = ?`+lock), raffleID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return st, RaffleRow{}, nil
	}
	if err != nil {
		return st, RaffleRow{}, err
	}
	st.Raffle = &r.Raffle
	st.Tickets, st.Groups = r.Tickets, r.Groups
	if st.GroupTickets, err = db.groupTickets(ctx, tx, raffleID, protocol.GroupIDs(m)); err != nil {
		return st, r, err
	}
	if protocol.IsDrawOp(m) {
		err = db.loadDrawState(ctx, tx, raffleID, m, &st)
	}
	return st, r, err
}

// groupTickets counts the current tickets of each named group.
func (db *DB) groupTickets(ctx context.Context, tx *sql.Tx, raffleID string, groups []string) (map[string]int, error) {
	out := make(map[string]int, len(groups))
	err := db.inChunks(groups, func(in string, args []any) error {
		rows, err := tx.QueryContext(ctx, db.q(`SELECT group_id, COUNT(*) FROM participants WHERE raffle_id = ? AND group_id `+in+
			` GROUP BY group_id`), append([]any{raffleID}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g string
			var n int
			if err := rows.Scan(&g, &n); err != nil {
				return err
			}
			out[g] = n
		}
		return rows.Err()
	})
	return out, err
}

// inChunks calls fn with an "IN (...)" condition and its arguments for each
// chunk of values. PostgreSQL gets one array parameter (= ANY): a long IN
// list there makes its cached generic plan scan the table.
func (db *DB) inChunks(values []string, fn func(in string, args []any) error) error {
	if db.dialect == postgresDialect {
		if len(values) == 0 {
			return nil
		}
		return fn("= ANY(?)", []any{values})
	}
	const chunk = 500
	for start := 0; start < len(values); start += chunk {
		part := values[start:min(start+chunk, len(values))]
		args := make([]any, len(part))
		for i, v := range part {
			args[i] = v
		}
		if err := fn("IN (?"+strings.Repeat(", ?", len(part)-1)+")", args); err != nil {
			return err
		}
	}
	return nil
}

// insertRaffle inserts a new raffle. A taken code is replaced by a random
// free one (the client adopts it); the insert itself decides, so two devices
// creating raffles with one code at the same moment cannot both get it.
// created is false when the raffle id itself is taken.
func (db *DB) insertRaffle(ctx context.Context, tx *sql.Tx, r protocol.Raffle, now time.Time) (code string, created bool, err error) {
	code = r.Code
	for try := 0; try < 50; try++ {
		res, err := tx.ExecContext(ctx, db.q(`INSERT INTO raffles (id, owner_id, code, title, description, type, status, winners_count,
			countdown_seconds, allow_duplicate_wins, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`),
			r.ID, r.OwnerID, code, r.Title, r.Description, r.Type, r.Status, r.WinnersCount, r.CountdownSeconds,
			r.AllowDuplicateWins, r.CreatedAt, millis(now))
		if err != nil {
			return "", false, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return code, err == nil, err
		}
		var one int
		err = tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM raffles WHERE id = ?`), r.ID).Scan(&one)
		if err == nil {
			return "", false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", false, err
		}
		code = protocol.NewCode()
	}
	return "", false, errors.New("no free raffle code after 50 tries")
}

// advanceHead takes the raffle's next sequence number and moves the owner's
// feed, both under row locks held until commit.
func (db *DB) advanceHead(ctx context.Context, tx *sql.Tx, userID, raffleID string, now time.Time) (int64, error) {
	var feed int64
	if err := tx.QueryRowContext(ctx, db.q(`UPDATE users SET feed_seq = feed_seq + 1 WHERE id = ? RETURNING feed_seq`), userID).
		Scan(&feed); err != nil {
		return 0, err
	}
	var seq int64
	err := tx.QueryRowContext(ctx, db.q(`UPDATE raffles SET head_seq = head_seq + 1, feed_seq = ?, updated_at = ? WHERE id = ? RETURNING head_seq`),
		feed, millis(now), raffleID).Scan(&seq)
	return seq, err
}

func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	_, err := tx.ExecContext(ctx, db.q(query), args...)
	return err
}
