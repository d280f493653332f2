package core

import (
	"encoding/json"
	"os"
	"testing"
)

// The errors of sync/testdata/catalogue.json (its shape is described in
// sync/protocol/catalogue_test.go) are exactly Go's codes, with their HTTP
// status and pt-BR message.
func TestCatalogueErrors(t *testing.T) {
	raw, err := os.ReadFile("../../../sync/testdata/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Errors map[Code]struct {
			Status  int    `json:"status"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("catalogue.json: %v", err)
	}
	known := map[Code]bool{}
	for _, code := range Codes() {
		known[code] = true
		status, message := Describe(code)
		want, ok := c.Errors[code]
		switch {
		case !ok:
			t.Errorf("error %s is missing from catalogue.json", code)
		case status != want.Status || message != want.Message:
			t.Errorf("error %s: Go says %d %q, catalogue.json says %d %q", code, status, message, want.Status, want.Message)
		}
	}
	for code := range c.Errors {
		if !known[code] {
			t.Errorf("error %s of catalogue.json is missing from Go", code)
		}
	}
}

// Every code has its own status and a pt-BR message; only "internal" is a 500.
func TestEveryCodeIsDescribed(t *testing.T) {
	seen := map[string]Code{}
	for _, c := range Codes() {
		status, msg := Describe(c)
		if msg == "" {
			t.Errorf("%s has no message", c)
		}
		if status == 500 && c != CodeInternal {
			t.Errorf("%s falls through to 500", c)
		}
		if other, dup := seen[msg]; dup {
			t.Errorf("%s and %s share the message %q", c, other, msg)
		}
		seen[msg] = c
	}
	if s, m := Describe("no_such_code"); s != 500 || m != "Erro interno. Tente novamente." {
		t.Errorf("an unknown code is %d %q, want the internal one", s, m)
	}
}
