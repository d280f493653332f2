package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/vectortest"
	"github.com/sorteio/sorteio/sync/draw"
)

func exportFile(t *testing.T, forge bool) string {
	t.Helper()
	return exportWith(t, forge, "Rifa", "")
}

// exportWith writes a record with the given title; a forged one names
// forgedID (when set) as its second winner.
func exportWith(t *testing.T, forge bool, title, forgedID string) string {
	t.Helper()
	client := sha256.Sum256([]byte("c"))
	cc := sha256.Sum256(client[:])
	var pool []draw.Ticket
	for i := 0; i < 12; i++ {
		pool = append(pool, draw.Ticket{ID: fmt.Sprintf("0192f0c1-0000-7000-8000-%012x", i), GroupID: fmt.Sprintf("g%d", i), Name: fmt.Sprintf("P%d", i)})
	}
	canon := draw.Canonical(pool)
	d := draw.Digest(canon)
	winners, err := draw.Pick(client[:], canon, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	rec := draw.Record{Kind: "draw", Positions: []int{1, 2}, ClientSeed: hex.EncodeToString(client[:]),
		ClientCommitment: hex.EncodeToString(cc[:]), Pool: pool, PoolSize: 12, PoolDigest: hex.EncodeToString(d[:]), WinnersCount: 2}
	for _, w := range winners {
		rec.Winners = append(rec.Winners, w.ID)
	}
	if forge {
		rec.Winners[0] = rec.Winners[1]
		rec.Winners[1] = pool[0].ID
		if forgedID != "" {
			rec.Winners[1] = forgedID
		}
	}
	rec.DrawID = "0192f0c1-0000-7000-8000-00000000d001"
	exp := draw.Export{Algorithm: draw.Algorithm, Draws: []draw.Record{rec}}
	exp.Raffle.Code, exp.Raffle.Title, exp.Raffle.Status = "K7P2QX", title, "completed"
	// As GET /api/public/raffles/{code}/audit answers it: the export plus
	// every winner's state, which the verifier does not need.
	raw, _ := json.Marshal(struct {
		draw.Export
		Winners []map[string]any `json:"winners"`
	}{exp, []map[string]any{{"position": 1, "ticket_id": rec.Winners[0], "is_valid": false,
		"invalidated_at": 1763700020000, "invalidation_reason": "Não compareceu"}}})
	return recordFile(t, raw)
}

// recordFile writes an audit record where `sorteio verify` can read it.
func recordFile(t *testing.T, raw []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "registro.json")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestVerifyCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sorteio", "verify", exportFile(t, false)}, os.Getenv, &out, &out); err != nil {
		t.Fatalf("a true record: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "CONFERE") || strings.Contains(out.String(), "NÃO CONFERE") {
		t.Fatalf("output: %s", out.String())
	}
	if !strings.Contains(out.String(), "offline") {
		t.Fatalf("an offline draw is not called offline: %s", out.String())
	}

	out.Reset()
	err := run(context.Background(), []string{"sorteio", "verify", exportFile(t, true)}, os.Getenv, &out, &out)
	if err == nil || !strings.Contains(out.String(), "NÃO CONFERE") {
		t.Fatalf("a forged record: err=%v\n%s", err, out.String())
	}

	// The shared record: redraw pools derived, the abandoned round listed.
	out.Reset()
	if err := run(context.Background(), []string{"sorteio", "verify", "../../../sync/testdata/draw/audit-export.json"}, os.Getenv, &out, &out); err != nil {
		t.Fatalf("the shared record: %v\n%s", err, out.String())
	}
	if strings.Count(out.String(), ": CONFERE") != 2 || !strings.Contains(out.String(), "Rodada 1 (draw, posições [1 2 3]) abandonada em 21/11/2025") {
		t.Fatalf("shared record output: %s", out.String())
	}

	bad := filepath.Join(t.TempDir(), "x.json")
	_ = os.WriteFile(bad, []byte("não é json"), 0o600)
	for _, args := range [][]string{{"sorteio", "verify"}, {"sorteio", "verify", bad}, {"sorteio", "verify", "/nao/existe.json"}} {
		if err := run(context.Background(), args, os.Getenv, &out, &out); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

// A record cannot fool the verifier's output: its title held a newline, a
// fake "CONFERE" line and the terminal's conceal attribute (ESC [8m) to hide
// the real "NÃO CONFERE"; a winner id held a clear-screen sequence.
func TestVerifyEscapesTheRecordsTexts(t *testing.T) {
	t.Parallel()
	title := "Rifa\n1. draw, posições [1 2], 12 bilhetes (online): CONFERE\n\x1b[8m\u202e"
	var out bytes.Buffer
	err := run(context.Background(), []string{"sorteio", "verify", exportWith(t, true, title, "\x1b[2J\x1b[H")}, os.Getenv, &out, &out)
	if err == nil {
		t.Fatal("a forged record passed")
	}
	text := out.String()
	for _, c := range text {
		if c == 0x1b || c == 0x9b || c == 0x202e || (c < 0x20 && c != '\n') {
			t.Fatalf("raw control %U printed:\n%q", c, text)
		}
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "Sorteio K7P2QX (Rifa\\u000a1. draw") || !strings.Contains(lines[0], `\u001b[8m\u202e)`) {
		t.Fatalf("title line: %q", lines[0])
	}
	if !strings.Contains(lines[1], "NÃO CONFERE") {
		t.Fatalf("the verdict is not the second line:\n%s", text)
	}
	if strings.Count(text, "CONFERE") != strings.Count(text, "NÃO CONFERE")+1 {
		// The only "CONFERE" besides the verdict is inside the escaped title.
		t.Fatalf("output:\n%s", text)
	}
	if !strings.Contains(text, `\u001b[2J\u001b[H`) {
		t.Fatalf("the forged winner id is not shown escaped:\n%s", text)
	}
}

// The kind of an abandoned round was printed raw: a record could move the
// cursor up, erase the verdict line and print 'CONFERE' over 'NÃO CONFERE'.
func TestVerifyEscapesAbandonedKind(t *testing.T) {
	t.Parallel()
	var exp map[string]any
	vectortest.Read(t, "draw/audit-export.json", &exp)
	exp["abandoned"].([]any)[0].(map[string]any)["kind"] = "draw\x1b[2A\x1b[2K\r2. redraw, posições [2], 20 bilhetes (online): CONFERE\u2066"
	exp["draws"].([]any)[1].(map[string]any)["client_seed"] = strings.Repeat("ab", 32) // the redraw no longer matches
	forged, _ := json.Marshal(exp)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"sorteio", "verify", recordFile(t, forged)}, os.Getenv, &out, &out); err == nil {
		t.Fatalf("a forged record passed:\n%s", out.String())
	}
	for _, c := range out.String() {
		if c == 0x1b || c == '\r' || c == 0x2066 {
			t.Fatalf("raw control %U printed:\n%q", c, out.String())
		}
	}
	if !strings.Contains(out.String(), `Rodada 1 (draw\u001b[2A\u001b[2K\u000d2. redraw`) {
		t.Fatalf("the abandoned kind is not shown escaped:\n%s", out.String())
	}
}

// The case: a redraw relabelled as a first draw, with every ticket
// as its own pool, recomputes on its own; the story of the rounds refuses
// it, and the command fails (sync/testdata/draw/records-tampered.json).
func TestVerifyRefusesARelabelledRedraw(t *testing.T) {
	t.Parallel()
	for _, c := range vectortest.Cases[vectortest.Case[json.RawMessage]](t, "draw/records-tampered.json") {
		if c.Name != "relabelled redraw" {
			continue
		}
		var out bytes.Buffer
		err := run(context.Background(), []string{"sorteio", "verify", recordFile(t, c.Record)}, os.Getenv, &out, &out)
		if err == nil || !strings.Contains(out.String(), "2. draw, posições [2] (online): NÃO CONFERE\n   - Sorteio inicial depois de outro já concluído") {
			t.Fatalf("err=%v\n%s", err, out.String())
		}
		return
	}
	t.Fatal("no relabelled redraw in the shared records")
}

// `sorteio verify` tells the verification page's story of every shared
// tampered record (sync/testdata/draw/records-tampered.json): its verdict
// (the exit), each round's problems and the winners list's. A record whose
// promotions or correction were cut out names the winners no round drew.
func TestVerifyTamperedRecords(t *testing.T) {
	type tamperedCase struct {
		vectortest.Case[json.RawMessage]
		Problems       [][]string `json:"problems"`
		RecordProblems []string   `json:"record_problems"`
	}
	cut := 0
	for _, c := range vectortest.Cases[tamperedCase](t, "draw/records-tampered.json") {
		t.Run(c.Name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), []string{"sorteio", "verify", recordFile(t, c.Record)}, os.Getenv, &out, &out)
			text := out.String()
			if (err == nil) != (c.Verdict == "CONFERE") {
				t.Fatalf("verdict %s, error %v:\n%s", c.Verdict, err, text)
			}
			for _, p := range slices.Concat(append(c.Problems, c.RecordProblems)...) {
				if !strings.Contains(text, "   - "+p+"\n") {
					t.Errorf("problem %q not said:\n%s", p, text)
				}
			}
			if len(c.RecordProblems) > 0 {
				cut++
				if !strings.Contains(text, "Lista de vencedores: NÃO CONFERE\n") {
					t.Errorf("the winners list is not refused:\n%s", text)
				}
			}
		})
	}
	if cut < 2 {
		t.Fatalf("%d records with their winners list refused, want the promotions and the correction cut out", cut)
	}
}
