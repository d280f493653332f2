package public

import "testing"

func TestMask(t *testing.T) {
	for in, want := range map[string]string{
		"joao.silva@gmail.com":   "jo***@g***.com",
		"a@b.co":                 "a***@b***.co",
		"ab@exemplo.com.br":      "a***@e***.br",
		"abc@exemplo.com.br":     "ab***@e***.br",
		"çé@ção.br":              "ç***@ç***.br",
		"sem-arroba":             "***",
		"x@semponto":             "***",
		"@vazio.com":             "***",
		"x@dominio.":             "***",
		" Maria@Example.ORG ":    "Ma***@E***.ORG",
		"a.b.c.d@mail.server.io": "a.***@m***.io",
	} {
		if got := Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
}
