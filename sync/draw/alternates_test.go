package draw

import (
	"encoding/hex"
	"reflect"
	"testing"
)

type alternatesFile struct {
	Algorithm string `json:"algorithm"`
	Picks     []struct {
		Name               string   `json:"name"`
		Seed               string   `json:"seed"`
		Pool               []Ticket `json:"pool"`
		PoolDigest         string   `json:"pool_digest"`
		WinnersCount       int      `json:"winners_count"`
		AlternatesCount    int      `json:"alternates_count"`
		AllowDuplicateWins bool     `json:"allow_duplicate_wins"`
		Winners            []string `json:"winners"`
		Alternates         []string `json:"alternates"`
		Error              string   `json:"error"`
		Missing            int      `json:"missing"`
	} `json:"picks"`
	Records []struct {
		Name              string     `json:"name"`
		Verdict           string     `json:"verdict"`
		Problems          [][]string `json:"problems"`
		PromotionProblems [][]string `json:"promotion_problems"`
		Record            Export     `json:"record"`
	} `json:"records"`
}

func readAlternates(t *testing.T) alternatesFile {
	t.Helper()
	var f alternatesFile
	readTestdata(t, "draw/alternates.json", &f)
	if f.Algorithm != Algorithm || len(f.Picks) < 5 || len(f.Records) < 8 {
		t.Fatalf("alternates.json: %s, %d picks, %d records", f.Algorithm, len(f.Picks), len(f.Records))
	}
	return f
}

// Winners and alternates from a seed, as the Python reference draws them;
// an impossible draw says how many people are missing.
func TestPickWithAlternatesVectors(t *testing.T) {
	for _, c := range readAlternates(t).Picks {
		t.Run(c.Name, func(t *testing.T) {
			seed, _ := hex.DecodeString(c.Seed)
			canon := Canonical(c.Pool)
			if d := Digest(canon); hex.EncodeToString(d[:]) != c.PoolDigest {
				t.Fatal("pool digest differs")
			}
			groups := map[string]bool{}
			for _, tk := range c.Pool {
				groups[tk.GroupID] = true
			}
			places := c.WinnersCount + c.AlternatesCount
			if missing, byPeople := Shortfall(places, len(c.Pool), len(groups), c.AllowDuplicateWins); c.Error != "" {
				if missing != c.Missing || !byPeople {
					t.Fatalf("shortfall %d (by people %v), want %d people", missing, byPeople, c.Missing)
				}
			} else if missing != 0 {
				t.Fatalf("shortfall %d for a possible draw", missing)
			}
			won, next, err := PickWithAlternates(seed, canon, c.WinnersCount, c.AlternatesCount, c.AllowDuplicateWins)
			if c.Error != "" {
				if err != ErrNotEnoughPeople {
					t.Fatalf("err %v, want not enough people", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(won); !reflect.DeepEqual(got, c.Winners) {
				t.Fatalf("winners %v, want %v", got, c.Winners)
			}
			if got := ids(next); !reflect.DeepEqual(got, c.Alternates) && len(c.Alternates)+len(got) > 0 {
				t.Fatalf("alternates %v, want %v", got, c.Alternates)
			}
			// The winners are sorteio-v1's: alternates only continue the pick.
			v1, _ := Pick(seed, canon, c.WinnersCount, c.AllowDuplicateWins)
			if !reflect.DeepEqual(ids(v1), c.Winners) {
				t.Fatal("the winners differ from sorteio-v1's")
			}
		})
	}
}

// Records with called alternates: the genuine one verifies; an alternate
// called twice, without an invalidation, before it, out of order, a ticket
// that is no alternate, a place never drawn and a sorteio-v1 record with
// alternates do not, with exactly the problems the page gives.
func TestAlternatesRecords(t *testing.T) {
	for _, c := range readAlternates(t).Records {
		t.Run(c.Name, func(t *testing.T) {
			draws, promotions := VerifyExport(c.Record), CheckPromotions(c.Record)
			verdict := "CONFERE"
			for _, list := range [][][]string{draws, promotions} {
				for i := range list {
					if list[i] == nil {
						list[i] = []string{}
					}
					if len(list[i]) > 0 {
						verdict = "NÃO CONFERE"
					}
				}
			}
			if c.PromotionProblems == nil {
				c.PromotionProblems = [][]string{}
			}
			if verdict != c.Verdict || !reflect.DeepEqual(draws, c.Problems) || !reflect.DeepEqual(promotions, c.PromotionProblems) {
				t.Fatalf("%s\ndraws %q\npromotions %q\nwant %s %q %q", verdict, draws, promotions, c.Verdict, c.Problems, c.PromotionProblems)
			}
		})
	}
}

// A record whose alternates were changed after the draw does not
// recompute; neither does a redraw that claims alternates.
func TestAlternatesTampered(t *testing.T) {
	genuine := readAlternates(t).Records[0].Record
	e := genuine
	e.Draws = append([]Record{}, genuine.Draws...)
	first := e.Draws[0]
	first.Alternates = append([]string{}, first.Alternates...)
	first.Alternates[0], first.Alternates[1] = first.Alternates[1], first.Alternates[0]
	e.Draws[0] = first
	if got := VerifyExport(e)[0]; len(got) != 2 || got[0] != "1º suplente: o registro diz "+first.Alternates[0]+", o cálculo dá "+first.Alternates[1] {
		t.Fatalf("swapped alternates: %q", got)
	}
	redraw := e.Draws[1]
	redraw.AlternatesCount = 1
	e.Draws = []Record{genuine.Draws[0], redraw}
	if got := VerifyExport(e)[1]; !contains(got, msgRedrawAlternates) {
		t.Fatalf("a redraw with alternates: %q", got)
	}
}

func ids(ts []Ticket) []string {
	out := []string{}
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
