package public

import (
	"encoding/json"
	"os"
	"testing"
)

// The cases are shared with the PWA's twin (pwa/src/protocol/mask-email.test.ts), which masks the
// organiser's own copy of the winners' e-mails for the 'Ata do sorteio'.
func TestMask(t *testing.T) {
	raw, err := os.ReadFile("../../../sync/testdata/text/mask-email.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Cases []struct{ In, Want string }
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors.Cases) < 10 {
		t.Fatalf("only %d cases read", len(vectors.Cases))
	}
	for _, c := range vectors.Cases {
		if got := Mask(c.In); got != c.Want {
			t.Errorf("Mask(%q) = %q, want %q", c.In, got, c.Want)
		}
	}
}
