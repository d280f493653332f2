package draw

import (
	"encoding/json"
	"os"
	"testing"
)

// Numbers by value, shared with the PWA's compareDigitValues and digitValue
// (pwa/src/lib/ticket-numbers.ts).
func TestNumberValueVectors(t *testing.T) {
	raw, err := os.ReadFile("../testdata/tickets/numbers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Values []struct {
			A, B, Value string
			Want        int
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Values) < 5 {
		t.Fatalf("only %d cases", len(file.Values))
	}
	for _, c := range file.Values {
		if !IsDigits(c.A) || !IsDigits(c.B) {
			t.Errorf("%q, %q: not all digits", c.A, c.B)
		}
		if got := NumberValue(c.A); got != c.Value {
			t.Errorf("NumberValue(%q) = %q, want %q", c.A, got, c.Value)
		}
		if got := compareValues(NumberValue(c.A), NumberValue(c.B)); got != c.Want {
			t.Errorf("%q against %q by value = %d, want %d", c.A, c.B, got, c.Want)
		}
		if got := LessNumber(c.A, c.B); got != (c.Want < 0) {
			t.Errorf("LessNumber(%q, %q) = %v", c.A, c.B, got)
		}
	}
}
