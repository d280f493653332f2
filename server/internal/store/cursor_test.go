package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Pulls that run while other ops commit never skip or repeat a change.
func TestCursorCompletenessUnderConcurrentWrites(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		u := core.User{ID: core.NewID(now), Email: "ana@example.com", PasswordHash: "x", CreatedAt: now}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		rid := core.NewID(now)
		create := fmt.Sprintf(`{"id":%q,"code":"K7P2QX","title":"Rifa","type":"simple","winners_count":1,"countdown_seconds":0,"created_at":%d}`, rid, now.UnixMilli())
		res, err := db.Push(ctx, u.ID, core.NewID(now), []protocol.Op{{OpID: core.NewID(now), MutationID: 1, RaffleID: rid,
			Type: protocol.TypeRaffleCreate, Payload: json.RawMessage(create)}}, time.Now)
		if err != nil || res[0].Status != store.StatusApplied {
			t.Fatalf("create: %+v %v", res, err)
		}

		const writers, perWriter = 3, 60
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				client := core.NewID(time.Now())
				for i := 1; i <= perWriter; i++ {
					payload := fmt.Sprintf(`{"countdown_seconds":%d}`, i)
					if i%5 == 0 {
						payload = fmt.Sprintf(`{"tickets":[{"id":%q,"name":"P","group_id":%q}]}`, core.NewID(time.Now()), core.NewID(time.Now()))
					}
					typ := protocol.TypeRaffleUpdate
					if i%5 == 0 {
						typ = protocol.TypeParticipantsAdd
					}
					res, err := db.Push(ctx, u.ID, client, []protocol.Op{{OpID: core.NewID(time.Now()), MutationID: int64(i),
						RaffleID: rid, Type: typ, Payload: json.RawMessage(payload)}}, time.Now)
					if err != nil || res[0].Status != store.StatusApplied {
						errs <- fmt.Errorf("writer op %d: %+v %v", i, res, err)
						return
					}
				}
			}()
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()

		var seen []int64
		var cursor protocol.Cursor
		pull := func() int {
			page, err := db.Changes(ctx, u.ID, rid, cursor, 3)
			if err != nil {
				t.Fatal(err)
			}
			if page.Refetch {
				t.Fatal("unexpected refetch")
			}
			for _, c := range page.Changes {
				seen = append(seen, c.Seq)
			}
			cursor = page.Cursor
			return len(page.Changes)
		}
		for running := true; running; {
			select {
			case <-done:
				running = false
			default:
				pull()
			}
		}
		for pull() > 0 {
		}
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		want := 1 + writers*perWriter
		if len(seen) != want {
			t.Fatalf("saw %d changes, want %d", len(seen), want)
		}
		for i, s := range seen {
			if s != int64(i+1) {
				t.Fatalf("change %d has seq %d: a change was skipped or repeated (%v)", i, s, seen[max(0, i-3):i+1])
			}
		}
	})
}
