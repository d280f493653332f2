package httpapi_test

import (
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A participant's phone, typed as people write it, is stored in E.164 and
// reaches the organiser's devices (the change log, both snapshot formats);
// the entrant finds their tickets by it, typed another way; a number the
// phone rule refuses rejects the op and stores nothing; deleting a drawn
// raffle erases the phones with the e-mails. On both databases.
func TestParticipantPhones(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ana, bia := person("Ana", 2), person("Bia", 1)
		typed := "(11) 91234-5678"
		for i := range ana {
			ana[i].Phone = &typed
		}
		wantStatuses(t, c.push(t, e,
			c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(ana, bia)),
		), "applied", "applied")

		var page changesPage
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes", &page)
		if log := string(page.Changes[1].Payload); !strings.Contains(log, `"phone":"+5511912345678"`) || strings.Count(log, `"phone"`) != 2 {
			t.Errorf("the log keeps the phone in E.164, on Ana's tickets only: %s", log)
		}
		snap := c.snapshot(t, e, rid)
		for _, p := range snap.Participants {
			if got := p.Phone; (p.Name == "Ana") != (got != nil && *got == "+5511912345678") {
				t.Errorf("objects snapshot: %s has phone %v", p.Name, got)
			}
		}
		var cols struct {
			Tickets protocol.TicketColumns `json:"tickets"`
		}
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot?format=columns", &cols)
		p := cols.Tickets.People
		if len(p.Phones) != 2 {
			t.Fatalf("columns snapshot phones: %+v", p.Phones)
		}
		for k, name := range p.Names {
			if got := p.Phones[k]; (name == "Ana") != (got != nil && *got == "+5511912345678") {
				t.Errorf("columns snapshot: %s has phone %v", name, got)
			}
		}

		check := func(body string) string {
			res := e.do(t, request{method: "POST", path: "/api/public/raffles/K7P2QX/check", body: body})
			return readBody(t, res)
		}
		want := `{"found":true,"tickets":["` + *ana[0].TicketNumber + `","` + *ana[1].TicketNumber + `"]}`
		if got := check(`{"phone":"+55 11 9 1234 5678"}`); strings.TrimSpace(got) != want {
			t.Errorf("self-check by phone: %s", got)
		}
		if got := check(`{"phone":"11 3234-5678"}`); !strings.Contains(got, `"found":false`) {
			t.Errorf("self-check by another phone: %s", got)
		}
		if got := check(`{"phone":"11 8123-4567"}`); !strings.Contains(got, `"field":"phone"`) {
			t.Errorf("self-check by a refused phone: %s", got)
		}

		bad := "(20) 91234-5678"
		caio := person("Caio", 1)
		caio[0].Phone = &bad
		res := c.push(t, e, c.op(rid, "participants.add", addPayload(caio)))
		if res[0].Status != "rejected" || res[0].Reason != protocol.ReasonInvalidPhone {
			t.Fatalf("a refused phone: %+v", res[0])
		}
		if n := len(c.snapshot(t, e, rid).Participants); n != 3 {
			t.Fatalf("%d tickets after a refused add, want 3", n)
		}
	})
}
