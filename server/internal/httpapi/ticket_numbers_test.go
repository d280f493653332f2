package httpapi_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// numbered gives a person's tickets the numbers listed ("" = none).
func numbered(name string, numbers ...string) []ticket {
	out := person(name, len(numbers))
	for i, n := range numbers {
		out[i].TicketNumber = nil
		if n != "" {
			out[i].TicketNumber = &n
		}
	}
	return out
}

// numbersOf lists a snapshot's tickets as "name:number", in the order stored.
func numbersOf(s snapshotBody) []string {
	var out []string
	for _, p := range s.Participants {
		n := "-"
		if p.TicketNumber != nil {
			n = *p.TicketNumber
		}
		out = append(out, p.Name+":"+n)
	}
	slices.Sort(out)
	return out
}

// In a ticket raffle a number names one ticket: an op whose every number is
// taken is refused (and nothing of it is written; one taken among free ones
// refuses only its ticket: TestProvisionalNumbers), a missing one gets the next free number,
// and a person can be given another ticket in their own group.
func TestTicketNumbers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ana := numbered("Ana", "001")
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(ana))), "applied", "applied")

		before := c.snapshot(t, e, rid)
		refused := c.push(t, e,
			c.op(rid, "participants.add", addPayload(numbered("Bia", "001"))),
			c.op(rid, "participants.add", addPayload(numbered("Caio", "001", "001"))),
			c.op(rid, "participants.add", addPayload(numbered("Duda", "001"), numbered("Eva", "001"))))
		wantStatuses(t, refused, "rejected:ticket_number_taken", "rejected:ticket_number_taken", "rejected:ticket_number_taken")
		if refused[0].Message != "Já existe um bilhete com este número neste sorteio." {
			t.Fatalf("message: %q", refused[0].Message)
		}
		// A NUL in a name: PostgreSQL's text cannot hold it, so the text rule refuses it on both.
		wantStatuses(t, c.push(t, e, c.op(rid, "participants.add", addPayload(numbered("Ana\x00Maria", "020")))), "rejected:text_invalid")
		if after := c.snapshot(t, e, rid); after.HeadSeq != before.HeadSeq || len(after.Participants) != 1 {
			t.Fatalf("a refused op wrote: head %d → %d, %d tickets", before.HeadSeq, after.HeadSeq, len(after.Participants))
		}

		// Without numbers: the next after the highest, the op's own typed ones included.
		another := ticket{ID: core.NewID(time.Now()), Name: "Ana", GroupID: ana[0].GroupID}
		wantStatuses(t, c.push(t, e,
			c.op(rid, "participants.add", addPayload(numbered("Bia", "", ""))),
			c.op(rid, "participants.add", addPayload(numbered("Caio", "010", ""))),
			c.op(rid, "participants.add", addPayload([]ticket{another}))), "applied", "applied", "applied")
		snap := c.snapshot(t, e, rid)
		want := []string{"Ana:001", "Ana:012", "Bia:002", "Bia:003", "Caio:010", "Caio:011"}
		if got := numbersOf(snap); !slices.Equal(got, want) {
			t.Fatalf("numbers %v, want %v", got, want)
		}
		if snap.Raffle.ID != rid {
			t.Fatal("snapshot of another raffle")
		}
		// Ana's second ticket is hers: one person, two tickets.
		groups := map[string]int{}
		for _, p := range snap.Participants {
			groups[p.GroupID]++
		}
		if len(groups) != 3 || groups[ana[0].GroupID] != 2 {
			t.Fatalf("groups %v", groups)
		}
		// Other devices learn the numbers the server chose from the log.
		var page struct {
			Changes []struct {
				Type    string
				Payload struct{ Tickets []ticket }
			}
		}
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes", &page)
		last := page.Changes[len(page.Changes)-1]
		if last.Type != "participants.add" || len(last.Payload.Tickets) != 1 || *last.Payload.Tickets[0].TicketNumber != "012" {
			t.Fatalf("logged: %+v", last)
		}

		// A simple raffle keeps no numbers, so nothing to collide.
		sid := core.NewID(time.Now())
		simple := createPayload(sid, "K7P2QY")
		simple["type"] = "simple"
		wantStatuses(t, c.push(t, e, c.op(sid, "raffle.create", simple),
			c.op(sid, "participants.add", addPayload(numbered("Ana", "001"), numbered("Bia", "001")))), "applied", "applied")
		if got := fmt.Sprint(numbersOf(c.snapshot(t, e, sid))); got != "[Ana:- Bia:-]" {
			t.Fatalf("simple raffle: %s", got)
		}
	})
}
