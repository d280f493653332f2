package store_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A trigger that refuses one name stands for any database error an op's own
// data causes (a constraint, a value the column cannot hold).
var refuseName = map[string][]string{
	"sqlite": {`CREATE TRIGGER refuse_name BEFORE INSERT ON participants WHEN NEW.name = 'Recusado'
		BEGIN SELECT RAISE(ABORT, 'nome recusado'); END`},
	"postgres": {`CREATE FUNCTION refuse_name() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN IF NEW.name = 'Recusado' THEN RAISE EXCEPTION 'nome recusado'; END IF; RETURN NEW; END $$`,
		`CREATE TRIGGER refuse_name BEFORE INSERT ON participants FOR EACH ROW EXECUTE FUNCTION refuse_name()`},
}

// One op whose data the database refuses is rejected (op_failed, recorded,
// nothing of it written), and the ops after it in the same push apply.
func TestDataFaultRejectsOnlyItsOp(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			ctx := context.Background()
			dsn := storetest.DSN(t, dialect)
			db, err := store.Open(ctx, dsn, storetest.Logger(t))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			driver := map[string]string{"sqlite": "sqlite", "postgres": "pgx"}[dialect]
			raw, err := sql.Open(driver, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			for _, stmt := range refuseName[dialect] {
				if _, err := raw.Exec(stmt); err != nil {
					t.Fatalf("trigger: %v", err)
				}
			}

			now := time.Now()
			u := core.User{ID: core.NewID(now), Email: "ana@example.com", PasswordHash: "x", CreatedAt: now}
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			client, rid := core.NewID(now), core.NewID(now)
			mutation := int64(0)
			op := func(typ, payload string) protocol.Op {
				mutation++
				return protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: typ, Payload: json.RawMessage(payload)}
			}
			add := func(name string) protocol.Op {
				id := core.NewID(time.Now())
				return op(protocol.TypeParticipantsAdd, fmt.Sprintf(`{"tickets":[{"id":%q,"name":%q,"group_id":%q}]}`, id, name, id))
			}
			ops := []protocol.Op{
				op(protocol.TypeRaffleCreate, fmt.Sprintf(`{"id":%q,"code":"K7P2QX","title":"Rifa","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid)),
				add("Ana"),
				add("Recusado"),
				add("Bia"),
				op(protocol.TypeRaffleUpdate, `{"title":"Rifa nova"}`),
			}
			want := []string{"applied", "applied", "rejected:op_failed", "applied", "applied"}
			results, err := db.Push(ctx, u.ID, client, ops, time.Now)
			if err != nil {
				t.Fatalf("push: %v", err)
			}
			for i, res := range results {
				got := res.Status
				if res.Reason != "" {
					got += ":" + res.Reason
				}
				if got != want[i] {
					t.Fatalf("op %d: %s (%s), want %s", i+1, got, res.Message, want[i])
				}
			}
			// Its retry gets the recorded answer back.
			again, err := db.Push(ctx, u.ID, client, ops[2:3], time.Now)
			if err != nil || again[0].Status != store.StatusDuplicate || again[0].Reason != protocol.ReasonOpFailed || again[0].Message == "" {
				t.Fatalf("retry: %+v %v", again, err)
			}
			snap, err := db.Snapshot(ctx, u.ID, rid)
			if err != nil {
				t.Fatal(err)
			}
			tickets, err := snap.Tickets.Tickets()
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range tickets {
				names = append(names, p.Name)
			}
			sort.Strings(names) // tickets made in one millisecond have no order between them
			if fmt.Sprint(names) != "[Ana Bia]" || snap.Raffle.Title != "Rifa nova" || snap.HeadSeq != 4 {
				t.Fatalf("after: names %v, title %q, head %d", names, snap.Raffle.Title, snap.HeadSeq)
			}
		})
	}
}
