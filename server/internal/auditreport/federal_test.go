package auditreport

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/vectortest"
	"github.com/sorteio/sorteio/sync/draw"
)

// `sorteio verify` on the shared Loteria Federal records: the genuine one
// shows each step and points to Caixa's result; every tampered one fails.
func TestVerifyFederalRecords(t *testing.T) {
	type federalCase struct {
		vectortest.Case[draw.Record]
		Lines json.RawMessage `json:"lines"` // an object in the whole records' cases
	}
	for _, c := range vectortest.Cases[federalCase](t, "draw/federal-records.json") {
		if c.Record.Federal == nil {
			continue // a whole record: TestVerifyCorrectedFederal
		}
		t.Run(c.Name, func(t *testing.T) {
			var out bytes.Buffer
			failed := Write(&out, draw.Export{Algorithm: draw.Algorithm, Draws: []draw.Record{c.Record}})
			if (failed == 0) != (c.Verdict == "CONFERE") {
				t.Fatalf("%d failed, want %s:\n%s", failed, c.Verdict, out.String())
			}
			if c.Verdict != "CONFERE" {
				return
			}
			for _, want := range append([]string{"concurso 5732", "Prêmios como informados: 50366, 33514, 45504, 94365, 51105", CaixaResults},
				"1º lugar: "+firstLine(t, c.Lines)) {
				if !strings.Contains(out.String(), want) {
					t.Errorf("missing %q in:\n%s", want, out.String())
				}
			}
		})
	}
}

// `sorteio verify` on the records with a corrected result: the replaced
// round is shown as replaced with its time and its own lines, the
// correction as the result in force, and every tampered record fails.
func TestVerifyCorrectedFederal(t *testing.T) {
	type correctedCase struct {
		Name     string       `json:"name"`
		Verdicts []string     `json:"verdicts"`
		Export   *draw.Export `json:"export"`
	}
	seen := 0
	for _, c := range vectortest.Cases[correctedCase](t, "draw/federal-records.json") {
		if c.Export == nil {
			continue
		}
		seen++
		t.Run(c.Name, func(t *testing.T) {
			var out bytes.Buffer
			failed, want := Write(&out, *c.Export), 0
			for _, v := range c.Verdicts {
				if v != "CONFERE" {
					want++
				}
			}
			if len(draw.CheckWinnersList(*c.Export)) > 0 {
				want++ // the winners list, one item (records-tampered.json holds its problems)
			}
			if failed != want {
				t.Fatalf("%d failed, want %d:\n%s", failed, want, out.String())
			}
			if c.Name != "corrected" {
				return
			}
			for _, line := range []string{"RESULTADO SUBSTITUÍDO em 18/01/2023 22:23:20 UTC", "Prêmios como informados: 50512, 33514",
				"1º lugar: 1º prêmio 50512 → final 512 → bilhete 512", "Correção do resultado anterior: é este o resultado que vale.",
				"1º lugar: 1º prêmio 50366 → final 366 → bilhete 366"} {
				if !strings.Contains(out.String(), line) {
					t.Errorf("missing %q in:\n%s", line, out.String())
				}
			}
		})
	}
	if seen < 9 {
		t.Fatalf("only %d records", seen)
	}
}

func firstLine(t *testing.T, raw json.RawMessage) string {
	var lines []string
	if err := json.Unmarshal(raw, &lines); err != nil || len(lines) == 0 {
		t.Fatalf("lines %s: %v", raw, err)
	}
	return lines[0]
}
