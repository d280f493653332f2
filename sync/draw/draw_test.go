package draw

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"
)

type vectors struct {
	Combine struct {
		ClientSeed string `json:"client_seed"`
		ServerSeed string `json:"server_seed"`
		Seed       string `json:"seed"`
	} `json:"combine"`
	Stream struct {
		Seed       string   `json:"seed"`
		FirstWords []uint32 `json:"first_words"`
	} `json:"stream"`
	Intn struct {
		Seed  string `json:"seed"`
		N     int    `json:"n"`
		Draws []int  `json:"draws"`
	} `json:"intn"`
	Cases []struct {
		Name     string   `json:"name"`
		Seed     string   `json:"seed"`
		Count    int      `json:"winners_count"`
		AllowDup bool     `json:"allow_duplicate_wins"`
		Pool     []Ticket `json:"pool"`
		Generate *struct {
			Count     int `json:"count"`
			GroupSize int `json:"group_size"`
		} `json:"generate"`
		Digest  string   `json:"pool_digest"`
		Winners []string `json:"winners"`
	} `json:"cases"`
}

func loadVectors(t testing.TB) vectors {
	var v vectors
	readTestdata(t, "draw/vectors.json", &v)
	return v
}

func unhex(t testing.TB, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// generatedPool follows the rule written in the vectors (and generate.py).
func generatedPool(count, groupSize int) []Ticket {
	pool := make([]Ticket, count)
	for i := range pool {
		g := i / groupSize
		num := fmt.Sprintf("%03d", i%groupSize+1)
		pool[i] = Ticket{
			ID:           fmt.Sprintf("0192f0c1-0000-7000-8000-%012x", (i*7919)%count),
			GroupID:      fmt.Sprintf("0192f0c1-0000-7000-8100-%012x", g),
			TicketNumber: &num,
			Name:         fmt.Sprintf("Pessoa %d", g),
		}
	}
	return pool
}

func TestVectors(t *testing.T) {
	v := loadVectors(t)
	if got := hex.EncodeToString(CombineSeeds(unhex(t, v.Combine.ClientSeed), unhex(t, v.Combine.ServerSeed))); got != v.Combine.Seed {
		t.Errorf("CombineSeeds = %s, want %s", got, v.Combine.Seed)
	}
	s := NewStream(unhex(t, v.Stream.Seed))
	for i, want := range v.Stream.FirstWords {
		if got := s.Uint32(); got != want {
			t.Fatalf("stream word %d = %d, want %d", i, got, want)
		}
	}
	s = NewStream(unhex(t, v.Intn.Seed))
	for i, want := range v.Intn.Draws {
		if got := s.Intn(v.Intn.N); got != want {
			t.Fatalf("Intn draw %d = %d, want %d (rejection sampling differs)", i, got, want)
		}
	}
	if len(v.Cases) < 8 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			pool := c.Pool
			if c.Generate != nil {
				pool = generatedPool(c.Generate.Count, c.Generate.GroupSize)
			}
			canon := Canonical(pool)
			if got := Digest(canon); hex.EncodeToString(got[:]) != c.Digest {
				t.Errorf("digest = %x, want %s", got, c.Digest)
			}
			winners, err := Pick(unhex(t, c.Seed), canon, c.Count, c.AllowDup)
			if err != nil {
				t.Fatal(err)
			}
			if len(winners) != len(c.Winners) {
				t.Fatalf("%d winners, want %d", len(winners), len(c.Winners))
			}
			for i, w := range winners {
				if w.ID != c.Winners[i] {
					t.Fatalf("winner %d = %s, want %s", i+1, w.ID, c.Winners[i])
				}
			}
		})
	}
}

func TestImpossibleDraws(t *testing.T) {
	seed := sha256.Sum256([]byte("x"))
	pool := Canonical([]Ticket{{ID: "a", GroupID: "g"}, {ID: "b", GroupID: "g"}})
	if _, err := Pick(seed[:], pool, 3, true); err != ErrNotEnoughTickets {
		t.Fatalf("3 of 2 tickets: %v", err)
	}
	if _, err := Pick(seed[:], pool, 2, false); err != ErrNotEnoughPeople {
		t.Fatalf("2 winners from 1 person: %v", err)
	}
	if w, err := Pick(seed[:], pool, 2, true); err != nil || len(w) != 2 || w[0].ID == w[1].ID {
		t.Fatalf("2 of 2 tickets with duplicates allowed: %v %v", w, err)
	}
}

// Many draws over a small pool: each ticket should win about equally often.
// Chi-square with 9 degrees of freedom at the 95% level (critical 16.919);
// the seeds are fixed, so the test is repeatable.
func TestUniformity(t *testing.T) {
	const tickets, draws = 10, 20000
	pool := make([]Ticket, tickets)
	for i := range pool {
		pool[i] = Ticket{ID: fmt.Sprintf("t%02d", i), GroupID: fmt.Sprintf("g%02d", i)}
	}
	index := map[string]int{}
	for i, tk := range pool {
		index[tk.ID] = i
	}
	counts := make([]int, tickets)
	for d := 0; d < draws; d++ {
		seed := sha256.Sum256([]byte(fmt.Sprintf("uniforme-%d", d)))
		w, err := Pick(seed[:], pool, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		counts[index[w[0].ID]]++
	}
	expected := float64(draws) / tickets
	chi2 := 0.0
	for _, c := range counts {
		chi2 += (float64(c) - expected) * (float64(c) - expected) / expected
	}
	if chi2 > 16.919 {
		t.Fatalf("chi-square %.2f > 16.919: not uniform at the 95%% level (counts %v)", chi2, counts)
	}
	t.Logf("chi-square %.2f over counts %v", chi2, counts)
}

// Positions, not just single picks, must be uniform: over many 3-winner
// draws from 6 tickets, every ticket appears in each position about equally.
func TestUniformityByPosition(t *testing.T) {
	const tickets, draws = 6, 12000
	pool := make([]Ticket, tickets)
	index := map[string]int{}
	for i := range pool {
		pool[i] = Ticket{ID: fmt.Sprintf("t%d", i), GroupID: fmt.Sprintf("g%d", i)}
		index[pool[i].ID] = i
	}
	var counts [3][tickets]int
	for d := 0; d < draws; d++ {
		seed := sha256.Sum256([]byte(fmt.Sprintf("posicao-%d", d)))
		w, err := Pick(seed[:], pool, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		for pos, tk := range w {
			counts[pos][index[tk.ID]]++
		}
	}
	expected := float64(draws) / tickets
	for pos := range counts {
		chi2 := 0.0
		for _, c := range counts[pos] {
			chi2 += (float64(c) - expected) * (float64(c) - expected) / expected
		}
		if chi2 > 11.070 { // 5 degrees of freedom, 95%
			t.Fatalf("position %d: chi-square %.2f > 11.070 (counts %v)", pos+1, chi2, counts[pos])
		}
	}
}

func BenchmarkPick100Of100k(b *testing.B) {
	canon := Canonical(generatedPool(100_000, 10))
	seed := sha256.Sum256([]byte("bench"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Pick(seed[:], canon, 100, false); err != nil {
			b.Fatal(err)
		}
	}
}

// verify is what the server does to check a draw: canonical order, digest,
// then the pick.
func benchVerify(b *testing.B, pool []Ticket) {
	seed := sha256.Sum256([]byte("bench"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		canon := Canonical(pool)
		_ = Digest(canon)
		if _, err := Pick(seed[:], canon, 100, false); err != nil {
			b.Fatal(err)
		}
	}
}

// The pool comes from the database in id order.
func BenchmarkVerify100Of100k(b *testing.B) { benchVerify(b, Canonical(generatedPool(100_000, 10))) }

// The same from a pool in no particular order (a sort of 100,000 ids first).
func BenchmarkVerifyUnsorted100Of100k(b *testing.B) { benchVerify(b, generatedPool(100_000, 10)) }
