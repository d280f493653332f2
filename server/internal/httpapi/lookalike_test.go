package httpapi_test

import (
	"encoding/json"
	"testing"
)

// Look-alikes of an existing account's e-mail never make a second account:
// each is the same address (email_taken) or refused, on both databases.
func TestEmailLookAlikes(t *testing.T) {
	t.Parallel()
	seed := func(t *testing.T, e *env) { mustSignUp(t, e, "x@exemplo.com", "segredo1") }
	body := func(email string) string {
		b, _ := json.Marshal(map[string]string{"email": email, "password": "segredo1"})
		return string(b)
	}
	var rows []scenario
	for _, c := range []struct {
		name, email string
		status      int
		want        string
	}{
		{"zero-width space after", "x@exemplo.com\u200b", 400, "invisíveis"},
		{"zero-width space inside", "x\u200b@exemplo.com", 400, "invisíveis"},
		{"word joiner before", "\u2060x@exemplo.com", 400, "invisíveis"},
		{"soft hyphen in the domain", "x@exem\u00adplo.com", 400, "invisíveis"},
		{"NUL", "x@exemplo.com\u0000", 400, "invisíveis"},
		{"Cyrillic ԁ in the domain", "x@exemplo\u0501.com", 400, "Domínio"},
		{"Cyrillic е in the domain", "x@\u0435xemplo.com", 400, "Domínio"},
		{"Cyrillic х as the local part", "\u0445@exemplo.com", 400, "Antes do @"},
		{"full-width x", "\uff58@exemplo.com", 409, "email_taken"},
		{"full-width domain", "x@\uff45\uff58\uff45\uff4d\uff50\uff4c\uff4f.com", 409, "email_taken"},
		{"upper case and spaces", "  X@EXEMPLO.COM ", 409, "email_taken"},
		{"é in NFC", "x@exempl\u00e9.com", 400, "Domínio"},
		{"é in NFD", "x@exemple\u0301.com", 400, "Domínio"}, //nolint:misspell // exemplé, decomposed
		{"bidi override", "x@exemplo.com\u202e", 400, "invisíveis"},
	} {
		rows = append(rows, scenario{name: c.name, setup: seed, status: c.status, want: []string{c.want},
			req:   request{method: "POST", path: "/api/auth/signup", body: body(c.email)},
			after: wantCounts(1, 1)})
	}
	runScenarios(t, rows)
}
