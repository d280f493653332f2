package store_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
)

// Plain ASCII names take a shortcut past Unicode normalisation; both paths
// must fold alike.
func TestNameKey(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"MARIA da Silva":   "maria da silva",
		"Conceição Araújo": "conceicao araujo",
		"ÉDER Ñandú":       "eder nandu",
		"José 2":           "jose 2",
		"":                 "",
	} {
		if got := store.NameKey(name); got != want {
			t.Errorf("NameKey(%q) = %q, want %q", name, got, want)
		}
	}
}
