package store_test

import (
	"bytes"
	"context"
	"database/sql"
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

// Every SQLite connection zeroes what a delete or an update frees, so erased
// rows leave no bytes in free pages or cells (TestDeletionErasesPersonalData
// in httpapi finds them without it).
func TestSQLiteSecureDelete(t *testing.T) {
	t.Parallel()
	db := storetest.MustOpenDB(t, "sqlite")
	pool, _ := db.Raw()
	pool.SetMaxIdleConns(0) // each query on a new connection: each gets the pragma
	for range 3 {
		var on int
		if err := pool.QueryRow(`PRAGMA secure_delete`).Scan(&on); err != nil {
			t.Fatal(err)
		}
		if on != 1 {
			t.Fatalf("PRAGMA secure_delete = %d, want 1", on)
		}
	}
}

// A reader that holds SQLite's WAL when an account is deleted keeps the WAL
// from being emptied then: the deletion answers anyway, and the background
// loop empties it once the reader is done, so the erased e-mail leaves it.
func TestSQLiteWALEmptiedAfterBusyErasure(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, path := sqliteAt(t)
	db.StartCheckpoints(10 * time.Millisecond)

	u := mustUser(t, db, "ana@example.com")
	const mail = "quincas.borba@erasure.example.com"
	rid, now := core.NewID(time.Now()), time.Now()
	add, _ := json.Marshal(map[string]any{"tickets": []map[string]string{{"id": core.NewID(now), "group_id": core.NewID(now), "name": "Quincas Borba", "email": mail}}})
	ops := []protocol.Op{
		{OpID: core.NewID(now), MutationID: 1, RaffleID: rid, Type: protocol.TypeRaffleCreate,
			Payload: json.RawMessage(fmt.Sprintf(`{"id":%q,"code":"K7P2QX","title":"Rifa","type":"tickets","winners_count":1,"countdown_seconds":0,"created_at":1763700000000}`, rid))},
		{OpID: core.NewID(now), MutationID: 2, RaffleID: rid, Type: protocol.TypeParticipantsAdd, Payload: add},
	}
	if res, err := db.Push(ctx, u.ID, core.NewID(now), ops, time.Now); err != nil || res[1].Status != store.StatusApplied {
		t.Fatalf("push: %+v %v", res, err)
	}

	reader, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	tx, err := reader.Begin()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := tx.QueryRow(`SELECT COUNT(*) FROM participants`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("reader: %d tickets, %v", n, err)
	}
	if err := db.DeleteAccount(ctx, u.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	wal := func() int64 {
		info, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return info.Size()
	}
	if wal() == 0 {
		t.Fatal("the WAL was emptied while a reader held it: the test proves nothing")
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(30 * time.Second); wal() != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the WAL still has %d bytes once the reader is gone: no truncating checkpoint after the erasure", wal())
		}
	}
	for part, b := range storetest.StoredBytes(t, path) {
		if bytes.Contains(b, []byte(mail)) {
			t.Errorf("%s still holds %s", part, mail)
		}
	}
}
