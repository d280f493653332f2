package httpapi_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A device that asks for columns gets them; any other request (every device
// written before them, or a format this server does not know) gets one
// object per ticket, with the same tickets.
func TestSnapshotFormats(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		ana, bia, caio := person("Ana", 3), person("Bia", 1), person("Caio", 2)
		mail := "caio@exemplo.com"
		for i := range caio {
			caio[i].Email = &mail
		}
		wantStatuses(t, c.push(t, e,
			c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
			c.op(rid, "participants.add", addPayload(ana, bia)),
			c.op(rid, "participants.add", addPayload(caio)),
			c.op(rid, "participants.remove_group", map[string]any{"group_id": bia[0].GroupID}),
		), "applied", "applied", "applied", "applied")

		var objects snapshotBody
		c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot", &objects)
		if len(objects.Participants) != 5 || objects.HeadSeq != 4 {
			t.Fatalf("objects: %d tickets, head %d", len(objects.Participants), objects.HeadSeq)
		}

		type columnsBody struct {
			Raffle       protocol.Raffle         `json:"raffle"`
			HeadSeq      int64                   `json:"head_seq"`
			Cursor       string                  `json:"cursor"`
			Format       string                  `json:"format"`
			Tickets      *protocol.TicketColumns `json:"tickets"`
			Participants json.RawMessage         `json:"participants"`
		}
		for _, tc := range []struct {
			name, query, format string
		}{
			{"no format: objects", "", ""},
			{"an unknown format: objects", "?format=rows", ""},
			{"columns", "?format=columns", "columns"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var got columnsBody
				if s := c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot"+tc.query, &got); s != 200 {
					t.Fatalf("status %d", s)
				}
				if got.Format != tc.format || got.HeadSeq != objects.HeadSeq || got.Cursor != objects.Cursor || !reflect.DeepEqual(got.Raffle, objects.Raffle) {
					t.Fatalf("head: %+v", got)
				}
				if tc.format == "" {
					if got.Tickets != nil || len(got.Participants) == 0 {
						t.Fatalf("objects answer with tickets %v, participants %s", got.Tickets, got.Participants)
					}
					return
				}
				if got.Participants != nil || got.Tickets == nil {
					t.Fatalf("columns answer with participants %s", got.Participants)
				}
				// Ana and Caio (Bia was removed): each person once.
				if len(got.Tickets.People.Names) != 2 || len(got.Tickets.IDs) != 5 {
					t.Fatalf("columns: %+v", got.Tickets)
				}
				tickets, err := got.Tickets.Tickets()
				if err != nil || !reflect.DeepEqual(tickets, objects.Participants) {
					t.Fatalf("columns read back\n got %+v (%v)\nwant %+v", tickets, err, objects.Participants)
				}
			})
		}
	})
}
