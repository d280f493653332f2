package draw

import (
	"crypto/sha256"
	"fmt"
	"testing"
)

func TestRedrawPool(t *testing.T) {
	pool := Canonical(generatedPool(60, 3)) // 20 people of 3 tickets
	groupOf := map[string]string{}
	for _, tk := range pool {
		groupOf[tk.ID] = tk.GroupID
	}
	// A valid winner and an invalidated one: to the pool they are the same.
	winners := []string{pool[4].ID, pool[31].ID}

	for _, dup := range []bool{false, true} {
		t.Run(fmt.Sprintf("duplicates=%v", dup), func(t *testing.T) {
			got := RedrawPool(pool, winners, dup)
			want := 58
			if !dup {
				want = 54 // both winners' people leave, 3 tickets each
			}
			if len(got) != want {
				t.Fatalf("%d tickets, want %d", len(got), want)
			}
			if len(Canonical(got)) != len(got) || !sameOrder(got, Canonical(got)) {
				t.Fatal("the redraw pool is not in canonical order")
			}
			// Over many seeds, the redraw never gives back a winner, nor,
			// without duplicates, anyone of a winner's group.
			for s := 0; s < 200; s++ {
				seed := sha256.Sum256([]byte(fmt.Sprint("redraw", s)))
				w, err := Pick(seed[:], got, 1, dup)
				if err != nil {
					t.Fatal(err)
				}
				for _, id := range winners {
					if w[0].ID == id || (!dup && w[0].GroupID == groupOf[id]) {
						t.Fatalf("seed %d redrew %s (group %s), excluded by winner %s", s, w[0].ID, w[0].GroupID, id)
					}
				}
			}
		})
	}

	if got := RedrawPool(pool, nil, false); len(got) != len(pool) {
		t.Fatalf("no winners: %d tickets, want the whole pool", len(got))
	}
	// Everyone has won: nobody is left.
	var all []string
	for i := 0; i < len(pool); i += 3 {
		all = append(all, pool[i].ID)
	}
	if got := RedrawPool(pool, all, false); len(got) != 0 {
		t.Fatalf("every person won: %d tickets left", len(got))
	}
}

func sameOrder(a, b []Ticket) bool {
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

func TestCommitment(t *testing.T) {
	seed := NewSeed()
	if len(seed) != SeedSize {
		t.Fatalf("seed of %d bytes", len(seed))
	}
	if string(seed) == string(NewSeed()) {
		t.Fatal("two seeds alike")
	}
	if c := Commitment(seed); !commits(seed, c) || len(c) != 64 {
		t.Fatalf("Commitment = %q", c)
	}
}
