package auditreport

import (
	"strconv"
	"strings"

	"github.com/sorteio/sorteio/sync/draw"
)

// writeRefused prints the refused offline rounds (draw.VerifyRefused): when
// the device drew each and when the server refused it, the reason's line, the
// winners the room may have seen, and whether the round checks out. It
// returns how many do not.
func writeRefused(p printer, exp draw.Export) (failed int) {
	for i, c := range draw.VerifyRefused(exp) {
		r := exp.RefusedRounds[i]
		reason, ok := draw.RefusedReasons[r.Reason]
		if !ok {
			reason = "motivo desconhecido: " + r.Reason
		}
		kind := "Sorteio"
		if r.Kind == "redraw" {
			kind = "Re-sorteio"
		}
		p.line("Rodada recusada: %s offline, posições %v, feito no aparelho em %s (relógio do aparelho) e recusado pelo servidor em %s: %s. Não vale.",
			kind, r.Positions, when(r.DeviceAt), when(r.RefusedAt), reason)
		if len(r.Winners) > 0 {
			p.line("   Sorteados no aparelho: %s.", refusedWinners(r.Winners))
		} else {
			p.line("   O aparelho não revelou a semente: sem sorteados registrados.")
		}
		if len(c.Problems) > 0 {
			failed++
			p.line("   NÃO CONFERE")
			for _, problem := range c.Problems {
				p.line("   - %s", problem)
			}
			continue
		}
		switch {
		case c.Recomputed:
			p.line("   Semente e vencedores recalculados: CONFERE")
		case r.ClientSeed != "":
			p.line("   A semente confere com o compromisso do aparelho; a lista do aparelho não está no registro, então os vencedores não podem ser recalculados: CONFERE")
		default:
			p.line("   CONFERE")
		}
	}
	return failed
}

// refusedWinners: '1º bilhete 012 (Eva Lima), 2º Caio', and a ticket the
// server never had by its id.
func refusedWinners(ws []draw.RefusedWinner) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		label := w.Name
		switch {
		case w.Name == "":
			label = "um bilhete que não chegou ao servidor (" + w.TicketID + ")"
		case w.TicketNumber != nil:
			label = "bilhete " + *w.TicketNumber + " (" + w.Name + ")"
		}
		parts[i] = strconv.Itoa(w.Position) + "º " + label
	}
	return strings.Join(parts, ", ")
}
