package httpapi_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// Prizes are last-writer-wins per position on both databases; the public
// state and the public record carry those of positions 1..winners_count;
// a bad prize or alternates count is refused and changes nothing.
func TestPrizesAndAlternatesSettings(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 3, false, crowd(6, 1)...)
		e, c, rid := d.e, d.c, d.rid
		wantStatuses(t, c.push(t, e,
			c.op(rid, "raffle.update", map[string]any{"prizes": []any{
				map[string]any{"position": 1, "name": "  Bicicleta "}, map[string]any{"position": 3, "name": "Vale"}}}),
			c.op(rid, "raffle.update", map[string]any{"prizes": []any{map[string]any{"position": 2, "name": "Cesta básica"}}}),
			c.op(rid, "raffle.update", map[string]any{"prizes": []any{map[string]any{"position": 3, "name": ""}}, "alternates_count": 2}),
			c.op(rid, "raffle.update", map[string]any{"prizes": []any{map[string]any{"position": 1, "name": strings.Repeat("x", 121)}}}),
			c.op(rid, "raffle.update", map[string]any{"alternates_count": 11}),
			c.op(rid, "raffle.update", map[string]any{"winners_count": 1, "prizes": []any{map[string]any{"position": 4, "name": "Rádio"}}}),
		), "applied", "applied", "applied", "rejected:prize_too_long", "rejected:alternates_out_of_range", "applied")

		snap := c.snapshot(t, e, rid)
		want := []protocol.Prize{{Position: 1, Name: "Bicicleta"}, {Position: 2, Name: "Cesta básica"}, {Position: 4, Name: "Rádio"}}
		if !reflect.DeepEqual(snap.Raffle.Prizes, want) || snap.Raffle.AlternatesCount != 2 || snap.Raffle.WinnersCount != 1 {
			t.Fatalf("snapshot raffle: prizes %+v, alternates %d, winners %d", snap.Raffle.Prizes, snap.Raffle.AlternatesCount, snap.Raffle.WinnersCount)
		}
		var pub struct {
			Raffle struct {
				Prizes          []protocol.Prize `json:"prizes"`
				AlternatesCount int              `json:"alternates_count"`
			} `json:"raffle"`
		}
		body := readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code}))
		if err := json.Unmarshal([]byte(body), &pub); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pub.Raffle.Prizes, want[:1]) || pub.Raffle.AlternatesCount != 2 {
			t.Fatalf("public raffle: %s", body)
		}
		// Raising the count again brings back what was typed for position 2.
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"winners_count": 2})), "applied")
		body = readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code}))
		if err := json.Unmarshal([]byte(body), &pub); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pub.Raffle.Prizes, want[:2]) {
			t.Fatalf("public prizes with 2 winners: %+v", pub.Raffle.Prizes)
		}
		// A device pulling the log rebuilds the same prizes from the updates.
		var merged []protocol.Prize
		for _, raw := range c.logged(t, e, rid, "raffle.update") {
			var u protocol.RaffleUpdate
			if err := json.Unmarshal(raw, &u); err != nil {
				t.Fatal(err)
			}
			if u.Prizes != nil {
				merged = protocol.MergePrizes(merged, u.Prizes)
			}
		}
		if !reflect.DeepEqual(merged, want) {
			t.Fatalf("prizes from the log: %+v", merged)
		}

		// The public record names them once a round is drawn.
		rd := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"alternates_count": 0})), "applied")
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", rd.start(d.pool))), "applied")
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", rd.complete())), "applied")
		var rec struct {
			Prizes []protocol.Prize `json:"prizes"`
		}
		body = readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code + "/audit"}))
		if err := json.Unmarshal([]byte(body), &rec); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(rec.Prizes, want[:2]) {
			t.Fatalf("record prizes: %+v", rec.Prizes)
		}
	})
}
