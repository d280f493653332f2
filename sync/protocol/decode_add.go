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
	if len(items) == 0 {
		return nil, Reject(ReasonInvalidPayload)
	}
	if len(items) > MaxBatch {
		return nil, Reject(ReasonBatchTooLarge)
	}
	add := ParticipantsAdd{Tickets: make([]Ticket, 0, len(items))}
	seen := make(map[string]bool, len(items))
	for _, it := range items {
		t, rej := decodeTicket(it, seen)
		if rej != nil {
			return nil, rej
		}
		add.Tickets = append(add.Tickets, t)
	}
	return add, nil
}

// The fields of a ticket, by their place in ticketKeys (keys.go).
const (
	ticketID = iota
	ticketName
	ticketEmail
	ticketNumber
	ticketGroup
)

// decodeTicket reads one ticket of participants.add; seen holds the ids of
// the op's tickets before it (an id twice is participant_exists).
func decodeTicket(it gjson.Result, seen map[string]bool) (Ticket, *Rejection) {
	if !it.IsObject() {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	f, rej := ticketFields(it)
	if rej != nil {
		return Ticket{}, rej
	}
	var t Ticket
	if t.ID, rej = requiredString(f[ticketID], "id"); rej != nil || !IsUUID(t.ID) {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	if seen[t.ID] {
		return Ticket{}, Reject(ReasonParticipantExists)
	}
	seen[t.ID] = true
	if t.GroupID, rej = requiredString(f[ticketGroup], "group_id"); rej != nil || !IsUUID(t.GroupID) {
		return Ticket{}, Reject(ReasonInvalidPayload)
	}
	if !IsUUIDv7(t.ID) || !IsUUIDv7(t.GroupID) {
		return Ticket{}, Reject(ReasonInvalidID)
	}
	name, rej := optionalString(f[ticketName])
	if rej != nil {
		return Ticket{}, rej
	}
	if t.Name, rej = cleanLine(name); rej != nil {
		return Ticket{}, rej
	}
	if t.Name == "" {
		return Ticket{}, Reject(ReasonNameRequired)
	}
	if utf8.RuneCountInString(t.Name) > MaxName {
		return Ticket{}, Reject(ReasonNameTooLong)
	}
	email, rej := optionalString(f[ticketEmail])
	if rej != nil {
		return Ticket{}, rej
	}
	if email, rej = cleanLine(email); rej != nil {
		return Ticket{}, rej
	}
	if email != "" {
		if !LooksLikeEmail(email) {
			return Ticket{}, Reject(ReasonInvalidEmail)
		}
		t.Email = &email
	}
	if t.TicketNumber, rej = optionalTrimmed(f[ticketNumber], MaxTicketNumber, ReasonInvalidTicketNumber); rej != nil {
		return Ticket{}, rej
	}
	return t, nil
}

// ticketFields reads a ticket's fields in one pass over the object, refusing
// what onlyKeys refuses: an op of 5,000 tickets would otherwise scan each
// object once per field.
func ticketFields(it gjson.Result) (f [ticketGroup + 1]gjson.Result, rej *Rejection) {
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
