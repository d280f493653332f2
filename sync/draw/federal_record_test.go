package draw

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"
)

// federalRecordCase is one case of sync/testdata/draw/federal-records.json,
// written by federal_records.py (an independent reference): a Loteria
// Federal round as the public record holds it, whether it checks out, and
// (genuine ones) the lines every verifier shows; or a whole record with a
// corrected result, with each round's verdict, lines and story problems.
type federalRecordCase struct {
	Name    string   `json:"name"`
	About   string   `json:"about"`
	Verdict string   `json:"verdict"`
	Lines   []string `json:"lines,omitempty"`
	Record  Record   `json:"record"`
}

type federalExportCase struct {
	Name     string     `json:"name"`
	Verdicts []string   `json:"verdicts"`
	Story    [][]string `json:"story"`
	Lines    [][]string `json:"lines"`
	Export   *Export    `json:"export"`
}

const federalRecordsFile = "../testdata/draw/federal-records.json"

func TestFederalRecords(t *testing.T) {
	raw, err := os.ReadFile(federalRecordsFile)
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []json.RawMessage `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	var singles []federalRecordCase
	records := 0
	for _, rawCase := range file.Cases {
		var c federalExportCase
		if err := json.Unmarshal(rawCase, &c); err == nil && c.Export != nil {
			records++
			t.Run(c.Name, func(t *testing.T) { checkFederalExport(t, c) })
			continue
		}
		var one federalRecordCase
		if err := json.Unmarshal(rawCase, &one); err != nil {
			t.Fatal(err)
		}
		singles = append(singles, one)
	}
	if len(singles) < 8 || records < 9 {
		t.Fatalf("only %d single rounds and %d records", len(singles), records)
	}
	for _, c := range singles {
		t.Run(c.Name, func(t *testing.T) {
			problems := VerifyExport(Export{Algorithm: Algorithm, Draws: []Record{c.Record}})[0]
			verdict := "CONFERE"
			if len(problems) > 0 {
				verdict = "NÃO CONFERE"
			}
			if verdict != c.Verdict {
				t.Fatalf("verdict %s (%v), want %s", verdict, problems, c.Verdict)
			}
			if c.Lines != nil && !slices.Equal(FederalLines(c.Record), c.Lines) {
				t.Fatalf("lines %v, want %v", FederalLines(c.Record), c.Lines)
			}
		})
	}
}

// checkFederalExport: each round's verdict, the lines of each round and the
// story's problems, exactly.
func checkFederalExport(t *testing.T, c federalExportCase) {
	problems := VerifyExport(*c.Export)
	for i, p := range problems {
		verdict := "CONFERE"
		if len(p) > 0 {
			verdict = "NÃO CONFERE"
		}
		if verdict != c.Verdicts[i] {
			t.Errorf("round %d: %s (%v), want %s", i+1, verdict, p, c.Verdicts[i])
		}
	}
	if len(problems) != len(c.Verdicts) {
		t.Fatalf("%d rounds, want %d", len(problems), len(c.Verdicts))
	}
	if got := CheckStory(*c.Export); !reflect.DeepEqual(nonNilLists(got), c.Story) {
		t.Errorf("story %q, want %q", got, c.Story)
	}
	for i, want := range c.Lines {
		r := c.Export.Draws[i]
		if r.Replaces != "" {
			r.Pool = c.Export.Draws[0].Pool
		}
		if got := FederalLines(r); !slices.Equal(got, want) {
			t.Errorf("round %d lines %v, want %v", i+1, got, want)
		}
	}
}

func nonNilLists(l [][]string) [][]string {
	out := make([][]string, len(l))
	for i, x := range l {
		out[i] = append([]string{}, x...)
	}
	return out
}
