package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// chosen is numbered with every number marked provisional: the device chose
// them itself (an empty number in the form, a quantity or names import).
func chosen(name string, numbers ...string) []ticket {
	out := numbered(name, numbers...)
	for i := range out {
		out[i].Provisional = out[i].TicketNumber != nil
	}
	return out
}

// span lists the numbers from, from+1, ... (n of them), zero-padded to 3.
func span(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%03d", from+i)
	}
	return out
}

// A number the device chose is provisional: on a clash the server gives the
// next free one and says how many it replaced. A typed number that clashes
// refuses its own ticket, listed in the answer, and the op is applied with
// the others; only when every ticket is refused is the op. Each case pushes
// onto a raffle that holds Ana's 001–004 and Bia's 005–049 (added by another
// device first).
func TestProvisionalNumbers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		add        []ticket
		status     string
		renumbered int
		refused    []string          // the typed numbers refused, one ticket each
		want       map[string]string // name → its numbers, joined by spaces
	}{
		{name: "the offline import 005–204 keeps its free numbers; the 45 that clash get 205–249",
			add: chosen("Eva", span(5, 200)...), status: "applied", renumbered: 45,
			want: map[string]string{"Eva": strings.Join(slices.Concat(span(50, 155), span(205, 45)), " ")}},
		{name: "a free provisional number is kept", add: chosen("Eva", "050"), status: "applied",
			want: map[string]string{"Eva": "050"}},
		{name: "typed numbers claim theirs first, even after the provisional one",
			add:    slices.Concat(chosen("Eva", "060"), numbered("Caio", "060")),
			status: "applied", renumbered: 1, want: map[string]string{"Eva": "061", "Caio": "060"}},
		{name: "a typed number that is taken refuses its ticket only; the provisional one beside it goes in",
			add:    slices.Concat(chosen("Eva", "005"), numbered("Caio", "004")),
			status: "applied", renumbered: 1, refused: []string{"004"}, want: map[string]string{"Eva": "050", "Caio": ""}},
		{name: "typed numbers are refused one by one, not the batch",
			add:    slices.Concat(numbered("Caio", "004", "060", "061"), numbered("Gil", "049", "")),
			status: "applied", refused: []string{"004", "049"}, want: map[string]string{"Caio": "060 061", "Gil": "062"}},
		{name: "every typed number taken refuses the op, and nothing is written",
			add:    slices.Concat(numbered("Caio", "004"), numbered("Gil", "049")),
			status: "rejected:ticket_number_taken", want: map[string]string{"Caio": "", "Gil": ""}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				e, c, rid := signedUpWithRaffleID(t, db)
				wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
					c.op(rid, "participants.add", addPayload(numbered("Ana", span(1, 4)...))),
					c.op(rid, "participants.add", addPayload(numbered("Bia", span(5, 45)...)))), "applied", "applied", "applied")

				res := c.push(t, e, c.op(rid, "participants.add", addPayload(tc.add)))
				wantStatuses(t, res, tc.status)
				if res[0].Renumbered != tc.renumbered {
					t.Fatalf("renumbered %d, want %d", res[0].Renumbered, tc.renumbered)
				}
				var refused []string
				for _, r := range res[0].Refused {
					if r.Reason != "ticket_number_taken" || !slices.ContainsFunc(tc.add, func(tk ticket) bool { return tk.ID == r.ID }) {
						t.Errorf("refused %+v", r)
					}
					refused = append(refused, r.TicketNumber)
				}
				if !slices.Equal(refused, tc.refused) {
					t.Fatalf("refused %v, want %v", refused, tc.refused)
				}
				snap := c.snapshot(t, e, rid)
				held := map[string][]string{}
				seen := map[string]bool{}
				for _, p := range snap.Participants {
					if seen[*p.TicketNumber] {
						t.Fatalf("number %s held twice", *p.TicketNumber)
					}
					seen[*p.TicketNumber] = true
					held[p.Name] = append(held[p.Name], *p.TicketNumber)
				}
				for name, want := range tc.want {
					slices.Sort(held[name])
					if got := strings.Join(held[name], " "); got != want {
						t.Fatalf("%s holds %q, want %q", name, got, want)
					}
				}
				// Devices pull the numbers stored, never the flag.
				var page struct {
					Changes []struct{ Payload struct{ Tickets []ticket } }
				}
				c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes", &page)
				for _, ch := range page.Changes {
					for _, tk := range ch.Payload.Tickets {
						if tk.Provisional {
							t.Fatalf("the log holds a provisional number: %+v", tk)
						}
					}
				}
			})
		})
	}
}
