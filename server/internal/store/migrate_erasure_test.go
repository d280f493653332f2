package store_test

import (
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// 0020 erases from raffles deleted before it what a deletion now erases:
// their log's payloads, their winners' invalidation reasons and their
// tickets' e-mails. A live raffle keeps all three.
func TestMigration0020ErasesDeletedRaffles(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			db, dsn, owner, exec := atVersion(t, dialect, 17)
			now := time.Now().UnixMilli()
			deleted, _ := seedAt(t, db, 17, owner)
			exec(`UPDATE raffles SET code = 'K7P2QZ', deleted_at = ? WHERE id = ?`, now, deleted)
			live, _ := seedAt(t, db, 17, owner)
			for _, rid := range []string{deleted, live} {
				exec(`UPDATE participants SET email = 'bruno@example.com' WHERE raffle_id = ?`, rid)
				exec(`UPDATE winners SET is_valid = ?, invalidation_reason = 'Bruno viu' WHERE raffle_id = ?`, false, rid)
				exec(`INSERT INTO changes (raffle_id, seq, op_id, type, payload, user_id, at) VALUES (?, 2, ?, 'participants.add', ?, ?, ?)`,
					rid, core.NewID(time.Now()), `{"tickets":[{"name":"Bruno","email":"bruno@example.com"}]}`, owner, now)
			}
			db = upgraded(t, db, dsn)
			pool, q := db.Raw()
			for rid, want := range map[string]struct{ emails, payloads, reasons int }{deleted: {0, 0, 0}, live: {2, 1, 1}} {
				var payloads, reasons int
				if err := pool.QueryRow(q(`SELECT (SELECT COUNT(*) FROM changes WHERE raffle_id = ? AND payload <> '{}'),
					(SELECT COUNT(*) FROM winners WHERE raffle_id = ? AND invalidation_reason IS NOT NULL)`), rid, rid).Scan(&payloads, &reasons); err != nil {
					t.Fatal(err)
				}
				got := struct{ emails, payloads, reasons int }{storetest.CountEmails(t, db, rid), payloads, reasons}
				if got != want {
					t.Errorf("raffle deleted: %v: e-mails, payloads, reasons %+v, want %+v", rid == deleted, got, want)
				}
			}
		})
	}
}
