package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// listenPokes collects the store's pokes until the test ends; it returns
// once they flow.
func listenPokes(t *testing.T, db *store.DB) <-chan store.Poke {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	got := make(chan store.Poke, 1000)
	ready := make(chan struct{})
	go db.ListenPokes(ctx, func(p store.Poke) { got <- p }, func() { close(ready) })
	<-ready
	return got
}

// pokesSoFar drains what a listener has heard, without waiting.
func pokesSoFar(heard <-chan store.Poke) []store.Poke {
	var got []store.Poke
	for {
		select {
		case p := <-heard:
			got = append(got, p)
		default:
			return got
		}
	}
}

func mustUser(t *testing.T, db *store.DB, email string) core.User {
	t.Helper()
	now := time.Now()
	u := core.User{ID: core.NewID(now), Email: email, PasswordHash: "x", CreatedAt: now}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// A push of 500 ops over three raffles pokes each raffle once, with its
// highest seq, after the ops committed; a rejected op pokes nothing.
func TestOnePokePerRafflePerPush(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		got := listenPokes(t, db)
		now := time.Now()
		u := mustUser(t, db, "ana@example.com")
		client := core.NewID(now)
		mutation := int64(0)
		op := func(raffleID, typ, payload string) protocol.Op {
			mutation++
			return protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: raffleID, Type: typ,
				Payload: json.RawMessage(payload)}
		}
		raffles := []string{core.NewID(now), core.NewID(now), core.NewID(now)}
		var ops []protocol.Op
		for i, rid := range raffles {
			ops = append(ops, op(rid, protocol.TypeRaffleCreate, fmt.Sprintf(
				`{"id":%q,"code":"K7P2Q%d","title":"Rifa","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid, i+2)))
		}
		for i := len(ops); i < protocol.MaxOpsPerPush; i++ {
			ops = append(ops, op(raffles[i%3], protocol.TypeRaffleUpdate, fmt.Sprintf(`{"countdown_seconds":%d}`, i%300)))
		}
		results, err := db.Push(ctx, u.ID, client, ops, time.Now)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int64{}
		for i, r := range results {
			if r.Status != store.StatusApplied {
				t.Fatalf("op %d: %+v", i, r)
			}
			want[ops[i].RaffleID] = max(want[ops[i].RaffleID], r.Seq)
		}
		// A push whose one op is rejected pokes nothing; then a last push
		// marks the end: every poke of the pushes before it came first.
		if res, err := db.Push(ctx, u.ID, client, []protocol.Op{op(raffles[0], protocol.TypeRaffleUpdate, `{"title":""}`)}, time.Now); err != nil || res[0].Status != store.StatusRejected {
			t.Fatalf("empty title: %+v %v", res, err)
		}
		end := core.NewID(now)
		if _, err := db.Push(ctx, u.ID, client, []protocol.Op{op(end, protocol.TypeRaffleCreate, fmt.Sprintf(
			`{"id":%q,"code":"K7P2QZ","title":"Fim","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, end))}, time.Now); err != nil {
			t.Fatal(err)
		}

		pokes := map[string][]int64{}
		for ended := false; !ended; {
			select {
			case p := <-got:
				if p.UserID != u.ID {
					// NOTIFY is database-wide: tests in other schemas poke too.
					continue
				}
				ended = p.RaffleID == end
				if !ended {
					pokes[p.RaffleID] = append(pokes[p.RaffleID], p.Seq)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("the last push's poke never came; so far %v", pokes)
			}
		}
		if len(pokes) != len(raffles) {
			t.Fatalf("pokes for %d raffles, want %d: %v", len(pokes), len(raffles), pokes)
		}
		for _, rid := range raffles {
			if seqs := pokes[rid]; len(seqs) != 1 || seqs[0] != want[rid] {
				t.Errorf("raffle %s: pokes %v, want one at seq %d", rid, seqs, want[rid])
			}
		}
	})
}

// The instance that commits hears its own pokes before Push returns, not
// after a round trip through PostgreSQL; with PostgreSQL another instance
// hears them through NOTIFY, and no instance hears its own twice.
func TestPokesHeardAtOnceByTheCommittingInstance(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects() {
		t.Run(d, func(t *testing.T) {
			ctx := context.Background()
			dsn := storetest.MigratedDSN(t, d)
			open := func() *store.DB {
				db, err := store.Open(ctx, dsn, storetest.Logger(t))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				return db
			}
			a := open()
			heardA := listenPokes(t, a)
			u := mustUser(t, a, "ana@example.com")
			client := core.NewID(time.Now())
			create := func(db *store.DB, mutation int64, code string) string {
				rid := core.NewID(time.Now())
				op := protocol.Op{OpID: core.NewID(time.Now()), MutationID: mutation, RaffleID: rid, Type: protocol.TypeRaffleCreate,
					Payload: json.RawMessage(fmt.Sprintf(`{"id":%q,"code":%q,"title":"Rifa","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid, code))}
				if res, err := db.Push(ctx, u.ID, client, []protocol.Op{op}, time.Now); err != nil || res[0].Status != store.StatusApplied {
					t.Fatalf("push: %+v %v", res, err)
				}
				return rid
			}
			mine := create(a, 1, "K7P2QA")
			// Only this user's pokes count: NOTIFY is database-wide, and tests in
			// other schemas may poke A's listener before or after its own.
			own := 0
			for _, p := range pokesSoFar(heardA) {
				if p.UserID != u.ID {
					continue
				}
				if p.RaffleID != mine || p.Key != mine {
					t.Fatalf("poke %+v, want raffle %s", p, mine)
				}
				own++
			}
			if own != 1 {
				t.Fatalf("the committing instance had heard %d pokes of its own when Push returned, want 1", own)
			}
			if d != "postgres" {
				return
			}
			b := open()
			heardB := listenPokes(t, b)
			theirs := create(b, 2, "K7P2QB")
			// B's own poke is in before Push returns. A's earlier one may be there too: a new
			// listener can get NOTIFYs committed just before its LISTEN (PostgreSQL's async.c:
			// "We might get a few more but that doesn't hurt"); a poke is only a hint to pull.
			ownHeard := false
			for _, p := range pokesSoFar(heardB) {
				switch {
				case p.RaffleID == theirs:
					ownHeard = true
				case p.RaffleID == mine, p.UserID != u.ID:
					// A's push through NOTIFY; other schemas' tests
				default:
					t.Fatalf("instance B heard %+v", p)
				}
			}
			if !ownHeard {
				t.Fatalf("instance B had not heard its own poke (raffle %s) when Push returned", theirs)
			}
			// NOTIFY keeps the order of sending: A's own notice, sent before
			// B's, would come first.
			for {
				select {
				case p := <-heardA:
					if p.UserID != u.ID {
						continue // NOTIFY is database-wide: tests in other schemas poke too
					}
					if p.RaffleID != theirs {
						t.Fatalf("instance A heard %+v again through NOTIFY", p)
					}
					return
				case <-time.After(10 * time.Second):
					t.Fatal("instance A never heard instance B's push")
				}
			}
		})
	}
}
