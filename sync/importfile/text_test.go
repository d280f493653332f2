package importfile

import (
	"errors"
	"strings"
	"testing"
)

// The text rule applies to every imported cell, as in the PWA: a NUL or a
// bidi override is refused with the row's line, never stored.
func TestImportTextRule(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rows  []Row
		want  string
		names []string
	}{
		{"NUL in a name", []Row{{1, []string{"nome"}}, {2, []string{"Ana"}}, {3, []string{"Bia\x00"}}},
			"Linha 3: O texto tem caracteres não permitidos", nil},
		{"bidi override in a name", []Row{{1, []string{"nome"}}, {2, []string{"An\u202ea"}}},
			"Linha 2: O texto tem caracteres não permitidos", nil},
		{"NUL in an e-mail", []Row{{1, []string{"nome", "email"}}, {2, []string{"Ana", "ana@exemplo.com\x00"}}},
			"Linha 2: O texto tem caracteres não permitidos", nil},
		{"only invisible characters", []Row{{1, []string{"nome"}}, {2, []string{"\u200b"}}},
			"Linha 2: Nome é obrigatório", nil},
		{"NFC and trimmed", []Row{{1, []string{"nome"}}, {2, []string{"Jose\u0301\u200b"}}}, "", []string{"José"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan, err := PlanImport(tc.rows, Target{}, Choice{})
			if tc.want != "" {
				var ref *Refusal
				if !errors.As(err, &ref) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("err = %v, want a refusal with %q", err, tc.want)
				}
				return
			}
			if err != nil || strings.Join(plan.Names, ",") != strings.Join(tc.names, ",") {
				t.Fatalf("plan %+v, err %v; want names %v", plan, err, tc.names)
			}
		})
	}
}
