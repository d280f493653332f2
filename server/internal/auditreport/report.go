// Package auditreport writes what `sorteio verify` says about an exported
// draw history. It is apart from the command so its fuzz target builds
// without the server (and its SQLite driver).
package auditreport

import (
	"fmt"
	"io"
	"time"

	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Write checks exp (draw.VerifyExport, draw.CheckPromotions,
// draw.CheckWinnersList, draw.VerifyRefused: the verification page's
// checks) and prints a line per draw, its problems, the alternates called,
// the winners list when it does not match, the abandoned rounds, the
// refused ones and the deletion; it returns how many draws, calls, refused
// rounds and winners lists (one) do not match. Every line goes through printer.line, which escapes all its
// arguments: the record is the thing being checked, so no text of it may
// move the cursor, hide a line or print a fake verdict.
func Write(w io.Writer, exp draw.Export) (failed int) {
	p := printer{w}
	p.line("Sorteio %s (%s)", exp.Raffle.Code, exp.Raffle.Title)
	if exp.Raffle.DeletedAt != nil {
		p.line("Excluído pelo organizador em %s (o registro continua público).", when(*exp.Raffle.DeletedAt))
	}
	writePrizes(p, exp.Prizes)
	// Each redraw over the pool derived from the first draw's, never over
	// one it publishes; each round checked in the story of the rounds.
	var first []draw.Ticket
	for i, problems := range draw.VerifyExport(exp) {
		rec := exp.Draws[i]
		if first == nil && rec.Kind == "draw" {
			first = rec.Pool
		}
		if rec.Replaces != "" {
			rec.Pool = first // a correction is over the replaced round's list
		}
		mode := "online"
		if !rec.Online {
			mode = "offline: a semente foi escolhida só pelo dispositivo do organizador"
		}
		if rec.Federal != nil {
			mode = "Loteria Federal: sem semente, os vencedores saem do resultado da extração"
		}
		if len(problems) == 0 {
			p.line("%d. %s, posições %v, %d bilhetes (%s): CONFERE", i+1, rec.Kind, rec.Positions, rec.PoolSize, mode)
			if rec.Federal != nil {
				writeFederal(p, rec)
			}
			writeDeviceTimes(p, rec)
			writeReplacement(p, rec)
			continue
		}
		failed++
		p.line("%d. %s, posições %v (%s): NÃO CONFERE", i+1, rec.Kind, rec.Positions, mode)
		for _, problem := range problems {
			p.line("   - %s", problem)
		}
		writeDeviceTimes(p, rec)
		writeReplacement(p, rec)
	}
	failed += writeAlternates(p, exp)
	failed += writeWinnersList(p, exp)
	for _, a := range exp.Abandoned {
		p.line("Rodada %d (%s, posições %v) abandonada em %s: sem resultado, nada a conferir.",
			a.Round, a.Kind, a.Positions, when(a.AbandonedAt))
	}
	return failed + writeRefused(p, exp)
}

// writeWinnersList says when the record's list of winners names a winner
// no round drew and no promotion called (a promotion or a correction cut
// out of the record); it returns 1 then, else 0 and prints nothing.
func writeWinnersList(p printer, exp draw.Export) int {
	problems := draw.CheckWinnersList(exp)
	if len(problems) == 0 {
		return 0
	}
	p.line("Lista de vencedores: NÃO CONFERE")
	for _, problem := range problems {
		p.line("   - %s", problem)
	}
	return 1
}

// writePrizes lists what each position wins, as the record names it
// (informative: prizes take no part in the draw).
func writePrizes(p printer, prizes []draw.Prize) {
	if len(prizes) == 0 {
		return
	}
	p.line("Prêmios:")
	for _, pr := range prizes {
		p.line("   %dº prêmio: %s", pr.Position, pr.Name)
	}
}

// Safe is the one escaping of a record's text for the terminal
// (protocol.SafeForTerminal); the command's errors that quote the record use
// it too.
func Safe(s string) string { return protocol.SafeForTerminal(s) }

type printer struct{ w io.Writer }

// line prints one line. Numbers and lists of numbers are printed as they
// are; every other argument, whatever its type, is turned into text and
// escaped, so a new field printed from the record is escaped without anyone
// remembering to.
func (p printer) line(format string, args ...any) {
	for i, a := range args {
		switch a.(type) {
		case int, int64, []int:
		default:
			args[i] = Safe(fmt.Sprint(a))
		}
	}
	fmt.Fprintf(p.w, format+"\n", args...)
}

// when writes a Unix ms time in UTC, the same for everyone who checks.
func when(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("02/01/2006 15:04:05 UTC")
}
