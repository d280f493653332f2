package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A commit leaves SQLite's WAL as it is, however large (the default would
// copy it into the database file past 1,000 pages, inside the commit); the
// background checkpoint copies it, and the data reads the same after.
func TestSQLiteCheckpointsOutsideCommits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, path := sqliteAt(t)
	if err := db.CheckpointNow(ctx); err != nil { // the migrations' pages
		t.Fatal(err)
	}
	size := func(name string) int64 {
		t.Helper()
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		return info.Size()
	}
	before := size(path)

	u := mustUser(t, db, "ana@example.com")
	client, rid, now := core.NewID(time.Now()), core.NewID(time.Now()), time.Now()
	ops := []protocol.Op{{OpID: core.NewID(now), MutationID: 1, RaffleID: rid, Type: protocol.TypeRaffleCreate,
		Payload: json.RawMessage(fmt.Sprintf(`{"id":%q,"code":"K7P2QX","title":"Rifa","type":"tickets","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid))}}
	for op := range 4 {
		tickets := make([]map[string]string, 5000)
		for i := range tickets {
			n := op*5000 + i
			tickets[i] = map[string]string{"id": fmt.Sprintf("0190a000-0000-7000-8000-%012d", n), "group_id": fmt.Sprintf("0190a000-0000-7000-9000-%012d", n/10),
				"name": fmt.Sprintf("Participante %d", n/10)}
		}
		payload, _ := json.Marshal(map[string]any{"tickets": tickets})
		ops = append(ops, protocol.Op{OpID: core.NewID(now), MutationID: int64(op + 2), RaffleID: rid, Type: protocol.TypeParticipantsAdd, Payload: payload})
	}
	for _, op := range ops {
		if res, err := db.Push(ctx, u.ID, client, []protocol.Op{op}, time.Now); err != nil || res[0].Status != store.StatusApplied {
			t.Fatalf("%s: %+v %v", op.Type, res, err)
		}
	}
	if wal := size(path + "-wal"); wal < 4096*1000 {
		t.Fatalf("the WAL holds %d bytes: too few pages to have passed the default threshold", wal)
	}
	if got := size(path); got != before {
		t.Errorf("the database file went from %d to %d bytes: a commit checkpointed", before, got)
	}
	// The background loop, not a call of the test's, copies the WAL into the file.
	db.StartCheckpoints(10 * time.Millisecond)
	for deadline := time.Now().Add(30 * time.Second); size(path) <= before+4096*1000; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no background checkpoint: the database file has %d bytes (%d before the writes)", size(path), before)
		}
	}
	if n := storetest.CountParticipants(t, db, rid); n != 20_000 {
		t.Errorf("%d tickets, want 20,000", n)
	}
}

// sqliteAt opens a fresh SQLite database and returns it with its file's
// path, its background checkpoints stopped until the test starts them.
func sqliteAt(t *testing.T) (*store.DB, string) {
	t.Helper()
	path := storetest.DSN(t, "sqlite")
	db, err := store.Open(context.Background(), path, storetest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.StopCheckpoints()
	return db, path
}
