package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/sorteio/sorteio/sync/protocol"
)

// ticketChunk rows per INSERT: 9 parameters each stays far below both
// databases' parameter limits.
const ticketChunk = 500

// anyTicketExists reports whether any of the ticket ids is already in the
// raffle (so a retry under a new op id cannot double a ticket). Ids are
// unique per raffle: one used in another account's raffle says nothing.
func (db *DB) anyTicketExists(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket) (bool, error) {
	ids := make([]string, len(tickets))
	for i, t := range tickets {
		ids[i] = t.ID
	}
	found := false
	err := db.inChunks(ids, func(in string, args []any) error {
		if found {
			return nil
		}
		var one int
		err := tx.QueryRowContext(ctx, db.q(`SELECT 1 FROM participants WHERE raffle_id = ? AND id `+in+` LIMIT 1`),
			append([]any{raffleID}, args...)...).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	return found, err
}

// addTickets writes new tickets and moves the raffle's counters; known
// counts the tickets each of their groups already has in the raffle, and
// newPeople how many of the groups it lacks. taken is true, and nothing is
// written, when a ticket id is already in the raffle.
func (db *DB) addTickets(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, newPeople int, now time.Time) (taken bool, err error) {
	if taken, err := db.anyTicketExists(ctx, tx, raffleID, tickets); err != nil || taken {
		return taken, err
	}
	if err := db.insertTickets(ctx, tx, raffleID, tickets, known, now); err != nil {
		return false, err
	}
	return false, db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets + ?, groups_count = groups_count + ? WHERE id = ?`,
		len(tickets), newPeople, raffleID)
}

// removeGroup deletes a person's tickets (count of them) and moves the
// raffle's counters.
func (db *DB) removeGroup(ctx context.Context, tx *sql.Tx, raffleID, groupID string, count int) error {
	if err := db.exec(ctx, tx, `DELETE FROM participants WHERE raffle_id = ? AND group_id = ?`, raffleID, groupID); err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets - ?, groups_count = groups_count - 1 WHERE id = ?`, count, raffleID)
}

// insertTickets writes tickets with multi-row inserts. The first ticket of a
// group not yet in the raffle (known counts its tickets) heads the person in
// the public list.
func (db *DB) insertTickets(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, now time.Time) error {
	at := millis(now)
	headed := make(map[string]bool)
	for start := 0; start < len(tickets); start += ticketChunk {
		part := tickets[start:min(start+ticketChunk, len(tickets))]
		var b strings.Builder
		b.WriteString(`INSERT INTO participants (id, raffle_id, group_id, name, name_key, email, ticket_number, person_head, created_at) VALUES `)
		args := make([]any, 0, len(part)*9)
		for i, t := range part {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			head := 0
			if known[t.GroupID] == 0 && !headed[t.GroupID] {
				head, headed[t.GroupID] = 1, true
			}
			args = append(args, t.ID, raffleID, t.GroupID, t.Name, NameKey(t.Name), nullable(t.Email), nullable(t.TicketNumber), head, at)
		}
		if _, err := tx.ExecContext(ctx, db.q(b.String()), args...); err != nil {
			return err
		}
	}
	return nil
}

// loadTicketNumbers reads what the ticket-number rule needs for an op: which
// of its numbers the raffle holds (by index), and, only when a ticket came
// without a number, the raffle's highest one (a read of every number).
func (db *DB) loadTicketNumbers(ctx context.Context, tx *sql.Tx, raffleID string, m protocol.Mutation, st *protocol.State) error {
	numbers, missing := protocol.TicketNumbers(m)
	st.TakenNumbers = make(map[string]bool)
	err := db.inChunks(numbers, func(in string, args []any) error {
		// In the index's collation (migration 0007), so PostgreSQL uses it.
		rows, err := tx.QueryContext(ctx, db.q(`SELECT ticket_number FROM participants WHERE raffle_id = ? AND ticket_number`+db.collateC()+` `+in),
			append([]any{raffleID}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				return err
			}
			st.TakenNumbers[n] = true
		}
		return rows.Err()
	})
	if err != nil || !missing {
		return err
	}
	rows, err := tx.QueryContext(ctx, db.q(`SELECT ticket_number FROM participants WHERE raffle_id = ? AND ticket_number IS NOT NULL`), raffleID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var all []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		all = append(all, n)
	}
	st.HighestNumber = protocol.HighestNumber(all)
	return rows.Err()
}

func nullable(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
