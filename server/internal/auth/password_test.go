package auth

import (
	"strings"
	"testing"
)

func TestHashAndVerifyPassword(t *testing.T) {
	t.Parallel()
	h1, err := HashPassword("segredo1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h1, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not an argon2id PHC string with the chosen parameters", h1)
	}
	h2, _ := HashPassword("segredo1")
	if h1 == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for _, tc := range []struct {
		password string
		want     bool
	}{
		{"segredo1", true},
		{"segredo2", false},
		{"Segredo1", false},
		{"", false},
		{"segredo1 ", false},
	} {
		ok, err := VerifyPassword(tc.password, h1)
		if err != nil {
			t.Fatalf("VerifyPassword(%q): %v", tc.password, err)
		}
		if ok != tc.want {
			t.Errorf("VerifyPassword(%q) = %v, want %v", tc.password, ok, tc.want)
		}
	}
}

func TestVerifyPasswordRejectsMalformedHashes(t *testing.T) {
	t.Parallel()
	for _, h := range []string{
		"",
		"plain",
		"$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$a2V5",
		"$argon2id$v=18$m=19456,t=2,p=1$c2FsdA$a2V5",
		"$argon2id$v=19$m=x,t=2,p=1$c2FsdA$a2V5",
		"$argon2id$v=19$m=19456,t=2,p=1$!!!$a2V5",
		"$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$",
	} {
		if ok, err := VerifyPassword("x", h); ok || err == nil {
			t.Errorf("VerifyPassword(_, %q) = %v, %v; want false and an error", h, ok, err)
		}
	}
}

// One argon2id hash with the production parameters: the gate's wait
// (GateWait) is sized in these (docs/operations.md).
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("segredo1"); err != nil {
			b.Fatal(err)
		}
	}
}
