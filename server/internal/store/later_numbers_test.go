package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// laterDevice pushes one device's ops to one ticket raffle.
type laterDevice struct {
	t        *testing.T
	db       *store.DB
	user     string
	client   string
	raffle   string
	mutation int64
	ticket   *int
}

// add is a participants.add op of one person per ticket: a number per ticket
// ("" for none), provisional when the device chose it.
func (d *laterDevice) add(provisional bool, numbers ...string) protocol.Op {
	var tickets []map[string]any
	for _, n := range numbers {
		*d.ticket++
		id := fmt.Sprintf("0190a000-0000-7000-8000-%012d", *d.ticket)
		tk := map[string]any{"id": id, "group_id": id, "name": "Pessoa " + n}
		if n != "" {
			tk["ticket_number"] = n
			if provisional {
				tk["provisional"] = true
			}
		}
		tickets = append(tickets, tk)
	}
	return d.op(protocol.TypeParticipantsAdd, map[string]any{"tickets": tickets})
}

func (d *laterDevice) op(typ string, payload any) protocol.Op {
	body, err := json.Marshal(payload)
	if err != nil {
		d.t.Fatal(err)
	}
	d.mutation++
	return protocol.Op{OpID: core.NewID(time.Now()), MutationID: d.mutation, RaffleID: d.raffle, Type: typ, Payload: body}
}

func (d *laterDevice) push(ops ...protocol.Op) []store.OpResult {
	d.t.Helper()
	res, err := d.db.Push(context.Background(), d.user, d.client, ops, time.Now)
	if err != nil {
		d.t.Fatal(err)
	}
	return res
}

func numbers(from, to int) []string {
	var out []string
	for n := from; n <= to; n++ {
		out = append(out, fmt.Sprintf("%03d", n))
	}
	return out
}

// twoDevicesOfOneRaffle: one account, a ticket raffle made by the first device.
func twoDevicesOfOneRaffle(t *testing.T, db *store.DB) (a, b *laterDevice) {
	u := mustUser(t, db, "ana@example.com")
	rid, ticket := core.NewID(time.Now()), 0
	a = &laterDevice{t: t, db: db, user: u.ID, client: core.NewID(time.Now()), raffle: rid, ticket: &ticket}
	b = &laterDevice{t: t, db: db, user: u.ID, client: core.NewID(time.Now()), raffle: rid, ticket: &ticket}
	res := a.push(a.op(protocol.TypeRaffleCreate, map[string]any{"id": rid, "code": "K7P2QX", "title": "Rifa", "type": "tickets",
		"winners_count": 1, "countdown_seconds": 0, "created_at": 1763700000000}))
	if res[0].Status != store.StatusApplied {
		t.Fatalf("create: %+v", res[0])
	}
	return a, b
}

// The import, at a smaller scale: device A, offline, queued a
// names-only import numbered 001–005 by itself and then an import with typed
// numbers 006–010; meanwhile device B gave out 001–005. The first import is
// renumbered: before, into 006–010, and the second then lost every ticket to
// the device's own renumbered one. Now the server's numbers keep clear of
// what the later op holds (011–015), and the typed ones all go in.
func TestRenumberingKeepsClearOfTheDevicesLaterNumbers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, b := twoDevicesOfOneRaffle(t, db)
		if res := b.push(b.add(false, numbers(1, 5)...)); res[0].Status != store.StatusApplied {
			t.Fatalf("B's add: %+v", res[0])
		}
		res := a.push(a.add(true, numbers(1, 5)...), a.add(false, numbers(6, 10)...))
		if res[0].Status != store.StatusApplied || res[0].Renumbered != 5 {
			t.Fatalf("names-only import: %+v, want applied with 5 renumbered", res[0])
		}
		if res[1].Status != store.StatusApplied || len(res[1].Refused) != 0 {
			t.Fatalf("typed import: %+v, want every ticket applied", res[1])
		}
		if got, want := storetest.TicketNumbers(t, db, a.raffle), numbers(1, 15); !slices.Equal(got, want) {
			t.Fatalf("numbers %v, want %v", got, want)
		}
	})
}

// A number the device chose, free on the server, that a later op of the same
// push typed gives way to the typed one; tickets sent without a number skip
// it too. Typed numbers of the same device still clash as before.
func TestTypedNumbersOfALaterOpWinOverChosenOnes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, _ := twoDevicesOfOneRaffle(t, db)
		res := a.push(a.add(true, "001", "002"), a.add(false, "", ""), a.add(false, "002", "004", "005"), a.add(false, "003"), a.add(false, "004"))
		for i, renumbered := range []int{1, 0, 0, 0} {
			if res[i].Status != store.StatusApplied || res[i].Renumbered != renumbered || len(res[i].Refused) != 0 {
				t.Fatalf("op %d: %+v, want applied, %d renumbered", i, res[i], renumbered)
			}
		}
		// The last op's typed 004 came after the third op's: refused, as before.
		if res[4].Status != store.StatusRejected || res[4].Reason != protocol.ReasonTicketNumberTaken {
			t.Fatalf("op 4: %+v, want ticket_number_taken", res[4])
		}
		// 001 kept; 002 (typed later) becomes 006, after 002–005 held later; the
		// two without a number get 007 and 008.
		if got, want := storetest.TicketNumbers(t, db, a.raffle), numbers(1, 8); !slices.Equal(got, want) {
			t.Fatalf("numbers %v, want %v", got, want)
		}
	})
}

// Another device's later ops are no concern of this one's: numbers held
// only in another push are taken as before.
func TestLaterNumbersAreThoseOfTheSamePush(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, _ := twoDevicesOfOneRaffle(t, db)
		a.push(a.add(false, "", ""))
		a.push(a.add(false, "003"))
		if got, want := storetest.TicketNumbers(t, db, a.raffle), numbers(1, 3); !slices.Equal(got, want) {
			t.Fatalf("numbers %v, want %v", got, want)
		}
	})
}
