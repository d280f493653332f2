package httpapi_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// pulled is what one pull answered: a snapshot's status and rounds, or a
// page of changes (or "refetch").
type pulled struct {
	status  string
	rounds  int
	refetch bool
	types   []string
}

func pull(t *testing.T, d drawing, path string) pulled {
	t.Helper()
	var body struct {
		Raffle  protocol.Raffle  `json:"raffle"`
		Draws   []protocol.Round `json:"draws"`
		Refetch bool             `json:"refetch"`
		Changes []struct {
			Type string `json:"type"`
		} `json:"changes"`
	}
	if s := d.c.getJSON(t, d.e, "/api/sync/raffles/"+d.rid+path, &body); s != 200 {
		t.Fatalf("%s: %d", path, s)
	}
	out := pulled{status: body.Raffle.Status, rounds: len(body.Draws), refetch: body.Refetch}
	for _, c := range body.Changes {
		out.types = append(out.types, c.Type)
	}
	return out
}

// A device of schema version 4 (before the Loteria Federal) names no schema
// in its pulls. While a closed list waits for its result it is sent the
// raffle under way without the round it could never reveal: its log pages
// holding a Loteria Federal op answer "refetch" and its snapshot leaves the
// open round out. Once the result is in, it gets the completed round with
// its winners. A device that names schema 5 gets everything.
func TestFederalPullsOfAnOlderDevice(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 1, false, crowd(3, 1)...)
		settings := federalSettings(d.e, time.Hour, draw.RuleRemainder, 0)
		id := core.NewID(time.Now())
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": settings}),
			d.c.op(d.rid, "draw.start", federalClose(id, d.pool, settings))), "applied", "applied")
		current := "schema=" + strconv.Itoa(protocol.SchemaVersion)
		closed := []struct {
			name, path string
			want       pulled
		}{
			{"snapshot, schema 4 (objects)", "/snapshot", pulled{status: "in_progress"}},
			{"snapshot, schema 4 (columns)", "/snapshot?format=columns", pulled{status: "in_progress"}},
			{"snapshot naming schema 4", "/snapshot?format=columns&schema=4", pulled{status: "in_progress"}},
			{"snapshot, this version", "/snapshot?format=columns&" + current, pulled{status: "in_progress", rounds: 1}},
			{"log, schema 4", "/changes?after=", pulled{refetch: true}},
			{"log, this version", "/changes?after=&" + current, pulled{types: []string{"raffle.create", "participants.add", "raffle.update", "draw.start"}}},
		}
		for _, c := range closed {
			if got := pull(t, d, c.path); !samePull(got, c.want) {
				t.Errorf("list closed, %s: %+v, want %+v", c.name, got, c.want)
			}
		}
		// After the snapshot, the older device's next page is an ordinary one: no refetch loop.
		var snap snapshotBody
		d.c.getJSON(t, d.e, "/api/sync/raffles/"+d.rid+"/snapshot", &snap)
		if got := pull(t, d, "/changes?after="+snap.Cursor); got.refetch || len(got.types) != 0 {
			t.Errorf("after its snapshot, schema 4 pulls %+v", got)
		}

		d.e.clock.advance(61 * time.Minute)
		res, err := draw.Federal(draw.FederalRule{Kind: draw.RuleRemainder}, concurso5732, d.pool, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", map[string]any{"draw_id": id, "prizes": concurso5732,
			"winners": []string{res.Steps[0].Ticket.ID}})), "applied")
		if got := pull(t, d, "/changes?after="+snap.Cursor); !got.refetch {
			t.Errorf("the result, schema 4 pulls %+v, want refetch", got)
		}
		if got := pull(t, d, "/snapshot?format=columns"); got.status != "completed" || got.rounds != 1 {
			t.Errorf("the result, schema 4 snapshot %+v, want the completed round", got)
		}
	})
}

func samePull(a, b pulled) bool {
	if a.status != b.status || a.rounds != b.rounds || a.refetch != b.refetch || len(a.types) != len(b.types) {
		return false
	}
	for i := range a.types {
		if a.types[i] != b.types[i] {
			return false
		}
	}
	return true
}
