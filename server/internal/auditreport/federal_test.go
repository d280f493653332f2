package auditreport

import (
	"bytes"
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
		Lines []string `json:"lines"`
	}
	for _, c := range vectortest.Cases[federalCase](t, "draw/federal-records.json") {
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
				"1º lugar: "+c.Lines[0]) {
				if !strings.Contains(out.String(), want) {
					t.Errorf("missing %q in:\n%s", want, out.String())
				}
			}
		})
	}
}
