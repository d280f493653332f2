package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// The bookkeeping of the push pipeline: the client's mutation counter, each
// op's recorded answer, and the raffle's change log.

// lockClient returns the client's last mutation id, registering the client on
// first sight. A client id of another account is refused.
func (db *DB) lockClient(ctx context.Context, tx *sql.Tx, userID, clientID string, now time.Time) (int64, error) {
	if err := db.exec(ctx, tx, `INSERT INTO sync_clients (id, user_id, last_mutation_id, updated_at) VALUES (?, ?, 0, ?)
		ON CONFLICT (id) DO NOTHING`, clientID, userID, millis(now)); err != nil {
		return 0, err
	}
	var owner string
	var last int64
	if err := tx.QueryRowContext(ctx, db.q(`SELECT user_id, last_mutation_id FROM sync_clients WHERE id = ?`+db.forUpdate()), clientID).
		Scan(&owner, &last); err != nil {
		return 0, err
	}
	if owner != userID {
		return 0, &core.Error{Code: core.CodeForbiddenClient}
	}
	return last, nil
}

// recordedResult answers an op id seen before as a duplicate.
func (db *DB) recordedResult(ctx context.Context, tx *sql.Tx, clientID, opID string) (OpResult, bool, error) {
	if !protocol.IsUUID(opID) {
		// Never recorded (reject answers it without storing), and a NUL or
		// broken byte in it would fail PostgreSQL's query.
		return OpResult{}, false, nil
	}
	var owner, status string
	var seq, renumbered sql.NullInt64
	var reason, code, refused sql.NullString
	err := tx.QueryRowContext(ctx, db.q(`SELECT client_id, status, seq, reason, code, renumbered, refused FROM ops WHERE op_id = ?`), opID).
		Scan(&owner, &status, &seq, &reason, &code, &renumbered, &refused)
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
	res := OpResult{OpID: opID, Status: StatusDuplicate, Seq: seq.Int64, Code: code.String, Reason: reason.String,
		Renumbered: int(renumbered.Int64)}
	if reason.Valid {
		res.Message = protocol.Message(reason.String)
	}
	// The per-ticket answer comes back too: a device whose first answer was
	// lost must still learn which of its tickets were left out.
	if refused.Valid {
		if err := json.Unmarshal([]byte(refused.String), &res.Refused); err != nil {
			return OpResult{}, false, err
		}
	}
	return res, true, nil
}

// reject answers and records a rejected op.
func (db *DB) reject(ctx context.Context, tx *sql.Tx, clientID string, op protocol.Op, mutation int64, rej *protocol.Rejection, now time.Time) (OpResult, error) {
	res := OpResult{OpID: op.OpID, Status: StatusRejected, Reason: rej.Reason, Message: rej.Message}
	if !protocol.IsUUID(op.OpID) {
		// Nothing to record under: answer without storing.
		return res, nil
	}
	return res, db.recordResult(ctx, tx, clientID, op, mutation, res, now)
}

// recordResult stores an op's answer and moves the client's mutation counter.
func (db *DB) recordResult(ctx context.Context, tx *sql.Tx, clientID string, op protocol.Op, mutation int64, res OpResult, now time.Time) error {
	var seq, reason, code, renumbered, refused any
	if res.Seq > 0 {
		seq = res.Seq
	}
	if res.Renumbered > 0 {
		renumbered = res.Renumbered
	}
	if len(res.Refused) > 0 {
		body, err := json.Marshal(res.Refused)
		if err != nil {
			return err
		}
		refused = string(body)
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
	if err := db.exec(ctx, tx, `INSERT INTO ops (op_id, client_id, mutation_id, raffle_id, status, seq, reason, code, renumbered, refused, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, op.OpID, clientID, op.MutationID, raffleID, res.Status, seq, reason, code,
		renumbered, refused, millis(now)); err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE sync_clients SET last_mutation_id = ?, updated_at = ? WHERE id = ? AND last_mutation_id < ?`,
		mutation, millis(now), clientID, mutation)
}

// logChange appends an applied op to the log of its raffle (by server key)
// under the next seq.
func (db *DB) logChange(ctx context.Context, tx *sql.Tx, userID, key string, op protocol.Op, payload any, now time.Time) (int64, error) {
	seq, err := db.advanceHead(ctx, tx, userID, key, now)
	if err != nil {
		return 0, err
	}
	body, err := encoded(payload)
	if err != nil {
		return 0, err
	}
	return seq, db.exec(ctx, tx, `INSERT INTO changes (raffle_id, seq, op_id, type, payload, user_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		key, seq, op.OpID, op.Type, string(body), userID, millis(now))
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

// aheadJSON is a payload being encoded on another goroutine (encodeAhead).
type aheadJSON struct {
	done chan struct{}
	body []byte
	err  error
}

// aheadTickets is the size of an add whose JSON is worth encoding ahead:
// an import's or a large push's ops, not a phone's one-person adds.
const aheadTickets = 256

// encodeAhead starts encoding v for the log, so the JSON of an op's 5,000
// tickets (about 6 % of an import's CPU) is made while the database writes
// them. v must not change until logChange has it.
func encodeAhead(v any) *aheadJSON {
	a := &aheadJSON{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		a.body, a.err = json.Marshal(v)
	}()
	return a
}

// encoded is payload's JSON, waiting for it when it is being made ahead.
func encoded(payload any) ([]byte, error) {
	if a, ok := payload.(*aheadJSON); ok {
		<-a.done
		return a.body, a.err
	}
	return json.Marshal(payload)
}
