package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/importfile"
	"github.com/sorteio/sorteio/sync/protocol"
)

// ImportTarget is what a file import needs of the owner's raffle before it
// reads the file: whether tickets are numbered, its counts, its highest
// all-digit ticket number (numbering continues after it) and its ticket
// numbers (a file's clash with them).
func (db *DB) ImportTarget(ctx context.Context, userID, raffleID string) (importfile.Target, error) {
	var t importfile.Target
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := scanRaffle(tx.QueryRowContext(ctx, db.q(`SELECT `+raffleColumns+` FROM raffles WHERE local_id = ? AND owner_id = ?`), raffleID, userID))
		if errors.Is(err, sql.ErrNoRows) || (err == nil && r.Deleted) {
			return &core.Error{Code: core.CodeNotFound, Message: protocol.Message(protocol.ReasonRaffleNotFound)}
		}
		if err != nil {
			return err
		}
		if r.Status != protocol.StatusPending {
			return &core.Error{Code: core.CodeInvalidInput, Message: protocol.Message(protocol.ReasonDrawStarted)}
		}
		t = importfile.Target{Numbered: r.Type == protocol.RaffleTickets, People: r.Groups, Tickets: r.Tickets}
		t.Highest, t.Taken, err = db.ticketNumbers(ctx, tx, r.ID)
		return err
	})
	return t, db.wrap(err)
}

// ticketNumbers is the raffle's ticket numbers and the highest all-digit
// one, 0 if none.
func (db *DB) ticketNumbers(ctx context.Context, tx *sql.Tx, raffleID string) (int, []string, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT ticket_number FROM participants WHERE raffle_id = ? AND ticket_number IS NOT NULL`), raffleID)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	highest := 0
	var all []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return 0, nil, err
		}
		all = append(all, s)
		if n, err := strconv.Atoi(s); err == nil && n > highest && s[0] != '-' && s[0] != '+' {
			highest = n
		}
	}
	return highest, all, rows.Err()
}

// ImportTickets adds an import's tickets as participants.add ops of at most
// 5,000 tickets, through the push pipeline (same rules, same log), all in one
// transaction: one rejection and nothing is written. The ops are recorded
// under a client id of their own. Their tickets enter the pipeline as Go
// values (protocol.DecodeAdd, the same checks as a decoded payload), not
// encoded to JSON and read back. Pokes follow the commit.
func (db *DB) ImportTickets(ctx context.Context, userID, raffleID string, tickets []protocol.Ticket, now func() time.Time) error {
	heads := map[pokeTarget]int64{}
	err := db.tx(ctx, func(tx *sql.Tx) error {
		ctx := withHeldNumbers(ctx) // this transaction's numbers, not a retried one's
		clientID := core.NewID(now())
		ops, batches := importOps(raffleID, tickets, now)
		decoded := decodeAhead(ops, batches)
		defer decoded.stop()
		for _, op := range ops {
			res, err := db.applyOp(ctx, tx, userID, clientID, op, decoded.next, now())
			if err != nil {
				return err
			}
			if res.Status != StatusApplied {
				return &core.Error{Code: core.CodeInvalidInput, Message: res.Message}
			}
			if len(res.Refused) > 0 { // all or nothing: a taken number refuses the import
				return &core.Error{Code: core.CodeInvalidInput, Message: protocol.Message(protocol.ReasonTicketNumberTaken)}
			}
			heads[pokeTarget{local: res.RaffleID, key: res.raffleKey}] = res.Seq
		}
		return nil
	})
	if errors.Is(err, errTicketTaken) {
		return &core.Error{Code: core.CodeInvalidInput, Message: protocol.Message(protocol.ReasonParticipantExists)}
	}
	if err != nil {
		return db.wrap(err)
	}
	db.poke(ctx, userID, heads)
	return nil
}

// importOps splits an import's tickets into participants.add ops of at most
// protocol.MaxBatch tickets: the ops and each one's tickets.
func importOps(raffleID string, tickets []protocol.Ticket, now func() time.Time) ([]protocol.Op, [][]protocol.Ticket) {
	var ops []protocol.Op
	var batches [][]protocol.Ticket
	for i := 0; i*protocol.MaxBatch < len(tickets); i++ {
		batches = append(batches, tickets[i*protocol.MaxBatch:min((i+1)*protocol.MaxBatch, len(tickets))])
		ops = append(ops, protocol.Op{OpID: core.NewID(now()), MutationID: int64(i + 1), RaffleID: raffleID, Type: protocol.TypeParticipantsAdd})
	}
	return ops, batches
}

// aheadDecoder checks an import's ops (protocol.DecodeAdd, pure) on another
// goroutine, in order, while the database writes the op before: the checks
// of 100,000 tickets are about a twentieth of an import's CPU. next hands
// them to applyOp in the same order.
type aheadDecoder struct {
	results chan decodedOp
	quit    chan struct{}
}

type decodedOp struct {
	opID string
	m    protocol.Mutation
	rej  *protocol.Rejection
}

func decodeAhead(ops []protocol.Op, batches [][]protocol.Ticket) *aheadDecoder {
	d := &aheadDecoder{results: make(chan decodedOp, len(ops)), quit: make(chan struct{})}
	go func() {
		defer close(d.results)
		for i, op := range ops {
			select {
			case <-d.quit: // the import ended early: the rest is not needed
				return
			default:
			}
			m, rej := protocol.DecodeAdd(op, batches[i])
			d.results <- decodedOp{op.OpID, m, rej}
		}
	}()
	return d
}

// next is op's decoded mutation. applyOp asks for each op at most once, in
// order; an op it answered without decoding is passed over.
func (d *aheadDecoder) next(op protocol.Op) (protocol.Mutation, *protocol.Rejection) {
	for r := range d.results {
		if r.opID == op.OpID {
			return r.m, r.rej
		}
	}
	return nil, protocol.Reject(protocol.ReasonInvalidPayload) // not one of the import's ops
}

// stop ends the decoding of ops the import will not apply.
func (d *aheadDecoder) stop() { close(d.quit) }
