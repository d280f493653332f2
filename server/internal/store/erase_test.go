package store_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Every SQLite connection zeroes what a delete or an update frees, so erased
// rows leave no bytes in free pages or cells (TestDeletionErasesPersonalData
// in httpapi finds them without it).
func TestSQLiteSecureDelete(t *testing.T) {
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
