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

// alternatesRecord writes the record of one case of the shared
// alternates.json to a file.
func alternatesRecord(t *testing.T, name string) string {
	t.Helper()
	var f struct {
		Records []vectortest.Case[json.RawMessage] `json:"records"`
	}
	vectortest.Read(t, "draw/alternates.json", &f)
	for _, c := range f.Records {
		if c.Name == name {
			return recordFile(t, c.Record)
		}
	}
	t.Fatalf("no case %q", name)
	return ""
}

// `sorteio verify` prints the prizes, the alternates in order and each
// call of one; a record whose alternate is called twice fails with why.
func TestVerifyPrintsPrizesAndAlternates(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sorteio", "verify", alternatesRecord(t, "genuine")}, os.Getenv, &out, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, want := range []string{"Prêmios:\n", "   1º prêmio: Bicicleta\n", "   2º prêmio: Cesta básica\n",
		"Suplentes, em ordem:\n", "   1º suplente: ", "   3º suplente: ", "assume o 2º lugar em 21/11/2025 04:46:00 UTC: CONFERE\n", ": CONFERE\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
	if n := strings.Count(out.String(), "Suplente chamado: "); n != 2 {
		t.Errorf("%d calls printed, want 2:\n%s", n, out.String())
	}

	out.Reset()
	err := run(context.Background(), []string{"sorteio", "verify", alternatesRecord(t, "an alternate called twice")}, os.Getenv, &out, &out)
	if err == nil || !strings.Contains(out.String(), "assume o 3º lugar") || !strings.Contains(out.String(), "   - O 1º suplente foi chamado mais de uma vez.\n") {
		t.Fatalf("err %v:\n%s", err, out.String())
	}
}
