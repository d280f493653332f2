package draw

import (
	"reflect"
	"strings"
	"testing"
)

// The shared tampered records (sync/testdata/draw/records-tampered.json,
// from tampered.py): every round recomputes on its own; the verdict and
// each draw's problems are the story's, exactly as the page gives them.
func TestTamperedRecords(t *testing.T) {
	var file struct {
		Cases []struct {
			Name     string     `json:"name"`
			Record   Export     `json:"record"`
			Verdict  string     `json:"verdict"`
			Problems [][]string `json:"problems"`
			// RecordProblems are the winners list's (CheckWinnersList).
			RecordProblems []string `json:"record_problems"`
		} `json:"cases"`
	}
	readTestdata(t, "draw/records-tampered.json", &file)
	if len(file.Cases) < 8 {
		t.Fatalf("%d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got := VerifyExport(c.Record)
			listed := CheckWinnersList(c.Record)
			if listed == nil {
				listed = []string{}
			}
			verdict := "CONFERE"
			if len(listed) > 0 {
				verdict = "NÃO CONFERE"
			}
			for i := range got {
				if got[i] == nil {
					got[i] = []string{}
				}
				if len(got[i]) > 0 {
					verdict = "NÃO CONFERE"
				}
			}
			if verdict != c.Verdict || !reflect.DeepEqual(got, c.Problems) || !reflect.DeepEqual(listed, c.RecordProblems) {
				t.Fatalf("%s %q %q, want %s %q %q", verdict, got, listed, c.Verdict, c.Problems, c.RecordProblems)
			}
		})
	}
}

// What the shared records cannot hold: a kind of round nobody knows (the
// page refuses it when reading the record) and a redraw of two places.
func TestStoryOutsideTheVectors(t *testing.T) {
	e := readExport(t)
	e.Draws[0].Kind = "sorteio"
	if p := VerifyExport(e); !reflect.DeepEqual(p[0], []string{msgUnknownKind}) || !strings.Contains(strings.Join(p[1], " "), "Re-sorteio antes") {
		t.Fatalf("unknown kind: %q", p)
	}
	e = readExport(t)
	e.Draws[1].Positions = []int{2, 3}
	// The 3rd place was invalidated after this redraw (it is still waiting for its own).
	if p := CheckStory(e)[1]; !reflect.DeepEqual(p, []string{"Um re-sorteio preenche um só lugar, mas este sorteia 2.",
		"Re-sorteio do 3º lugar iniciado antes da invalidação do vencedor desse lugar."}) {
		t.Fatalf("a redraw of two places: %q", p)
	}
}
