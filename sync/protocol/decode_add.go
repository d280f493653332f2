package protocol

import (
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

func decodeAdd(p gjson.Result) (Mutation, *Rejection) {
	list := p.Get("tickets")
	if !list.IsArray() {
		return nil, Reject(ReasonInvalidPayload)
	}
	items := list.Array()
	if rej := batchSize(len(items)); rej != nil {
		return nil, rej
	}
	add := ParticipantsAdd{Tickets: make([]Ticket, 0, len(items))}
	c := newTicketChecker(len(items))
	for _, it := range items {
		raw, rej := ticketFromJSON(it)
		if rej != nil {
			return nil, rej
		}
		t, rej := c.check(raw)
		if rej != nil {
			return nil, rej
		}
		add.Tickets = append(add.Tickets, t)
	}
	return add, nil
}

// DecodeAdd is Decode for a participants.add op whose tickets the server
// made itself (a file import): the op's envelope and every ticket pass the
// same checks, in the same order, as a payload decoded from JSON, without
// the tickets being encoded to JSON and read back. The op's Payload is not
// read.
func DecodeAdd(op Op, tickets []Ticket) (Mutation, *Rejection) {
	if op.Type != TypeParticipantsAdd {
		return nil, Reject(ReasonUnknownType)
	}
	if rej := checkEnvelope(op); rej != nil {
		return nil, rej
	}
	if rej := batchSize(len(tickets)); rej != nil {
		return nil, rej
	}
	add := ParticipantsAdd{Tickets: make([]Ticket, 0, len(tickets))}
	c := newTicketChecker(len(tickets))
	for _, t := range tickets {
		t, rej := c.check(rawTicket{Ticket: t})
		if rej != nil {
			return nil, rej
		}
		add.Tickets = append(add.Tickets, t)
	}
	return add, nil
}

// batchSize: one to MaxBatch tickets an op.
func batchSize(n int) *Rejection {
	switch {
	case n == 0:
		return Reject(ReasonInvalidPayload)
	case n > MaxBatch:
		return Reject(ReasonBatchTooLarge)
	}
	return nil
}

// The fields of a ticket, by their place in ticketKeys (keys.go).
const (
	ticketID = iota
	ticketName
	ticketEmail
	ticketNumber
	ticketGroup
	ticketProvisional
	ticketPhone
)

// rawTicket is a ticket as sent, before the rules: its texts not yet
// cleaned, Email and TicketNumber nil when absent or null. The bad flags
// mark a field JSON gave the wrong type (or broken UTF-8); checkTicket
// refuses them at the field's turn, so a ticket with several faults is
// refused for the same one however it arrived.
type rawTicket struct {
	Ticket
	badID, badName, badEmail, badNumber, badGroup, badProvisional, badPhone bool
}

// ticketFromJSON reads one ticket object of participants.add.
func ticketFromJSON(it gjson.Result) (rawTicket, *Rejection) {
	if !it.IsObject() {
		return rawTicket{}, Reject(ReasonInvalidPayload)
	}
	f, rej := ticketFields(it)
	if rej != nil {
		return rawTicket{}, rej
	}
	var r rawTicket
	r.ID, r.badID = requiredText(f[ticketID])
	r.GroupID, r.badGroup = requiredText(f[ticketGroup])
	r.Name, r.badName = optionalText(f[ticketName])
	var email, number, phone string
	email, r.badEmail = optionalText(f[ticketEmail])
	number, r.badNumber = optionalText(f[ticketNumber])
	phone, r.badPhone = optionalText(f[ticketPhone])
	if email != "" {
		r.Email = &email
	}
	if phone != "" {
		r.Phone = &phone
	}
	if number != "" {
		r.TicketNumber = &number
	}
	r.Provisional, r.badProvisional = optionalBool(f[ticketProvisional])
	return r, nil
}

// optionalBool is a field that may be true, false, absent or null (false).
func optionalBool(v gjson.Result) (b, bad bool) {
	switch v.Type {
	case gjson.True:
		return true, false
	case gjson.False, gjson.Null:
		return false, false
	}
	return false, v.Exists()
}

// requiredText is a field that must be a string; bad when it is not.
func requiredText(v gjson.Result) (s string, bad bool) {
	s, rej := requiredString(v, "")
	return s, rej != nil
}

// optionalText is a field that may be a string, absent or null ("").
func optionalText(v gjson.Result) (s string, bad bool) {
	s, rej := optionalString(v)
	return s, rej != nil
}

// ticketChecker applies the ticket rules to the tickets of one
// participants.add in turn. seen holds the ids of the op's tickets before
// the one checked (an id twice is participant_exists). A person's tickets
// come together and repeat their name, e-mail and phone (an import of 10
// tickets a buyer), and the rules are pure: a text the same as the previous
// ticket's takes that ticket's answer instead of the rule again.
type ticketChecker struct {
	seen         map[string]bool
	name         string // the previous ticket's raw name, "" before any
	cleanName    string
	email, phone memoField
}

// memoField is an optional text's last raw value and what its rule made of it.
type memoField struct {
	ok       bool
	raw, out string
	empty    bool
}

func newTicketChecker(n int) *ticketChecker {
	return &ticketChecker{seen: make(map[string]bool, n)}
}

// check returns the ticket with its texts cleaned, or its rejection.
func (c *ticketChecker) check(r rawTicket) (Ticket, *Rejection) {
	t := Ticket{ID: r.ID, GroupID: r.GroupID}
	if r.badID || !IsUUID(t.ID) {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	if c.seen[t.ID] {
		return Ticket{}, Reject(ReasonParticipantExists)
	}
	c.seen[t.ID] = true
	if r.badGroup || !IsUUID(t.GroupID) {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	if !IsUUIDv7(t.ID) || !IsUUIDv7(t.GroupID) {
		return Ticket{}, Reject(ReasonInvalidID)
	}
	if r.badName {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	var rej *Rejection
	if c.name != "" && r.Name == c.name {
		t.Name = c.cleanName
	} else if t.Name, rej = checkName(r.Name); rej != nil {
		return Ticket{}, rej
	} else {
		c.name, c.cleanName = r.Name, t.Name
	}
	if t.Email, rej = c.email.field(r.Email, r.badEmail, ParticipantEmail); rej != nil {
		return Ticket{}, rej
	}
	if t.TicketNumber, rej = optionalField(r.TicketNumber, r.badNumber, TicketNumber); rej != nil {
		return Ticket{}, rej
	}
	if t.Phone, rej = c.phone.field(r.Phone, r.badPhone, ParticipantPhone); rej != nil {
		return Ticket{}, rej
	}
	if r.badProvisional {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	// Only a number can be provisional; a ticket without one gets the next free number anyway.
	t.Provisional = r.Provisional && t.TicketNumber != nil
	return t, nil
}

// checkName is a ticket's name through the text rule: required, at most
// MaxName characters.
func checkName(raw string) (string, *Rejection) {
	if !storable(raw) {
		return "", Reject(ReasonInvalidPayload)
	}
	name, rej := cleanLine(raw)
	if rej != nil {
		return "", rej
	}
	if name == "" {
		return "", Reject(ReasonNameRequired)
	}
	if utf8.RuneCountInString(name) > MaxName {
		return "", Reject(ReasonNameTooLong)
	}
	return name, nil
}

// field is optionalField, answered from the last value when s repeats it.
// Each ticket gets a string of its own.
func (m *memoField) field(s *string, bad bool, rule func(string) (string, *Rejection)) (*string, *Rejection) {
	if !bad && s != nil && m.ok && *s == m.raw {
		if m.empty {
			return nil, nil
		}
		out := m.out
		return &out, nil
	}
	out, rej := optionalField(s, bad, rule)
	if rej != nil || s == nil {
		return out, rej
	}
	m.ok, m.raw, m.empty = true, *s, out == nil
	if out != nil {
		m.out = *out
	}
	return out, nil
}

// optionalField is an optional text through its rule (ParticipantEmail,
// TicketNumber, ParticipantPhone): nil when absent or when the rule leaves it empty.
func optionalField(s *string, bad bool, rule func(string) (string, *Rejection)) (*string, *Rejection) {
	if bad || (s != nil && !storable(*s)) {
		return nil, Reject(ReasonInvalidPayload)
	}
	if s == nil {
		return nil, nil
	}
	out, rej := rule(*s)
	if rej != nil || out == "" {
		return nil, rej
	}
	return &out, nil
}

// ticketFields reads a ticket's fields in one pass over the object, refusing
// what onlyKeys refuses: an op of 5,000 tickets would otherwise scan each
// object once per field.
func ticketFields(it gjson.Result) (f [ticketPhone + 1]gjson.Result, rej *Rejection) {
	it.ForEach(func(key, v gjson.Result) bool {
		i := indexOf(ticketKeys, key.String())
		switch {
		case i >= 0 && f[i].Exists():
			rej = Reject(ReasonInvalidPayload)
		case i < 0:
			rej = Reject(ReasonUnknownField)
		default:
			f[i] = v
		}
		return rej == nil
	})
	return f, rej
}
