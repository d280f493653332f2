package importfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"
)

const fixtures = "../testdata/import"

type fixtureCase struct {
	Name    string         `json:"name"`
	File    string         `json:"file"`
	Target  Target         `json:"target"`
	Choice  Choice         `json:"choice"`
	Want    map[string]any `json:"want"`
	WantGo  map[string]any `json:"wantGo"`
	Browser bool           `json:"browserOnly"`
	// Bounds, for a spreadsheet past the import's bounds: at most this many
	// bytes inflated and row elements read before the refusal.
	Bounds *struct {
		Inflated int64 `json:"inflatedBytes"`
		Rows     int   `json:"rowsRead"`
	} `json:"bounds"`
}

func loadCases(t testing.TB) []fixtureCase {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(fixtures, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []fixtureCase `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cases
}

// summary is a read in the fixtures' shape: rows are name, email, tickets,
// first and last ticket number.
func summary(r *Read) map[string]any {
	var rows []any
	for i, p := range r.Plan.Person {
		if p == len(rows) {
			rows = append(rows, []any{r.Plan.Names[i], str(r.Plan.Emails[i]), float64(0), str(r.Plan.Numbers[i]), nil})
		}
		row := rows[p].([]any)
		row[2] = row[2].(float64) + 1
		row[4] = str(r.Plan.Numbers[i])
	}
	phones := []any{}
	for i, p := range r.Plan.Person {
		if p == len(phones) {
			phones = append(phones, str(r.Plan.Phones[i]))
		}
	}
	out := map[string]any{
		"kind": string(r.Kind), "encoding": nilIfEmpty(r.Encoding), "delimiter": nilIfEmpty(r.Delimiter),
		"format": string(r.Plan.Format), "people": float64(r.Plan.People), "tickets": float64(r.Plan.Tickets), "rows": rows,
		"grouped": r.Plan.Grouped, "skipped": orEmpty(r.Plan.Skipped), "warnings": orEmpty(r.Plan.Warnings),
		"clashes": orEmpty(r.Plan.Clashes), "columns": r.Plan.Columns, "leftOut": orEmpty(r.Plan.LeftOut), "phones": phones,
	}
	return out
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// named is the summary's keys the case names: the fields added with the
// column step are compared where a case expects them.
func named(sum, want map[string]any) map[string]any {
	out := map[string]any{}
	for k := range want {
		out[k] = sum[k]
	}
	return out
}

func str(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Every shared fixture through the Go reader (browser-only cases too: Go
// decodes Windows-1252's 0x80–0x9F block as the browser does).
func TestFixtures(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.File+": "+c.Name, func(t *testing.T) {
			want := c.Want
			if c.WantGo != nil {
				want = c.WantGo
			}
			b, err := os.ReadFile(filepath.Join(fixtures, c.File))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ReadFile(c.File, b, c.Target, c.Choice)
			if msg, ok := want["error"]; ok {
				var ref *Refusal
				if !errors.As(err, &ref) {
					t.Fatalf("want refusal %q, got %v", msg, err)
				}
				if ref.Message != msg {
					t.Fatalf("message\n got %q\nwant %q", ref.Message, msg)
				}
				if skipped, ok := want["skipped"]; ok {
					g, _ := json.Marshal(ref.Skipped)
					if w, _ := json.Marshal(skipped); string(g) != string(w) {
						t.Fatalf("skipped\n got %s\nwant %s", g, w)
					}
				}
				// The same rows as line and reason (the server's answer).
				var lines []string
				for _, r := range ref.SkippedRows {
					lines = append(lines, fmt.Sprintf("Linha %d: %s", r.Line, r.Reason))
				}
				if !slices.Equal(lines, ref.Skipped) {
					t.Fatalf("skipped rows %v, listed %v", ref.SkippedRows, ref.Skipped)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// Round-trip through JSON so numbers and nils compare as the file has them.
			var sum map[string]any
			raw, _ := json.Marshal(summary(got))
			_ = json.Unmarshal(raw, &sum)
			sum = named(sum, want)
			if !reflect.DeepEqual(sum, want) {
				g, _ := json.Marshal(sum)
				w, _ := json.Marshal(want)
				t.Fatalf("read\n got %s\nwant %s", g, w)
			}
		})
	}
}

// The password-protected fixture is quantities.xlsx encrypted by excelize
// (ECMA-376 agile encryption, password "sorteio"). SORTEIO_WRITE_FIXTURES=1
// writes it again.
func TestWriteEncryptedFixture(t *testing.T) {
	if os.Getenv("SORTEIO_WRITE_FIXTURES") != "1" {
		t.Skip("set SORTEIO_WRITE_FIXTURES=1 to write password.xlsx")
	}
	f, err := excelize.OpenFile(filepath.Join(fixtures, "quantities.xlsx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.SaveAs(filepath.Join(fixtures, "password.xlsx"), excelize.Options{Password: "sorteio"}); err != nil {
		t.Fatal(err)
	}
}
