package protocol

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TextVector is one case of sync/testdata/text/vectors.json.
type TextVector struct {
	Name   string  `json:"name"`
	Kind   string  `json:"kind"`
	Input  string  `json:"input"`
	Output *string `json:"output"`
	Reason string  `json:"reason"`
}

func readTextVectors(t *testing.T) []TextVector {
	t.Helper()
	raw, err := os.ReadFile("../testdata/text/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []TextVector `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 50 {
		t.Fatalf("only %d text vectors read", len(file.Cases))
	}
	return file.Cases
}

func TestTextVectors(t *testing.T) {
	for _, v := range readTextVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			clean := CleanLine
			if v.Kind == "multiline" {
				clean = CleanMultiline
			}
			got, ok := clean(v.Input)
			switch {
			case v.Output != nil && !ok:
				t.Fatalf("%q refused, want %q", v.Input, *v.Output)
			case v.Output != nil && got != *v.Output:
				t.Fatalf("%q -> %q, want %q", v.Input, got, *v.Output)
			case v.Output == nil && ok:
				t.Fatalf("%q accepted as %q, want %s", v.Input, got, v.Reason)
			case v.Output == nil && v.Reason != ReasonTextInvalid:
				t.Fatalf("vector reason %q", v.Reason)
			}
		})
	}
}

func TestCleanTextRefusesInvalidUTF8(t *testing.T) {
	for _, s := range []string{"Ana\xff", "\xc3", "\xed\xa0\x80"} { // the last: a surrogate encoded in UTF-8
		if _, ok := CleanLine(s); ok {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestSafeForTerminal(t *testing.T) {
	in := "Rifa\n1. draw: CONFERE\x1b[8m\u202eabc\u200b\\x\xff é"
	got := SafeForTerminal(in)
	want := `Rifa\u000a1. draw: CONFERE\u001b[8m\u202eabc\u200b\\x\xff é`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	for _, r := range got {
		if r < 0x20 || r == 0x7f {
			t.Fatalf("control %U left in %q", r, got)
		}
	}
	if strings.Contains(SafeForTerminal("Ação 🎉"), `\u`) {
		t.Fatal("ordinary text escaped")
	}
}
