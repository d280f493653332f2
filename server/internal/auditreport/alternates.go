package auditreport

import (
	"github.com/sorteio/sorteio/sync/draw"
)

// writeAlternates lists the first draw's alternates in order (with the
// names its pool gives them) and each call of one to a place, checked in
// the story of the rounds (draw.CheckPromotions); it returns how many calls
// do not match.
func writeAlternates(p printer, exp draw.Export) (failed int) {
	names := map[string]string{}
	for _, r := range exp.Draws {
		for _, t := range r.Pool {
			names[t.ID] = ticketText(t)
		}
		if r.Kind != "draw" || len(r.Alternates) == 0 {
			continue
		}
		p.line("Suplentes, em ordem:")
		for i, id := range r.Alternates {
			p.line("   %dº suplente: %s", i+1, nameOr(names, id))
		}
		break
	}
	for i, problems := range draw.CheckPromotions(exp) {
		pr := exp.Promotions[i]
		if len(problems) == 0 {
			p.line("Suplente chamado: %s assume o %dº lugar em %s: CONFERE", nameOr(names, pr.TicketID), pr.Position, when(pr.PromotedAt))
			continue
		}
		failed++
		p.line("Suplente chamado: %s assume o %dº lugar em %s: NÃO CONFERE", nameOr(names, pr.TicketID), pr.Position, when(pr.PromotedAt))
		for _, problem := range problems {
			p.line("   - %s", problem)
		}
	}
	return failed
}

func ticketText(t draw.Ticket) string {
	if t.TicketNumber != nil {
		return t.Name + " (bilhete " + *t.TicketNumber + ")"
	}
	return t.Name
}

func nameOr(names map[string]string, id string) string {
	if n, ok := names[id]; ok {
		return n
	}
	return id
}
