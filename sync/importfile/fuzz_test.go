package importfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func seed(f *testing.F, ext string) {
	for _, c := range loadCases(f) {
		if filepath.Ext(c.File) == ext {
			b, err := os.ReadFile(filepath.Join(fixtures, c.File))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
}

// check is what any input must give: a plan within the limits, or a refusal
// with a message; never a panic or another error.
func check(t *testing.T, name string, b []byte) {
	r, err := ReadFile(name, b, Target{Numbered: true}, Choice{})
	if err != nil {
		var ref *Refusal
		if !errors.As(err, &ref) || ref.Message == "" {
			t.Fatalf("not a refusal: %v", err)
		}
		return
	}
	p := r.Plan
	if p.People < 1 || p.Tickets < p.People || len(p.Names) != p.Tickets || len(p.Numbers) != p.Tickets {
		t.Fatalf("plan of %d people, %d tickets, %d names", p.People, p.Tickets, len(p.Names))
	}
	for i, n := range p.Numbers {
		if n == nil || p.Names[i] == "" {
			t.Fatalf("ticket %d without a number or a name", i)
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	seed(f, ".csv")
	f.Fuzz(func(t *testing.T, b []byte) { check(t, "f.csv", b) })
}

func FuzzReadXLSX(f *testing.F) {
	seed(f, ".xlsx")
	f.Fuzz(func(t *testing.T, b []byte) { check(t, "f.xlsx", b) })
}
