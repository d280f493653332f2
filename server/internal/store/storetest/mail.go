package storetest

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
)

// EmailTokenHashes lists what is stored of every e-mailed link's token.
func EmailTokenHashes(t testing.TB, db *store.DB) [][]byte {
	t.Helper()
	pool, q := db.Raw()
	rows, err := pool.Query(q(`SELECT token_hash FROM email_tokens ORDER BY created_at`))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var h []byte
		if err := rows.Scan(&h); err != nil {
			t.Fatal(err)
		}
		out = append(out, h)
	}
	return out
}

// CountOutbox counts the messages (and reset requests) waiting to be sent.
func CountOutbox(t testing.TB, db *store.DB) int {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM mail_outbox`)
}
