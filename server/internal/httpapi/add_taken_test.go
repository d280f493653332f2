package httpapi_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// An add of 1,200 tickets (three INSERTs on SQLite) whose last ticket id
// the raffle already holds writes none of them: the database finds the id
// while the rows go in, and the op's rows are taken back out (PostgreSQL:
// to a savepoint; SQLite: the op's whole transaction, the rejection recorded
// in a new one). The push goes on with the next op.
func TestAddWithTakenIDWritesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		held := person("Ana", 1)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(held))), "applied", "applied")

		var batch [][]ticket
		for i := 0; i < 120; i++ {
			batch = append(batch, person("Bia", 10))
		}
		last := batch[len(batch)-1]
		last[len(last)-1].ID = held[0].ID
		next := person("Caio", 2)
		taken := c.op(rid, "participants.add", addPayload(batch...))
		got := c.push(t, e, taken, c.op(rid, "participants.add", addPayload(next)))
		wantStatuses(t, got, "rejected:participant_exists", "applied")
		// The rejection is recorded: a retry of the op gets it back.
		if again := c.push(t, e, taken); again[0].Status != "duplicate" || again[0].Reason != "participant_exists" {
			t.Errorf("retry answered %+v, want the recorded participant_exists", again[0])
		}

		if n := storetest.CountParticipants(t, db, rid); n != 3 {
			t.Errorf("%d participants rows, want 3 (Ana's and Caio's)", n)
		}
		if tickets, people := storetest.Counters(t, db, rid); tickets != 3 || people != 2 {
			t.Errorf("counters: %d tickets, %d people; want 3 and 2", tickets, people)
		}
		if n := storetest.CountChanges(t, db, rid); n != 3 {
			t.Errorf("log has %d entries, want 3", n)
		}
	})
}
