package storetest

import (
	"slices"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
)

// Checks that read or move the database behind the store's back: tests use
// them to prove what was (not) written and to reach states no op reaches.
// They fail the test on a database error.

// count runs a COUNT query written with ? placeholders.
func count(t testing.TB, db *store.DB, query string, args ...any) int {
	t.Helper()
	pool, q := db.Raw()
	var n int
	if err := pool.QueryRow(q(query), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func exec(t testing.TB, db *store.DB, query string, args ...any) {
	t.Helper()
	pool, q := db.Raw()
	if _, err := pool.Exec(q(query), args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// CountUsers counts accounts.
func CountUsers(t testing.TB, db *store.DB) int {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM users`)
}

// CountSessions counts sessions.
func CountSessions(t testing.TB, db *store.DB) int {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM sessions`)
}

// CountChanges counts a raffle's log entries.
func CountChanges(t testing.TB, db *store.DB, raffleID string) int {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM changes WHERE raffle_id = ?`, raffleID)
}

// CountDrawRows counts a raffle's rounds and winners.
func CountDrawRows(t testing.TB, db *store.DB, raffleID string) (draws, winners int) {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM draws WHERE raffle_id = ?`, raffleID),
		count(t, db, `SELECT COUNT(*) FROM winners WHERE raffle_id = ?`, raffleID)
}

// CountEmails counts the raffle's participants that still have an e-mail.
func CountEmails(t testing.TB, db *store.DB, raffleID string) int {
	return count(t, db, `SELECT COUNT(*) FROM participants WHERE raffle_id = ? AND email IS NOT NULL`, raffleID)
}

// CountParticipants counts the raffle's participant rows (tickets).
func CountParticipants(t testing.TB, db *store.DB, raffleID string) int {
	return count(t, db, `SELECT COUNT(*) FROM participants WHERE raffle_id = ?`, raffleID)
}

// Counters returns a raffle's stored ticket and people counters.
func Counters(t testing.TB, db *store.DB, raffleID string) (tickets, people int) {
	t.Helper()
	pool, q := db.Raw()
	if err := pool.QueryRow(q(`SELECT tickets, groups_count FROM raffles WHERE id = ?`), raffleID).Scan(&tickets, &people); err != nil {
		t.Fatalf("raffle %s: %v", raffleID, err)
	}
	return tickets, people
}

// LoggedOpIDs lists the op id of every log entry of every raffle.
func LoggedOpIDs(t testing.TB, db *store.DB) []string {
	t.Helper()
	return texts(t, db, `SELECT op_id FROM changes`)
}

// texts runs a query of one text column written with ? placeholders.
func texts(t testing.TB, db *store.DB, query string, args ...any) []string {
	t.Helper()
	pool, q := db.Raw()
	rows, err := pool.Query(q(query), args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// SetEpoch moves a raffle's log to a new epoch, as a compaction or a restore
// would: devices holding older cursors must refetch the snapshot.
func SetEpoch(t testing.TB, db *store.DB, raffleID string, epoch int64) {
	t.Helper()
	exec(t, db, `UPDATE raffles SET epoch = ? WHERE id = ?`, epoch, raffleID)
}

// SetRaffleStatus moves a raffle's status without a draw.
func SetRaffleStatus(t testing.TB, db *store.DB, raffleID, status string) {
	t.Helper()
	exec(t, db, `UPDATE raffles SET status = ? WHERE id = ?`, status, raffleID)
}

// TicketNumbers lists the raffle's stored ticket numbers, sorted as bytes.
func TicketNumbers(t testing.TB, db *store.DB, raffleID string) []string {
	t.Helper()
	out := texts(t, db, `SELECT ticket_number FROM participants WHERE raffle_id = ? AND ticket_number IS NOT NULL`, raffleID)
	slices.Sort(out)
	return out
}

// NumberBound returns the raffle's stored number bound (migration 0017).
func NumberBound(t testing.TB, db *store.DB, raffleID string) string {
	t.Helper()
	pool, q := db.Raw()
	var bound string
	if err := pool.QueryRow(q(`SELECT number_bound FROM raffles WHERE id = ?`), raffleID).Scan(&bound); err != nil {
		t.Fatalf("raffle %s: %v", raffleID, err)
	}
	return bound
}

// EmailProven says whether the account's e-mail counts as proven (its
// email_verified_at is set).
func EmailProven(t testing.TB, db *store.DB, userID string) bool {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM users WHERE id = ? AND email_verified_at IS NOT NULL`, userID) == 1
}

// CountContactHeads counts a raffle's tickets in its e-mail and phone
// indexes (migration 0035).
func CountContactHeads(t testing.TB, db *store.DB, raffleID string) int {
	t.Helper()
	return count(t, db, `SELECT COUNT(*) FROM participants WHERE raffle_id = ? AND contact_head = 1`, raffleID)
}
