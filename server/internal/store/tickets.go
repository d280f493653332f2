package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sorteio/sorteio/sync/protocol"
)

// ticketChunk rows per INSERT: 11 parameters each stays far below both
// databases' parameter limits.
const ticketChunk = 500

// addTickets writes new tickets and moves the raffle's counters; known
// counts the tickets each of their groups already has in the raffle, and
// newPeople how many of the groups it lacks. taken is true, and nothing is
// written, when a ticket id is already in the raffle (a retry under a new op
// id must not double a ticket; ids are unique per raffle, so one used in
// another account's raffle says nothing). The primary key finds such an id
// while the rows go in: no read of 5,000 ids before every batch.
//
// PostgreSQL takes the op's rows back out with a savepoint. SQLite would
// copy every page a savepoint or a multi-row statement that may stop halfway
// changes into a journal of its own (a tenth of an import's CPU time); there
// the rows go in with INSERT OR ROLLBACK, and nothing else about the table
// can stop a statement (migration 0017), so SQLite keeps no such copy. A
// taken id then rolls the whole transaction back, and addTickets answers
// errTicketTaken: the caller records the rejection in a new one (applyOne,
// ImportTickets).
func (db *DB) addTickets(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, newPeople int, now time.Time) (taken bool, err error) {
	if db.dialect == postgresDialect {
		taken, err = db.insertInSavepoint(ctx, tx, raffleID, tickets, known, now)
	} else {
		err = db.insertRollingBack(ctx, tx, raffleID, tickets, known, now)
	}
	if taken || err != nil {
		return taken, err
	}
	heldNumbersOf(ctx).added(tickets)
	bound, err := db.numberBound(ctx, tx, raffleID)
	if err != nil {
		return false, err
	}
	for _, t := range tickets {
		if t.TicketNumber != nil && protocol.NumberAbove(bound, *t.TicketNumber) {
			bound = *t.TicketNumber
		}
	}
	return false, db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets + ?, groups_count = groups_count + ?, number_bound = ? WHERE id = ?`,
		len(tickets), newPeople, bound, raffleID)
}

// numberBound is an all-digit number of at least the value of every
// all-digit ticket number the raffle holds, or "" when it holds none:
// addTickets raises it, and a removal leaves it (it stays an upper bound).
// Numbers above it need no lookup (loadTicketNumbers).
func (db *DB) numberBound(ctx context.Context, tx *sql.Tx, raffleID string) (string, error) {
	var bound string
	err := tx.QueryRowContext(ctx, db.q(`SELECT number_bound FROM raffles WHERE id = ?`), raffleID).Scan(&bound)
	return bound, err
}

// errTicketTaken: SQLite found a ticket id the raffle holds and rolled the
// op's transaction back (addTickets).
var errTicketTaken = errors.New("ticket id taken: transaction rolled back")

// insertInSavepoint is PostgreSQL's insert of an op's tickets, taken back
// out when an id is taken.
func (db *DB) insertInSavepoint(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, now time.Time) (taken bool, err error) {
	if err := db.exec(ctx, tx, `SAVEPOINT add_tickets`); err != nil {
		return false, err
	}
	err = db.insertTickets(ctx, tx, raffleID, tickets, known, now)
	if isUniqueViolation(err) {
		return true, db.exec(ctx, tx, `ROLLBACK TO SAVEPOINT add_tickets`)
	}
	if err != nil {
		return false, err
	}
	return false, db.exec(ctx, tx, `RELEASE SAVEPOINT add_tickets`)
}

// insertRollingBack is SQLite's insert of an op's tickets.
func (db *DB) insertRollingBack(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, now time.Time) error {
	err := db.insertTickets(ctx, tx, raffleID, tickets, known, now)
	if isUniqueViolation(err) {
		return fmt.Errorf("%w: %w", errTicketTaken, err)
	}
	return err
}

// removeGroup deletes a person's tickets (count of them) and moves the
// raffle's counters.
func (db *DB) removeGroup(ctx context.Context, tx *sql.Tx, raffleID, groupID string, count int) error {
	if err := db.exec(ctx, tx, `DELETE FROM participants WHERE raffle_id = ? AND group_id = ?`, raffleID, groupID); err != nil {
		return err
	}
	return db.exec(ctx, tx, `UPDATE raffles SET tickets = tickets - ?, groups_count = groups_count - 1 WHERE id = ?`, count, raffleID)
}

// storedTicket is a ticket as a participants row adds to it: its name's
// search key, whether it heads its person in the public list, and whether
// it heads its e-mail and phone in its group (contact).
type storedTicket struct {
	protocol.Ticket
	key     string
	head    int32
	contact int32
}

// insertTickets writes tickets in a few statements: PostgreSQL gets one
// INSERT of arrays, SQLite multi-row INSERTs. The first ticket of a group not yet in the raffle (known
// counts its tickets) heads the person in the public list.
func (db *DB) insertTickets(ctx context.Context, tx *sql.Tx, raffleID string, tickets []protocol.Ticket, known map[string]int, now time.Time) error {
	rows := make([]storedTicket, len(tickets))
	headed := make(map[string]bool)
	for i, t := range tickets {
		rows[i] = storedTicket{Ticket: t}
		// A person's tickets come together and share a name: fold it once.
		if i > 0 && t.Name == tickets[i-1].Name {
			rows[i].key = rows[i-1].key
		} else {
			rows[i].key = NameKey(t.Name)
		}
		if known[t.GroupID] == 0 && !headed[t.GroupID] {
			rows[i].head, headed[t.GroupID] = 1, true
		}
		if (t.Email != nil || t.Phone != nil) && (i == 0 || !sameContact(t, tickets[i-1])) {
			rows[i].contact = 1
		}
	}
	if db.dialect == postgresDialect {
		return db.insertTicketArrays(ctx, tx, raffleID, rows, millis(now))
	}
	return db.insertTicketRows(ctx, tx, raffleID, rows, millis(now))
}

// sameContact: t is of the same group as prev, with the same e-mail and
// phone. The e-mail and phone indexes hold only the first ticket of such a
// run (contact_head, migration 0035): every ticket with an e-mail or a phone
// then has one in its group with the same ones that is indexed, and the
// self-check finds a person's tickets through it (publicTickets). A person's
// tickets come together, so a run is usually the person's tickets in the op.
func sameContact(t, prev protocol.Ticket) bool {
	return t.GroupID == prev.GroupID && equalText(t.Email, prev.Email) && equalText(t.Phone, prev.Phone)
}

func equalText(a, b *string) bool {
	return (a == nil) == (b == nil) && (a == nil || *a == *b)
}

// insertTicketArrays is PostgreSQL's insert: the batch as one array per
// column, one statement and one round trip however many tickets.
func (db *DB) insertTicketArrays(ctx context.Context, tx *sql.Tx, raffleID string, rows []storedTicket, at int64) error {
	n := len(rows)
	ids, groups, names, keys := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	emails, numbers, heads := make([]*string, n), make([]*string, n), make([]int32, n)
	phones, contacts := make([]*string, n), make([]int32, n)
	for i, r := range rows {
		ids[i], groups[i], names[i], keys[i] = r.ID, r.GroupID, r.Name, r.key
		emails[i], numbers[i], heads[i], phones[i], contacts[i] = r.Email, r.TicketNumber, r.head, r.Phone, r.contact
	}
	return db.exec(ctx, tx, `INSERT INTO participants (id, raffle_id, group_id, name, name_key, email, ticket_number, person_head, phone,
			contact_head, created_at)
		SELECT t.id, ?, t.group_id, t.name, t.name_key, t.email, t.ticket_number, t.person_head, t.phone, t.contact_head, ?
		FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::int[])
			AS t (id, group_id, name, name_key, email, ticket_number, person_head, phone, contact_head)`,
		raffleID, at, ids, groups, names, keys, emails, numbers, heads, phones, contacts)
}

// insertTicketRows is SQLite's insert: rows of ticketChunk tickets through
// one statement prepared once per batch, not parsed again for every chunk,
// the rest in a last shorter one. Plain ? parameters: with numbered ones
// (?1 for the raffle in every row) the driver asks SQLite each parameter's
// name, a walk of the statement's list of names each: quadratic in the
// parameters, and the binding then took 85 % of an import's CPU.
func (db *DB) insertTicketRows(ctx context.Context, tx *sql.Tx, raffleID string, rows []storedTicket, at int64) error {
	var full *sql.Stmt
	args := make([]any, 0, min(len(rows), ticketChunk)*11)
	for start := 0; start < len(rows); start += ticketChunk {
		part := rows[start:min(start+ticketChunk, len(rows))]
		args = args[:0]
		for _, r := range part {
			args = append(args, r.ID, raffleID, r.GroupID, r.Name, r.key, nullable(r.Email), nullable(r.TicketNumber), r.head, nullable(r.Phone), r.contact, at)
		}
		if len(part) < ticketChunk {
			if _, err := tx.ExecContext(ctx, insertTicketsSQL(len(part)), args...); err != nil {
				return err
			}
			continue
		}
		if full == nil {
			var err error
			if full, err = tx.PrepareContext(ctx, insertTicketsSQL(ticketChunk)); err != nil {
				return err
			}
			defer full.Close()
		}
		_, err := full.ExecContext(ctx, args...)
		if err != nil {
			return err
		}
	}
	return nil
}

// insertTicketsSQL is SQLite's INSERT of n participants rows; a conflict
// rolls the transaction back (insertRollingBack).
func insertTicketsSQL(n int) string {
	return `INSERT OR ROLLBACK INTO participants (id, raffle_id, group_id, name, name_key, email, ticket_number, person_head, phone,
		contact_head, created_at) VALUES ` +
		`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)` + strings.Repeat(`, (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, n-1)
}

// loadTicketNumbers reads what the ticket-number rule needs for an op: which
// of its numbers the raffle holds (by index; those above its number bound,
// as a push or an import of new tickets sends them, cannot be held and are
// not looked up), and, only when a ticket came without a number, the
// raffle's highest one (a read of every number); a provisional number that
// is taken needs it too (protocol.NeedsHighest).
func (db *DB) loadTicketNumbers(ctx context.Context, tx *sql.Tx, raffleID string, m protocol.Mutation, st *protocol.State) error {
	if h := heldNumbersOf(ctx); h != nil {
		return db.takenNumbers(ctx, tx, h, raffleID, m, st)
	}
	numbers := protocol.TicketNumbers(m)
	st.TakenNumbers = make(map[string]bool)
	bound, err := db.numberBound(ctx, tx, raffleID)
	if err != nil {
		return err
	}
	numbers = slices.DeleteFunc(numbers, func(n string) bool { return protocol.NumberAbove(bound, n) })
	err = db.inChunks(numbers, func(in string, args []any) error {
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
	if err != nil || !protocol.NeedsHighest(m, st.TakenNumbers, st.Later) {
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
