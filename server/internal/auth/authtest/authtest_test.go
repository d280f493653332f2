package authtest_test

import (
	"context"
	"testing"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
)

// The cheap hash is one production's check reads: the right password
// matches, another does not.
func TestCheapHashVerifiesInProduction(t *testing.T) {
	g := authtest.Gate()
	h, err := g.Hash(context.Background(), "segredo1")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := auth.VerifyPassword("segredo1", h); err != nil || !ok {
		t.Fatalf("right password: %v, %v", ok, err)
	}
	if ok, err := auth.VerifyPassword("segredo2", h); err != nil || ok {
		t.Fatalf("wrong password: %v, %v", ok, err)
	}
	if again, _ := authtest.Hash("segredo1"); again == h {
		t.Fatal("two hashes of one password share their salt")
	}
}
