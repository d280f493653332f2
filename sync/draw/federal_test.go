package draw

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"testing"
)

// federalVectors is sync/testdata/draw/federal.json, written by federal.py,
// an implementation of docs/draw-algorithm.md §12 that shares no code with
// this one or the PWA's.
type federalVectors struct {
	Algorithm string            `json:"algorithm"`
	Reasons   map[string]string `json:"reasons"`
	Cases     []struct {
		Name     string      `json:"name"`
		Rule     FederalRule `json:"rule"`
		Prizes   []string    `json:"prizes"`
		Count    int         `json:"winners_count"`
		AllowDup bool        `json:"allow_duplicate_wins"`
		Pool     []Ticket    `json:"pool"`
		Generate *struct {
			Count     int `json:"count"`
			GroupSize int `json:"group_size"`
		} `json:"generate"`
		Formed  string `json:"formed"`
		Winners []struct {
			Position     int    `json:"position"`
			TicketID     string `json:"ticket_id"`
			TicketNumber string `json:"ticket_number"`
			Line         string `json:"line"`
		} `json:"winners"`
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	} `json:"cases"`
	Chances []struct {
		Name     string      `json:"name"`
		Rule     FederalRule `json:"rule"`
		Pool     []Ticket    `json:"pool"`
		Generate *struct {
			Count     int `json:"count"`
			GroupSize int `json:"group_size"`
		} `json:"generate"`
		Text  string `json:"text"`
		Error *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	} `json:"chances"`
}

func loadFederal(t *testing.T) federalVectors {
	raw, err := os.ReadFile("../testdata/draw/federal.json")
	if err != nil {
		t.Fatal(err)
	}
	var v federalVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 30 || v.Algorithm != FederalAlgorithm {
		t.Fatalf("federal.json: %d cases of %q", len(v.Cases), v.Algorithm)
	}
	for i, c := range v.Cases {
		if c.Generate != nil {
			v.Cases[i].Pool = generatedFederal(c.Generate.Count, c.Generate.GroupSize)
		}
	}
	for i, c := range v.Chances {
		if c.Generate != nil {
			v.Chances[i].Pool = generatedFederal(c.Generate.Count, c.Generate.GroupSize)
		}
	}
	return v
}

// generatedFederal is federal.py's large list: ticket i has id
// uid((i*7919) mod count), person i div groupSize, number (i*7) mod 100000.
func generatedFederal(count, groupSize int) []Ticket {
	pool := make([]Ticket, count)
	for i := range pool {
		n := strconv.Itoa(i * 7 % 100000)
		g := i / groupSize
		pool[i] = Ticket{
			ID:           fmt.Sprintf("0192f0c3-0000-7000-8000-%012x", i*7919%count),
			GroupID:      fmt.Sprintf("0192f0c3-0000-7000-8100-%012x", g),
			TicketNumber: &n,
			Name:         fmt.Sprintf("Pessoa %d", g),
		}
	}
	return pool
}

func TestFederalVectors(t *testing.T) {
	for _, c := range loadFederal(t).Cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := Federal(c.Rule, c.Prizes, c.Pool, c.Count, c.AllowDup)
			if c.Error != nil {
				var fe *FederalError
				if !errors.As(err, &fe) || fe.Code != c.Error.Code || err.Error() != c.Error.Message {
					t.Fatalf("want %s %q, got %v", c.Error.Code, c.Error.Message, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Formed != c.Formed || len(got.Steps) != len(c.Winners) {
				t.Fatalf("formed %q with %d winners, want %q with %d", got.Formed, len(got.Steps), c.Formed, len(c.Winners))
			}
			for i, w := range c.Winners {
				s := got.Steps[i]
				if s.Position != w.Position || s.Ticket.ID != w.TicketID || *s.Ticket.TicketNumber != w.TicketNumber || s.Line != w.Line {
					t.Errorf("position %d: got %d %s %q, want %s %q", w.Position, s.Position, s.Ticket.ID, s.Line, w.TicketID, w.Line)
				}
			}
		})
	}
}

// Each ticket's chance at the 1st place, in words, or the rule refused for
// the list when it is unequal beyond 1 % (docs/draw-algorithm.md §12.2a).
func TestFederalChancesVectors(t *testing.T) {
	v := loadFederal(t)
	if len(v.Chances) < 10 {
		t.Fatalf("federal.json: %d chances", len(v.Chances))
	}
	for _, c := range v.Chances {
		t.Run(c.Name, func(t *testing.T) {
			got, err := FederalChances(c.Rule, c.Pool)
			if c.Error != nil {
				var fe *FederalError
				if !errors.As(err, &fe) || fe.Code != c.Error.Code || err.Error() != c.Error.Message {
					t.Fatalf("want %s %q, got %v", c.Error.Code, c.Error.Message, err)
				}
				return
			}
			if err != nil || got != c.Text {
				t.Fatalf("got %q %v, want %q", got, err, c.Text)
			}
		})
	}
}

// A round is recorded with the first version that has its rule: the rules
// of version 1 keep their records' name.
func TestFederalAlgorithmOf(t *testing.T) {
	for kind, want := range map[string]string{RuleFinal: FederalAlgorithmV1, RuleUnits: FederalAlgorithmV1, RuleRemainder: FederalAlgorithm} {
		if got := FederalAlgorithmOf(kind); got != want {
			t.Errorf("%s: %s, want %s", kind, got, want)
		}
	}
}

// The vectors' messages are the ones Go gives (the catalogue is checked
// against the same map in sync/protocol).
func TestFederalReasonsMatchTheVectors(t *testing.T) {
	if v := loadFederal(t); !maps.Equal(v.Reasons, FederalReasons) {
		t.Errorf("federal.json reasons %v, Go %v", v.Reasons, FederalReasons)
	}
}

// The order the list arrives in changes nothing, and the caller's list and
// prizes are left as they were.
func TestFederalIgnoresPoolOrder(t *testing.T) {
	for _, c := range loadFederal(t).Cases {
		if c.Error != nil {
			continue
		}
		reversed := slices.Clone(c.Pool)
		slices.Reverse(reversed)
		before, prizes := slices.Clone(reversed), slices.Clone(c.Prizes)
		a, errA := Federal(c.Rule, c.Prizes, c.Pool, c.Count, c.AllowDup)
		b, errB := Federal(c.Rule, c.Prizes, reversed, c.Count, c.AllowDup)
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v %v", c.Name, errA, errB)
		}
		for i := range a.Steps {
			if a.Steps[i].Ticket.ID != b.Steps[i].Ticket.ID || a.Steps[i].Line != b.Steps[i].Line {
				t.Errorf("%s: position %d differs with the list reversed", c.Name, i+1)
			}
		}
		if !slices.Equal(before, reversed) || !slices.Equal(prizes, c.Prizes) {
			t.Errorf("%s: the input was changed", c.Name)
		}
	}
}

// A typed value with braces is shown as typed, never read as a placeholder.
func TestFederalMessageKeepsTypedBraces(t *testing.T) {
	n := "1"
	_, err := Federal(FederalRule{Kind: RuleFinal}, []string{"{posicao}", "1", "2", "3", "4"}, []Ticket{{ID: "a", GroupID: "g", TicketNumber: &n}}, 1, false)
	want := "O 1º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{posicao}”)."
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
}
