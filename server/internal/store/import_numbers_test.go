package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// An import of more than one op keeps the raffle's ticket numbers in memory
// (heldNumbers): a number the raffle held before the import, or one an
// earlier op of the same import wrote, is still taken in a later op, and the
// import is refused whole; distinct numbers all go in.
func TestImportNumbersAcrossOps(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := mustUser(t, db, "ana@example.com")
		rid := core.NewID(time.Now())
		push := func(mutation int64, typ string, payload any) {
			t.Helper()
			body, _ := json.Marshal(payload)
			op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: typ, Payload: body}
			res, err := db.Push(ctx, u.ID, "c1", []protocol.Op{op}, time.Now)
			if err != nil || res[0].Status != store.StatusApplied {
				t.Fatalf("%s: %+v %v", typ, res, err)
			}
		}
		push(1, protocol.TypeRaffleCreate, map[string]any{"id": rid, "code": "K7P2QX", "title": "Rifa", "type": "tickets",
			"winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000})
		held := core.NewID(time.Now())
		push(2, protocol.TypeParticipantsAdd, map[string]any{"tickets": []map[string]any{{"id": held, "group_id": held, "name": "Bia", "ticket_number": "001"}}})

		// 5,001 tickets: two ops; the last one's number is given by fix.
		tickets := func(fix func(last *protocol.Ticket)) []protocol.Ticket {
			ids := core.NewIDs(protocol.MaxBatch+1, time.Now())
			out := make([]protocol.Ticket, len(ids))
			for i, id := range ids {
				n := fmt.Sprintf("%06d", 100000+i)
				out[i] = protocol.Ticket{ID: id, GroupID: id, Name: fmt.Sprintf("Pessoa %d", i), TicketNumber: &n}
			}
			fix(&out[len(out)-1])
			return out
		}
		refused := func(name string, ts []protocol.Ticket) {
			t.Helper()
			err := db.ImportTickets(ctx, u.ID, rid, ts, time.Now)
			var ce *core.Error
			if !errors.As(err, &ce) || ce.Code != core.CodeInvalidInput {
				t.Fatalf("%s: want a refusal, got %v", name, err)
			}
		}
		refused("a number the raffle held", tickets(func(last *protocol.Ticket) { n := "001"; last.TicketNumber = &n }))
		refused("a number the first op wrote", tickets(func(last *protocol.Ticket) { n := "100000"; last.TicketNumber = &n }))
		// The second op's checks run ahead, while the first op's tickets go in.
		refused("a name the second op's checks refuse", tickets(func(last *protocol.Ticket) { last.Name = " " }))
		if err := db.ImportTickets(ctx, u.ID, rid, tickets(func(*protocol.Ticket) {}), time.Now); err != nil {
			t.Fatalf("distinct numbers: %v", err)
		}
		target, err := db.ImportTarget(ctx, u.ID, rid)
		if err != nil || target.Tickets != protocol.MaxBatch+2 || len(target.Taken) != protocol.MaxBatch+2 {
			t.Fatalf("after: %d tickets, %d numbers, %v", target.Tickets, len(target.Taken), err)
		}
	})
}
