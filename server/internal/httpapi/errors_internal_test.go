package httpapi

import (
	"net/http"
	"testing"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Every code has its own status and a pt-BR message; only "internal" is a 500.
func TestEveryCodeIsMapped(t *testing.T) {
	seen := map[string]core.Code{}
	for _, c := range core.Codes() {
		status, msg := errorInfo(c)
		if msg == "" {
			t.Errorf("%s has no message", c)
		}
		if status == http.StatusInternalServerError && c != core.CodeInternal {
			t.Errorf("%s falls through to 500", c)
		}
		if other, dup := seen[msg]; dup {
			t.Errorf("%s and %s share the message %q", c, other, msg)
		}
		seen[msg] = c
	}
}
