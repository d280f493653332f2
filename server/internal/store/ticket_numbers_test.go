package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Texts a ticket number takes here: the same values with and without
// leading zeros, numbers past the width, and some that are not all digits.
var numberTexts = []string{"1", "01", "001", "2", "002", "007", "7", "010", "10", "099", "100", "0100", "1000", "A1", "x-2"}

// Random adds (numbers given, provisional, repeated, left out) and removals of people, on
// both databases, against a reference that holds the raffle's numbers: every
// op gets the reference's answer, and the stored numbers are the
// reference's. The store skips looking up numbers above the raffle's
// number_bound; a bound too low, or a lookup skipped below it, lets a held
// number in twice and fails here.
func TestTicketNumbersAgainstAReference(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				numbersAgainstReference(t, db, rand.New(rand.NewPCG(seed, 17)))
			})
		})
	}
}

func numbersAgainstReference(t *testing.T, db *store.DB, rng *rand.Rand) {
	ctx := context.Background()
	u := mustUser(t, db, "ana@example.com")
	client, rid, mutation := core.NewID(time.Now()), core.NewID(time.Now()), int64(0)
	push := func(typ string, payload any) store.OpResult {
		t.Helper()
		body, err := json.Marshal(payload)
		if err != nil {
			t.Fatal(err)
		}
		mutation++
		op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: typ, Payload: body}
		res, err := db.Push(ctx, u.ID, client, []protocol.Op{op}, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		return res[0]
	}
	if res := push(protocol.TypeRaffleCreate, map[string]any{"id": rid, "code": "K7P2QX", "title": "Rifa", "type": "tickets",
		"winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000}); res.Status != store.StatusApplied {
		t.Fatalf("create: %+v", res)
	}

	held := map[string][]string{} // group → its numbers, in the reference
	var groups []string
	ticket, renumbered, refused := 0, 0, 0
	for step := 0; step < 60; step++ {
		if len(groups) > 0 && rng.IntN(4) == 0 {
			i := rng.IntN(len(groups))
			g := groups[i]
			if res := push(protocol.TypeParticipantsDrop, map[string]string{"group_id": g}); res.Status != store.StatusApplied {
				t.Fatalf("step %d: removal: %+v", step, res)
			}
			delete(held, g)
			groups = slices.Delete(groups, i, i+1)
			continue
		}
		g := core.NewID(time.Now())
		var tickets []protocol.Ticket
		var sent []map[string]any
		for range 1 + rng.IntN(3) {
			ticket++
			tk := protocol.Ticket{ID: fmt.Sprintf("0190a000-0000-7000-8000-%012d", ticket), GroupID: g, Name: "Pessoa"}
			p := map[string]any{"id": tk.ID, "group_id": g, "name": tk.Name}
			if rng.IntN(5) > 0 {
				n := numberTexts[rng.IntN(len(numberTexts))]
				tk.TicketNumber, p["ticket_number"] = &n, n
				if rng.IntN(3) == 0 { // a number the device chose: renumbered on a clash
					tk.Provisional, p["provisional"] = true, true
				}
			}
			tickets, sent = append(tickets, tk), append(sent, p)
		}
		all := slices.Concat(slices.Collect(maps.Values(held))...)
		want, rej := protocol.NumberTickets(tickets, func(n string) bool { return slices.Contains(all, n) }, protocol.HighestNumber(all))
		res := push(protocol.TypeParticipantsAdd, map[string]any{"tickets": sent})
		if rej != nil {
			if res.Status != store.StatusRejected || res.Reason != rej.Reason {
				t.Fatalf("step %d: %v over %v: got %+v, want %s", step, sent, all, res, rej.Reason)
			}
			continue
		}
		if res.Status != store.StatusApplied || res.Renumbered != want.Renumbered || !slices.Equal(res.Refused, want.Refused) {
			t.Fatalf("step %d: %v over %v: got %+v, want %d renumbered, refused %v", step, sent, all, res, want.Renumbered, want.Refused)
		}
		renumbered += want.Renumbered
		refused += len(want.Refused)
		for _, tk := range want.Tickets {
			held[g] = append(held[g], *tk.TicketNumber)
		}
		groups = append(groups, g)
	}

	if renumbered == 0 || refused == 0 {
		t.Fatalf("%d provisional numbers renumbered, %d typed ones refused: the run tests nothing of one", renumbered, refused)
	}
	want := slices.Concat(slices.Collect(maps.Values(held))...)
	slices.Sort(want)
	got := storetest.TicketNumbers(t, db, rid)
	if !slices.Equal(got, want) {
		t.Fatalf("stored numbers %v, reference %v", got, want)
	}
	bound := storetest.NumberBound(t, db, rid)
	for _, n := range got {
		if protocol.NumberAbove(bound, n) {
			t.Errorf("number %s is above the bound %q", n, bound)
		}
	}
}
