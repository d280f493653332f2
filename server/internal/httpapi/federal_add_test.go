package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// A raffle that chose the Loteria Federal refuses, when they are added, the
// tickets its rule cannot read: a number with a letter, one of the value of a
// held number ("0" + a held one), one past the rule's digits. Each refused
// op changes nothing, and neither does a file import holding one; a number
// the rule reads is added.
func TestFederalRefusesTicketsWhenAdded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 1, false, crowd(3, 1)...)
		settings := federalSettings(d.e, time.Hour, draw.RuleFinal, 0)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": settings})), "applied")
		before := d.c.snapshot(t, d.e, d.rid)
		held := *before.Participants[0].TicketNumber
		for _, c := range []struct{ number, reason, names string }{
			{"A12", "federal_ticket_not_numeric", "“A12”"},
			{"0" + held, "federal_ticket_repeated", "“" + held + "” e “0" + held + "”"},
			{"123456", "federal_digits_short", "até 5 algarismos, mas o maior bilhete, 123456, precisa de 6"},
		} {
			tickets := person("Bia", 1)
			tickets[0].TicketNumber = &c.number
			res := d.c.push(t, d.e, d.c.op(d.rid, "participants.add", addPayload(tickets)))
			wantStatuses(t, res, "rejected:"+c.reason)
			if !strings.Contains(res[0].Message, c.names) {
				t.Errorf("%s: message %q does not name %s", c.number, res[0].Message, c.names)
			}
		}
		after := d.c.snapshot(t, d.e, d.rid)
		if after.HeadSeq != before.HeadSeq || len(after.Participants) != len(before.Participants) {
			t.Fatalf("refused adds changed the raffle: seq %d → %d, %d → %d tickets", before.HeadSeq, after.HeadSeq,
				len(before.Participants), len(after.Participants))
		}
		// The server's import goes through the same rule, all or nothing: the
		// value of a held number in the file's second op refuses the file.
		var csv strings.Builder
		csv.WriteString("nome;bilhete\r\n")
		for i := range 5001 {
			fmt.Fprintf(&csv, "Pessoa %d;%d\r\n", i, 50000+i)
		}
		fmt.Fprintf(&csv, "Eva;00%s\r\n", held)
		code, body := importFile(t, d.e, d.c.cookie, d.rid, "lista.csv", []byte(csv.String()))
		if code == 200 || !strings.Contains(body, "“"+held+"” e “00"+held+"”") {
			t.Fatalf("import: %d %s", code, body)
		}
		if after := d.c.snapshot(t, d.e, d.rid); len(after.Participants) != len(before.Participants) {
			t.Fatalf("refused import added %d tickets", len(after.Participants)-len(before.Participants))
		}
		ok := "99999"
		tickets := person("Caio", 1)
		tickets[0].TicketNumber = &ok
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "participants.add", addPayload(tickets, person("Dani", 2)))), "applied")
	})
}
