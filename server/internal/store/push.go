package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

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
	OpID   string `json:"op_id"`
	Status string `json:"status"`
	Seq    int64  `json:"seq,omitempty"`
	Code   string `json:"code,omitempty"`
	// Renumbered counts the op's provisional ticket numbers the server
	// replaced: the device then pulls the change to hold the final ones.
	// Recorded with the op, so a duplicate's answer repeats it.
	Renumbered int `json:"renumbered,omitempty"`
	// Refused lists the tickets of an applied add left out because their
	// typed number is taken; the others were added. Recorded too: a device
	// that lost the first answer must not lose these tickets.
	Refused []protocol.RefusedTicket `json:"refused,omitempty"`
	Reason  string                   `json:"reason,omitempty"`
	Message string                   `json:"message,omitempty"`
	// RaffleID is the raffle an applied op advanced, as the owner's devices
	// know it, and raffleKey its server key (neither is sent to the client).
	RaffleID  string `json:"-"`
	raffleKey string
}

// Push applies a client's ops of the user in order, each in its own
// transaction, and answers each. A rejection is recorded too and uses up the
// op's mutation_id. The error is for failures of the request itself (the
// client belongs to another account, the database failed); the ops answered
// before it stay applied and their retry gets the recorded answers back.
//
// When the ops are done, every raffle they advanced gets one poke with its
// highest seq, after its commit (pokes.go), also when an error ends the push.
// An applied raffle.delete is followed by afterErasure (erase.go) first.
func (db *DB) Push(ctx context.Context, userID, clientID string, ops []protocol.Op, now func() time.Time) ([]OpResult, error) {
	heads := map[pokeTarget]int64{}
	erased := false
	defer func() {
		if erased {
			db.afterErasure(ctx)
		}
		db.poke(ctx, userID, heads)
	}()
	results := make([]OpResult, 0, len(ops))
	later := laterNumbersOf(ops)
	for i, op := range ops {
		res, err := db.applyOne(later.at(ctx, i), userID, clientID, op, now())
		if err != nil {
			return nil, db.wrap(err)
		}
		if res.Status == StatusApplied {
			t := pokeTarget{local: res.RaffleID, key: res.raffleKey}
			heads[t] = max(heads[t], res.Seq)
			erased = erased || op.Type == protocol.TypeRaffleDelete
		}
		results = append(results, res)
	}
	return results, nil
}

// maxConflictRetries bounds how often one op's transaction runs again after
// PostgreSQL aborted it for a deadlock or serialization conflict.
const maxConflictRetries = 3

// applyOne runs one op's pipeline in its transaction. When the database
// refuses the op's own data (a constraint, a value it cannot store: an error
// that would repeat on every retry), the op is rejected as op_failed in a
// second transaction, so one op never blocks the ones after it; a ticket id
// SQLite found taken is rejected there as participant_exists. Transient
// failures stay errors: the client retries the push.
func (db *DB) applyOne(ctx context.Context, userID, clientID string, op protocol.Op, now time.Time) (OpResult, error) {
	var res OpResult
	var err error
	// Two devices of one account can lock the same rows in different orders
	// (client, raffle head, account quota); PostgreSQL then aborts one
	// transaction, which is run again rather than failing the whole push.
	for attempt := 0; attempt < maxConflictRetries; attempt++ {
		err = db.tx(ctx, func(tx *sql.Tx) error {
			var err error
			res, err = db.applyOp(ctx, tx, userID, clientID, op, protocol.Decode, now)
			return err
		})
		if err == nil || !isConflictAbort(err) || ctx.Err() != nil {
			break
		}
	}
	reason := protocol.ReasonOpFailed
	switch {
	case err == nil || ctx.Err() != nil:
		return res, err
	case errors.Is(err, errTicketTaken):
		// SQLite rolled the op back whole (addTickets).
		reason = protocol.ReasonParticipantExists
	case !isDataFault(err):
		return res, err
	default:
		db.log.Warn("op rejected after a database error on its data", "op_id", op.OpID, "type", op.Type, "err", err)
	}
	err = db.tx(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = db.rejectAfterRollback(ctx, tx, userID, clientID, op, reason, now)
		return err
	})
	return res, err
}

// rejectAfterRollback records as rejected for reason an op whose own
// transaction was rolled back, after the same client checks applyOp makes
// first.
func (db *DB) rejectAfterRollback(ctx context.Context, tx *sql.Tx, userID, clientID string, op protocol.Op, reason string, now time.Time) (OpResult, error) {
	if res, done, err := db.admit(ctx, tx, userID, clientID, op, now); done || err != nil {
		return res, err
	}
	return db.reject(ctx, tx, clientID, op, op.MutationID, protocol.Reject(reason), now)
}

// admit locks the client and answers ops already settled: one seen before
// (its recorded answer) or out of order (stale_mutation). done is false when
// the op is new and may go on.
func (db *DB) admit(ctx context.Context, tx *sql.Tx, userID, clientID string, op protocol.Op, now time.Time) (res OpResult, done bool, err error) {
	// The client row is locked first: a retry racing its original waits here
	// and then finds the original's recorded answer.
	lastMutation, err := db.lockClient(ctx, tx, userID, clientID, now)
	if err != nil {
		return OpResult{}, true, err
	}
	if prev, found, err := db.recordedResult(ctx, tx, clientID, op.OpID); err != nil || found {
		return prev, true, err
	}
	if op.MutationID <= lastMutation {
		res, err := db.reject(ctx, tx, clientID, op, lastMutation, protocol.Reject(protocol.ReasonStaleMutation), now)
		return res, true, err
	}
	if op.MutationID > protocol.MaxSafeInteger {
		// Recorded without moving the client's counter: an id near 2^63
		// would otherwise make every later op stale.
		res, err := db.reject(ctx, tx, clientID, op, lastMutation, protocol.Reject(protocol.ReasonInvalidMutationID), now)
		return res, true, err
	}
	return OpResult{}, false, nil
}

// decoder turns an op into its checked mutation: protocol.Decode for what a
// device sent, protocol.DecodeAdd for tickets the server read from a file.
type decoder func(protocol.Op) (protocol.Mutation, *protocol.Rejection)

// applyOp is the protocol's pipeline for one op, in one transaction: lock the
// client, answer a recorded op again, decode, load the state, check the rules,
// apply, log, record. What each op type writes is in apply.go.
func (db *DB) applyOp(ctx context.Context, tx *sql.Tx, userID, clientID string, op protocol.Op, decode decoder, now time.Time) (OpResult, error) {
	if res, done, err := db.admit(ctx, tx, userID, clientID, op, now); done || err != nil {
		return res, err
	}
	m, rej := decode(op)
	if rej != nil {
		return db.reject(ctx, tx, clientID, op, op.MutationID, rej, now)
	}
	st, err := db.loadState(ctx, tx, userID, op, m, now)
	if err != nil {
		return OpResult{}, err
	}
	checked, rej := protocol.Check(m, st)
	if rej != nil {
		if st.Raffle != nil {
			// A round drawn offline stays in the public record, refused.
			if err := db.keepRefusal(ctx, tx, st.Raffle.ID, m, st, rej.Reason); err != nil {
				return OpResult{}, err
			}
		}
		return db.reject(ctx, tx, clientID, op, op.MutationID, rej, now)
	}
	m = checked
	done, rej, err := db.apply(ctx, tx, userID, m, st, now)
	if err != nil {
		return OpResult{}, err
	}
	if rej != nil {
		return db.reject(ctx, tx, clientID, op, op.MutationID, rej, now)
	}
	if st.Raffle != nil {
		done.key = st.Raffle.ID
	}
	seq, err := db.logChange(ctx, tx, userID, done.key, op, done.payload, now)
	if err != nil {
		return OpResult{}, err
	}
	res := OpResult{OpID: op.OpID, Status: StatusApplied, Seq: seq, Code: done.code, Renumbered: done.renumbered, Refused: done.refused, RaffleID: op.RaffleID, raffleKey: done.key}
	return res, db.recordResult(ctx, tx, clientID, op, op.MutationID, res, now)
}

func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	_, err := tx.ExecContext(ctx, db.q(query), args...)
	return err
}
