package draw

import (
	"fmt"
	"slices"
)

// The winners list against the rounds, word for word the verification
// page's (checkWinnersList, pwa/src/features/verify-draw/verify-record.ts);
// sync/testdata/draw/records-tampered.json holds it as both must give it.
const msgWinnerNotDrawn = "O %dº lugar da lista de vencedores (%s) não saiu de nenhuma rodada do registro."

// CheckWinnersList checks the record's list of winners against its rounds:
// every winner listed must be the ticket a round drew for that place, or
// an alternate a promotion called to it. A winner no round drew, whatever
// the rounds say of themselves, means the rounds shown are not the ones
// that made the list: a promotion or a correction cut out of the record.
func CheckWinnersList(e Export) []string {
	tickets := map[string]Ticket{}
	for _, r := range e.Draws {
		for _, t := range r.Pool {
			tickets[t.ID] = t
		}
	}
	var problems []string
	for _, w := range e.Winners {
		drawn := slices.ContainsFunc(e.Draws, func(r Record) bool {
			k := slices.Index(r.Positions, w.Position)
			return k >= 0 && k < len(r.Winners) && r.Winners[k] == w.TicketID
		})
		called := slices.ContainsFunc(e.Promotions, func(p Promotion) bool { return p.Position == w.Position && p.TicketID == w.TicketID })
		if !drawn && !called {
			problems = append(problems, fmt.Sprintf(msgWinnerNotDrawn, w.Position, describeTicket(w.TicketID, tickets)))
		}
	}
	return problems
}

// describeTicket is how the page names a ticket: 'bilhete 012 (Fábio
// Melo)', the name alone for a ticket without a number.
func describeTicket(id string, tickets map[string]Ticket) string {
	t, ok := tickets[id]
	switch {
	case !ok:
		return fmt.Sprintf("um bilhete que não está no conjunto (%s)", id)
	case t.TicketNumber == nil:
		return t.Name
	}
	return fmt.Sprintf("bilhete %s (%s)", *t.TicketNumber, t.Name)
}
