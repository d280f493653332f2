package importfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The shared number format cases (sync/testdata/import/numfmt.json), also
// run by Vitest's numfmt.test.ts.
func TestNumberFormats(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(fixtures, "numfmt.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Value    string `json:"value"`
			Format   string `json:"format"`
			Date1904 bool   `json:"date1904"`
			Want     string `json:"want"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Cases) < 50 {
		t.Fatalf("only %d cases", len(doc.Cases))
	}
	for _, c := range doc.Cases {
		if got := displayNumber(c.Value, c.Format, c.Date1904); got != c.Want {
			t.Errorf("%s under %q: got %q, want %q", c.Value, c.Format, got, c.Want)
		}
	}
}
