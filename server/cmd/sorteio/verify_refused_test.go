package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/vectortest"
)

// `sorteio verify` on the shared records with refused offline rounds
// (sync/testdata/draw/refused-rounds.json): the genuine one passes and lists
// each refused round with its reason's line and the winners the room saw;
// every tampered one fails, naming its problem.
func TestVerifyRefusedRounds(t *testing.T) {
	t.Parallel()
	type refusedCase struct {
		vectortest.Case[json.RawMessage]
		Refused []struct {
			Problems []string `json:"problems"`
		} `json:"refused"`
	}
	for _, c := range vectortest.Cases[refusedCase](t, "draw/refused-rounds.json") {
		t.Run(c.Name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), []string{"sorteio", "verify", recordFile(t, c.Record)}, os.Getenv, &out, &out)
			text := out.String()
			if (err == nil) != (c.Verdict == "CONFERE") {
				t.Fatalf("verdict %s, error %v:\n%s", c.Verdict, err, text)
			}
			if strings.Count(text, "Rodada recusada:") != 3 {
				t.Fatalf("the refused rounds are not listed:\n%s", text)
			}
			for _, r := range c.Refused {
				for _, p := range r.Problems {
					if !strings.Contains(text, "   - "+p) {
						t.Errorf("problem %q not said:\n%s", p, text)
					}
				}
			}
			if c.Verdict == "CONFERE" {
				for _, want := range []string{"a lista mudou em outro aparelho antes da sincronização. Não vale.",
					"Re-sorteio offline, posições [2]", "Sorteados no aparelho: 2º bilhete 020 (João da Conceição).",
					"Semente e vencedores recalculados: CONFERE", "O aparelho não revelou a semente"} {
					if !strings.Contains(text, want) {
						t.Errorf("%q not said:\n%s", want, text)
					}
				}
			}
		})
	}
}
