package httpapi_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// simRaffle is a client's (or the server's) view of one raffle, reduced to
// what must converge.
type simRaffle struct {
	Code, Title, Description, Type, Status string
	WinnersCount, CountdownSeconds         int
	AllowDuplicateWins                     bool
	Tickets                                map[string]ticket
	// The draw: rounds by id, winners by id.
	Rounds  map[string]simRound
	Winners map[string]simWinner
}

// simState is every raffle of one account, as one device sees it.
type simState map[string]*simRaffle

// applyChange applies an op (local or pulled) to a state. Ops are state
// transforms that can be applied again without harm, which is what lets a
// client re-apply its pending ops on top of pulled changes.
func (s simState) applyChange(raffleID, typ string, payload json.RawMessage) {
	switch typ {
	case "raffle.create":
		var p struct {
			Code, Title, Description, Type, Status string
			WinnersCount                           int  `json:"winners_count"`
			CountdownSeconds                       int  `json:"countdown_seconds"`
			AllowDuplicateWins                     bool `json:"allow_duplicate_wins"`
		}
		_ = json.Unmarshal(payload, &p)
		if p.Status == "" {
			p.Status = "pending"
		}
		r := s[raffleID]
		if r == nil {
			r = &simRaffle{Tickets: map[string]ticket{}, Rounds: map[string]simRound{}, Winners: map[string]simWinner{}}
			s[raffleID] = r
		}
		r.Code, r.Title, r.Description, r.Type, r.Status = p.Code, strings.TrimSpace(p.Title), strings.TrimSpace(p.Description), p.Type, p.Status
		r.WinnersCount, r.CountdownSeconds, r.AllowDuplicateWins = p.WinnersCount, p.CountdownSeconds, p.AllowDuplicateWins
	case "raffle.update":
		r := s[raffleID]
		if r == nil {
			return
		}
		var p map[string]json.RawMessage
		_ = json.Unmarshal(payload, &p)
		for k, v := range p {
			switch k {
			case "title":
				_ = json.Unmarshal(v, &r.Title)
				r.Title = strings.TrimSpace(r.Title)
			case "description":
				_ = json.Unmarshal(v, &r.Description)
			case "winners_count":
				_ = json.Unmarshal(v, &r.WinnersCount)
			case "countdown_seconds":
				_ = json.Unmarshal(v, &r.CountdownSeconds)
			case "allow_duplicate_wins":
				_ = json.Unmarshal(v, &r.AllowDuplicateWins)
			}
		}
	case "raffle.delete":
		delete(s, raffleID)
	case "participants.add":
		r := s[raffleID]
		if r == nil {
			return
		}
		var p struct{ Tickets []ticket }
		_ = json.Unmarshal(payload, &p)
		for _, t := range p.Tickets {
			if r.Type == "simple" {
				t.TicketNumber = nil
			}
			r.Tickets[t.ID] = t
		}
	case "participants.remove_group":
		r := s[raffleID]
		if r == nil {
			return
		}
		var p struct {
			GroupID string `json:"group_id"`
		}
		_ = json.Unmarshal(payload, &p)
		for id, t := range r.Tickets {
			if t.GroupID == p.GroupID {
				delete(r.Tickets, id)
			}
		}
	default:
		if r := s[raffleID]; r != nil {
			r.applyDraw(typ, payload)
		}
	}
}

// describe renders a state canonically, for comparing and for failure output.
func (s simState) describe() string {
	ids := make([]string, 0, len(s))
	for id := range s {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	for _, id := range ids {
		r := s[id]
		fmt.Fprintf(&b, "%s %s %q %q %s %s w=%d c=%d dup=%v\n", id[24:], r.Code, r.Title, r.Description, r.Type,
			r.Status, r.WinnersCount, r.CountdownSeconds, r.AllowDuplicateWins)
		tids := make([]string, 0, len(r.Tickets))
		for tid := range r.Tickets {
			tids = append(tids, tid)
		}
		sort.Strings(tids)
		for _, tid := range tids {
			t := r.Tickets[tid]
			num := "-"
			if t.TicketNumber != nil {
				num = *t.TicketNumber
			}
			fmt.Fprintf(&b, "  %s %s %s %s\n", tid[24:], t.GroupID[24:], t.Name, num)
		}
		b.WriteString(r.describeWinners())
	}
	return b.String()
}
