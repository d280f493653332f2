package store

import (
	"context"
	"database/sql"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// NameKey folds a name for search: lower case, accents removed ("Conceição"
// → "conceicao"). It is stored beside each ticket's name (name_key).
func NameKey(name string) string {
	if isASCII(name) {
		// Nothing to decompose: the same as the path below, without its
		// allocations (100,000 tickets a push).
		return strings.ToLower(name)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	s, _, err := transform.String(t, name)
	if err != nil {
		s = name
	}
	return strings.ToLower(s)
}

// PublicPerson is one person (a group of tickets) of the public list, with
// the e-mail in full (the projection masks it).
type PublicPerson struct {
	GroupID string
	Name    string
	Email   *string
	Tickets []*string
}

// PublicPeoplePage is one page of the public list.
type PublicPeoplePage struct {
	// Total counts the people that match.
	Total  int
	People []PublicPerson
	// Status and Seq are the raffle's, read with the page: the list no
	// longer changes once the raffle is completed (a cache may keep it).
	Status string
	Seq    int64
}

// PublicPeople answers a page of the raffle's people in its order (each
// person by their first ticket, ticketOrder), filtered by q: a substring of the
// name without case or accents, or the start of a ticket number.
func (db *DB) PublicPeople(ctx context.Context, code, q string, offset, limit int) (PublicPeoplePage, error) {
	page := PublicPeoplePage{People: []PublicPerson{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		r, err := db.publicRaffle(ctx, tx, `code = ?`, code)
		if err != nil {
			return err
		}
		page.Status, page.Seq = r.Status, r.HeadSeq
		total := 0
		c := db.collateC()
		where, args := db.peopleIndex()+` WHERE raffle_id = ? AND person_head = 1`, []any{r.ID}
		if q = strings.TrimSpace(q); q != "" {
			// A name is the same on every ticket of a person: the heads
			// alone are searched by name; numbers by a range of the index.
			where += ` AND (name_key LIKE ? ESCAPE '\' OR group_id IN (SELECT group_id FROM participants
				WHERE raffle_id = ? AND ticket_number` + c + ` >= ? AND ticket_number` + c + ` < ?))`
			args = append(args, "%"+likeEscape(NameKey(q))+"%", r.ID, q, q+"\U0010FFFF")
			if err := tx.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM participants`+where), args...).Scan(&total); err != nil {
				return err
			}
		} else {
			total = r.Groups
		}
		page.Total = total
		if total == 0 || offset >= total {
			return nil
		}
		groups, err := db.pageGroups(ctx, tx, where, args, offset, limit)
		if err != nil {
			return err
		}
		page.People, err = db.groupTicketsOf(ctx, tx, r.ID, groups)
		return err
	})
	return page, err
}

// pageGroups lists one page of people (their group ids) in the raffle's
// order, along the participants_people index.
func (db *DB) pageGroups(ctx context.Context, tx *sql.Tx, where string, args []any, offset, limit int) ([]string, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT group_id FROM participants`+where+`
		ORDER BY `+db.ticketOrder()+` LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// groupTicketsOf reads the tickets of the groups, keeping the groups' order;
// a person's name and e-mail are those of their first ticket.
func (db *DB) groupTicketsOf(ctx context.Context, tx *sql.Tx, raffleID string, groups []string) ([]PublicPerson, error) {
	at := make(map[string]int, len(groups))
	out := make([]PublicPerson, len(groups))
	for i, g := range groups {
		at[g] = i
		out[i] = PublicPerson{GroupID: g, Tickets: []*string{}}
	}
	err := db.inChunks(groups, func(in string, args []any) error {
		rows, err := tx.QueryContext(ctx, db.q(`SELECT group_id, name, email, ticket_number FROM participants
			WHERE raffle_id = ? AND group_id `+in+` ORDER BY `+db.ticketOrder()), append([]any{raffleID}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g, name string
			var email, number sql.NullString
			if err := rows.Scan(&g, &name, &email, &number); err != nil {
				return err
			}
			p := &out[at[g]]
			if len(p.Tickets) == 0 {
				p.Name, p.Email = name, nullString(email)
			}
			p.Tickets = append(p.Tickets, nullString(number))
		}
		return rows.Err()
	})
	return out, err
}

// ticketOrder is the order of the public list, of people (by their first
// ticket) and of each person's tickets: creation, then ticket number, then id.
// It is total, and the same on both databases: tickets added by one op share
// created_at, and a missing number comes first on both (SQLite's own order,
// written out for PostgreSQL). It is the order of the participants_people
// index (migration 0015).
func (db *DB) ticketOrder() string {
	if db.dialect == postgresDialect {
		return `created_at, ticket_number COLLATE "C" NULLS FIRST, id COLLATE "C"`
	}
	return `created_at, ticket_number, id`
}

// peopleIndex makes SQLite read people through their index: without
// statistics its planner may take the e-mail index, as long for it, and
// read every ticket. PostgreSQL chooses well.
func (db *DB) peopleIndex() string {
	if db.dialect == postgresDialect {
		return ""
	}
	return " INDEXED BY participants_people"
}

// likeEscape makes s match itself in a LIKE pattern with ESCAPE '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
