package auth

import (
	"strings"
	"testing"
)

func TestNormalizeEmail(t *testing.T) {
	t.Parallel()
	same := map[string]string{
		"a@b.co":                          "a@b.co",
		" Ana.Maria+Rifa@Exemplo.COM.br ": "ana.maria+rifa@exemplo.com.br",
		"ｕser@exemplo.com":                "user@exemplo.com", // full-width u (NFKC)
		"ana@ｅｘｅｍｐｌｏ.com":                 "ana@exemplo.com",
		"ana@xn--caf-dma.com.br":          "ana@xn--caf-dma.com.br",
		"o'neil@exemplo.com":              "o'neil@exemplo.com",
	}
	for in, want := range same {
		if got, err := NormalizeEmail(in); err != nil || got != want {
			t.Errorf("NormalizeEmail(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	refused := []string{
		"", "ana", "ana@", "@b.com", "ana@b", "ana@.com", "ana@b.", "Ana <ana@b.com>", "a b@c.com",
		strings.Repeat("a", 250) + "@b.com", strings.Repeat("a", 65) + "@b.com",
		"x@exemplo.com\u200b", "x\u200b@exemplo.com", "\u2060x@exemplo.com", "x@exemplo.com\u0000",
		"x@exem\u00adplo.com", "x@exemplo.com\u202e", "x\u001b[8m@exemplo.com",
		"\u0501@exemplo.com", "x@exemplo\u0501.com", "x@ex\u0435mplo.com", // Cyrillic ԁ and е
		"jos\u00e9@exemplo.com", "jose\u0301@exemplo.com", // é, NFC and NFD
		"ana@caf\u00e9.com.br", "ana@-exemplo.com", "ana@exemplo-.com", "ana@exemplo.123",
		"\"ana maria\"@exemplo.com", ".ana@exemplo.com", "ana.@exemplo.com", "an..a@exemplo.com",
		"ana@exem_plo.com", "ana@exemplo..com", "ana\xff@exemplo.com",
	}
	for _, in := range refused {
		if got, err := NormalizeEmail(in); err == nil {
			t.Errorf("NormalizeEmail(%q) = %q, want refused", in, got)
		}
	}
}
