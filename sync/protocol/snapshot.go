package protocol

import "fmt"

// Snapshot formats (docs/sync-protocol.md, "Snapshot formats"): a device asks
// for columns with ?format=columns; any other request gets the objects every
// earlier version reads.
const (
	SnapshotObjects = "objects"
	SnapshotColumns = "columns"
)

// SnapshotTicket is one stored ticket as the objects format carries it: the
// ticket as added, with the time it was stored.
type SnapshotTicket struct {
	Ticket
	CreatedAt int64 `json:"created_at"`
}

// TicketColumns is a raffle's tickets column by column, the columns format's
// "tickets": ticket i is IDs[i], held by People's entry Person[i]. A person's
// tickets share their group, name and e-mail, so those travel once per
// person (an entry per distinct group, name and e-mail: nothing requires a
// group's tickets to agree). CreatedAt holds differences: ticket i's time is
// the sum of CreatedAt[0..i], mostly zeros, as an op's tickets share one time.
// Numbers is null when no ticket has a number (every simple raffle).
type TicketColumns struct {
	IDs       []string      `json:"ids"`
	Person    []int         `json:"person"`
	Numbers   []*string     `json:"numbers"`
	CreatedAt []int64       `json:"created_at"`
	People    PeopleColumns `json:"people"`
}

// PeopleColumns are the distinct holders of a snapshot's tickets.
type PeopleColumns struct {
	GroupIDs []string  `json:"group_ids"`
	Names    []string  `json:"names"`
	Emails   []*string `json:"emails"`
	// Phones is absent when nobody has a phone (most raffles, and every
	// snapshot an older server sent).
	Phones []*string `json:"phones,omitempty"`
}

type holder struct {
	group, name, email, phone string
	hasEmail, hasPhone        bool
}

// ColumnsBuilder puts tickets into columns, in the order they are added.
type ColumnsBuilder struct {
	c      TicketColumns
	people map[holder]int
	// The previous ticket's holder and entry.
	last       holder
	lastPerson int
	lastAt     int64
	numbered   bool
	phoned     bool
}

// NewColumnsBuilder expects about n tickets.
func NewColumnsBuilder(n int) *ColumnsBuilder {
	return &ColumnsBuilder{
		c: TicketColumns{
			IDs: make([]string, 0, n), Person: make([]int, 0, n), Numbers: make([]*string, 0, n), CreatedAt: make([]int64, 0, n),
			People: PeopleColumns{GroupIDs: []string{}, Names: []string{}, Emails: []*string{}},
		},
		people: map[holder]int{},
	}
}

// Add appends one ticket.
func (b *ColumnsBuilder) Add(t SnapshotTicket) {
	h := holder{group: t.GroupID, name: t.Name}
	if t.Email != nil {
		h.email, h.hasEmail = *t.Email, true
	}
	if t.Phone != nil {
		h.phone, h.hasPhone = *t.Phone, true
	}
	// A person's tickets mostly come one after another: no lookup for them.
	p := b.lastPerson
	if len(b.c.IDs) == 0 || h != b.last {
		var ok bool
		if p, ok = b.people[h]; !ok {
			p = len(b.c.People.GroupIDs)
			b.people[h] = p
			b.c.People.GroupIDs = append(b.c.People.GroupIDs, t.GroupID)
			b.c.People.Names = append(b.c.People.Names, t.Name)
			b.c.People.Emails = append(b.c.People.Emails, t.Email)
			b.c.People.Phones = append(b.c.People.Phones, t.Phone)
			b.phoned = b.phoned || t.Phone != nil
		}
		b.last, b.lastPerson = h, p
	}
	b.c.IDs = append(b.c.IDs, t.ID)
	b.c.Person = append(b.c.Person, p)
	b.c.Numbers = append(b.c.Numbers, t.TicketNumber)
	b.numbered = b.numbered || t.TicketNumber != nil
	b.c.CreatedAt = append(b.c.CreatedAt, t.CreatedAt-b.lastAt)
	b.lastAt = t.CreatedAt
}

// Columns answers the tickets added so far.
func (b *ColumnsBuilder) Columns() TicketColumns {
	c := b.c
	if !b.numbered {
		c.Numbers = nil
	}
	if !b.phoned {
		c.People.Phones = nil
	}
	return c
}

// ColumnsOf puts tickets into columns.
func ColumnsOf(tickets []SnapshotTicket) TicketColumns {
	b := NewColumnsBuilder(len(tickets))
	for _, t := range tickets {
		b.Add(t)
	}
	return b.Columns()
}

// Tickets answers the tickets of the columns, in order, or an error when the
// columns do not fit together (lengths, a person index out of range).
func (c TicketColumns) Tickets() ([]SnapshotTicket, error) {
	n := len(c.IDs)
	p := c.People
	switch {
	case len(c.Person) != n || len(c.CreatedAt) != n || (c.Numbers != nil && len(c.Numbers) != n):
		return nil, fmt.Errorf("ticket columns of different lengths")
	case len(p.Names) != len(p.GroupIDs) || len(p.Emails) != len(p.GroupIDs) || (p.Phones != nil && len(p.Phones) != len(p.GroupIDs)):
		return nil, fmt.Errorf("people columns of different lengths")
	}
	out := make([]SnapshotTicket, n)
	var at int64
	for i, id := range c.IDs {
		k := c.Person[i]
		if k < 0 || k >= len(p.GroupIDs) {
			return nil, fmt.Errorf("ticket %d: person %d out of range", i, k)
		}
		at += c.CreatedAt[i]
		out[i] = SnapshotTicket{Ticket: Ticket{ID: id, GroupID: p.GroupIDs[k], Name: p.Names[k], Email: p.Emails[k]}, CreatedAt: at}
		if p.Phones != nil {
			out[i].Phone = p.Phones[k]
		}
		if c.Numbers != nil {
			out[i].TicketNumber = c.Numbers[i]
		}
	}
	return out, nil
}
