package draw

import (
	"reflect"
	"testing"
)

// The shared records with refused rounds (sync/testdata/draw/
// refused-rounds.json, from refused.py): each refused round's problems and
// whether it was recomputed, exactly as the page gives them; the completed
// rounds of every case check out.
func TestRefusedRounds(t *testing.T) {
	var file struct {
		Cases []struct {
			Name    string `json:"name"`
			Record  Export `json:"record"`
			Verdict string `json:"verdict"`
			Refused []struct {
				Problems   []string `json:"problems"`
				Recomputed bool     `json:"recomputed"`
			} `json:"refused"`
		} `json:"cases"`
	}
	readTestdata(t, "draw/refused-rounds.json", &file)
	if len(file.Cases) < 8 {
		t.Fatalf("%d cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			for i, problems := range VerifyExport(c.Record) {
				if len(problems) > 0 {
					t.Errorf("draw %d: %q", i+1, problems)
				}
			}
			got := VerifyRefused(c.Record)
			if len(got) != len(c.Refused) {
				t.Fatalf("%d checks for %d refused rounds", len(got), len(c.Refused))
			}
			verdict := "CONFERE"
			for i, want := range c.Refused {
				if len(got[i].Problems) > 0 {
					verdict = "NÃO CONFERE"
				}
				if got[i].Problems == nil {
					got[i].Problems = []string{}
				}
				if !reflect.DeepEqual(got[i].Problems, want.Problems) || got[i].Recomputed != want.Recomputed {
					t.Errorf("refused round %d: %q, recomputed %v; want %q, %v", i+1, got[i].Problems, got[i].Recomputed,
						want.Problems, want.Recomputed)
				}
			}
			if verdict != c.Verdict {
				t.Errorf("verdict %s, want %s", verdict, c.Verdict)
			}
		})
	}
}
