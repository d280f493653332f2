package store

import (
	"context"
	"database/sql"

	"github.com/sorteio/sorteio/sync/protocol"
)

// heldNumbers is a raffle's ticket numbers during one import's transaction,
// kept in memory: an import's ops of 5,000 tickets each hold whole people,
// and a ticket-sale export's numbers run through the whole file (a buyer's
// tickets 000001, 010001, …), so after the first op almost every number is
// under the raffle's number bound and would be looked up by index, 95,000
// lookups that all answer "free". The numbers are read once, under the
// raffle's row lock (loadState takes it first), and the import's own
// inserts are added as they go in: nobody else can add a ticket to the
// raffle before the transaction ends.
type heldNumbers struct {
	loaded bool
	set    map[string]bool
}

type heldNumbersKey struct{}

// withHeldNumbers marks ctx as one import's transaction (ImportTickets).
func withHeldNumbers(ctx context.Context) context.Context {
	return context.WithValue(ctx, heldNumbersKey{}, &heldNumbers{})
}

func heldNumbersOf(ctx context.Context) *heldNumbers {
	h, _ := ctx.Value(heldNumbersKey{}).(*heldNumbers)
	return h
}

// takenNumbers is loadTicketNumbers' answer from the numbers in memory,
// read from the raffle the first time.
func (db *DB) takenNumbers(ctx context.Context, tx *sql.Tx, h *heldNumbers, raffleID string, m protocol.Mutation, st *protocol.State) error {
	if !h.loaded {
		_, all, err := db.ticketNumbers(ctx, tx, raffleID)
		if err != nil {
			return err
		}
		h.set = make(map[string]bool, len(all))
		for _, n := range all {
			h.set[n] = true
		}
		h.loaded = true
	}
	st.TakenNumbers = make(map[string]bool)
	for _, n := range protocol.TicketNumbers(m) {
		if h.set[n] {
			st.TakenNumbers[n] = true
		}
	}
	if protocol.NeedsHighest(m, st.TakenNumbers, st.Later) {
		all := make([]string, 0, len(h.set))
		for n := range h.set {
			all = append(all, n)
		}
		st.HighestNumber = protocol.HighestNumber(all)
	}
	return nil
}

// added records the numbers of tickets just written, when ctx is an
// import's transaction whose numbers are in memory.
func (h *heldNumbers) added(tickets []protocol.Ticket) {
	if h == nil || !h.loaded {
		return
	}
	for _, t := range tickets {
		if t.TicketNumber != nil {
			h.set[*t.TicketNumber] = true
		}
	}
}

// heldNumberList is every ticket number the raffle holds: from an import's
// numbers in memory when loadTicketNumbers has read them, else one read.
func (db *DB) heldNumberList(ctx context.Context, tx *sql.Tx, raffleID string) ([]string, error) {
	if h := heldNumbersOf(ctx); h != nil && h.loaded {
		all := make([]string, 0, len(h.set))
		for n := range h.set {
			all = append(all, n)
		}
		return all, nil
	}
	_, all, err := db.ticketNumbers(ctx, tx, raffleID)
	return all, err
}

// loadHeldNumbers reads the numbers a Loteria Federal add is checked against
// by value (State.HeldNumbers), unless every new number is above the raffle's
// number bound: then none can repeat a held one.
func (db *DB) loadHeldNumbers(ctx context.Context, tx *sql.Tx, raffleID string, m protocol.Mutation, st *protocol.State) error {
	if !protocol.FederalAddNeeds(m, *st) {
		return nil
	}
	bound, err := db.numberBound(ctx, tx, raffleID)
	if err != nil || !protocol.FederalAddNeedsHeld(m, bound) {
		return err
	}
	st.HeldNumbers, err = db.heldNumberList(ctx, tx, raffleID)
	return err
}
