package draw

import "testing"

// Numbers by value, shared with the PWA's compareDigitValues and digitValue
// (pwa/src/lib/ticket-numbers.ts).
func TestNumberValueVectors(t *testing.T) {
	var file struct {
		Values []struct {
			A, B, Value string
			Want        int
		}
	}
	readTestdata(t, "tickets/numbers.json", &file)
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
