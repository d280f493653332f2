package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// An add whose answer was lost is sent again; the recorded answer comes back
// with its per-ticket lists: the provisional numbers replaced and the typed
// ones refused. Without them (the answer read from ops without the columns),
// the device would take its refused ticket for added and lose it.
func TestResentAddGetsItsPerTicketAnswer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u := mustUser(t, db, "ana@example.com")
		client, rid := core.NewID(time.Now()), core.NewID(time.Now())
		op := func(mutation int64, typ string, payload any) protocol.Op {
			body, err := json.Marshal(payload)
			if err != nil {
				t.Fatal(err)
			}
			return protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: typ, Payload: body}
		}
		ticket := func(id, number string, provisional bool) map[string]any {
			return map[string]any{"id": id, "group_id": id, "name": "Pessoa " + number, "ticket_number": number, "provisional": provisional}
		}
		first := []protocol.Op{
			op(1, protocol.TypeRaffleCreate, map[string]any{"id": rid, "code": "K7P2QX", "title": "Rifa", "type": "tickets",
				"winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000}),
			op(2, protocol.TypeParticipantsAdd, map[string]any{"tickets": []any{
				ticket("0190a000-0000-7000-8000-000000000001", "005", false),
				ticket("0190a000-0000-7000-8000-000000000002", "006", false)}}),
		}
		if _, err := db.Push(ctx, u.ID, client, first, time.Now); err != nil {
			t.Fatal(err)
		}
		// 005 typed again (refused), 006 chosen by the device (renumbered).
		add := op(3, protocol.TypeParticipantsAdd, map[string]any{"tickets": []any{
			ticket("0190a000-0000-7000-8000-000000000003", "005", false),
			ticket("0190a000-0000-7000-8000-000000000004", "006", true),
			ticket("0190a000-0000-7000-8000-000000000005", "010", false)}})
		res, err := db.Push(ctx, u.ID, client, []protocol.Op{add}, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		want := []protocol.RefusedTicket{{ID: "0190a000-0000-7000-8000-000000000003", TicketNumber: "005", Reason: protocol.ReasonTicketNumberTaken}}
		if got := res[0]; got.Status != store.StatusApplied || got.Renumbered != 1 || !slices.Equal(got.Refused, want) {
			t.Fatalf("first answer %+v, want applied, 1 renumbered, refused %v", got, want)
		}
		again, err := db.Push(ctx, u.ID, client, []protocol.Op{add}, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		if got := again[0]; got.Status != store.StatusDuplicate || got.Seq != res[0].Seq || got.Renumbered != 1 || !slices.Equal(got.Refused, want) {
			t.Fatalf("re-sent answer %+v, want duplicate of seq %d, 1 renumbered, refused %v", got, res[0].Seq, want)
		}
		// An op without per-ticket lists is answered without them.
		plain := op(4, protocol.TypeRaffleUpdate, map[string]any{"title": "Rifa 2"})
		for range 2 {
			res, err := db.Push(ctx, u.ID, client, []protocol.Op{plain}, time.Now)
			if err != nil {
				t.Fatal(err)
			}
			if res[0].Renumbered != 0 || res[0].Refused != nil {
				t.Fatalf("update answered %+v", res[0])
			}
		}
	})
}
