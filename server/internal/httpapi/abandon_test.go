package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A first draw whose device never reveals: the owner abandons it once the
// countdown (10 s) and the grace (60 s) are over on the server's clock, not
// before; nobody else can; the raffle is pending again, the round stays in
// the record, and a new round completes.
func TestAbandonRound(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(6, 2)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"countdown_seconds": 10})), "applied")
		lost := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", lost.start(pool))), "applied")
		abandon := func() map[string]any { return map[string]any{"draw_id": lost.id} }

		wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", abandon())), "rejected:abandon_too_early")
		e.clock.advance(69 * time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", abandon())), "rejected:abandon_too_early")
		if snap := c.snapshot(t, e, rid); snap.Raffle.Status != "in_progress" || !snap.Draws[0].Open() {
			t.Fatalf("a refused abandon changed the raffle: %+v %+v", snap.Raffle, snap.Draws[0])
		}
		e.clock.advance(time.Second)
		other := newClient(mustSignUp(t, e, "outra@example.com", "segredo1"))
		wantStatuses(t, other.push(t, e, other.op(rid, "draw.abandon", abandon())), "rejected:raffle_not_found")
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", abandon()), c.op(rid, "draw.abandon", abandon()),
			c.op(rid, "draw.complete", lost.complete())),
			"applied", "rejected:draw_abandoned", "rejected:draw_abandoned")

		var logged protocol.DrawAbandoned
		if err := json.Unmarshal(c.logged(t, e, rid, "draw.abandon")[0], &logged); err != nil {
			t.Fatal(err)
		}
		snap := c.snapshot(t, e, rid)
		if logged.DrawID != lost.id || logged.AbandonedAt < e.clock.Now().Add(-time.Minute).UnixMilli() ||
			snap.Raffle.Status != "pending" || snap.Draws[0].AbandonedAt == nil || *snap.Draws[0].AbandonedAt != logged.AbandonedAt ||
			snap.Draws[0].Open() || len(snap.Winners) != 0 {
			t.Fatalf("abandoned: logged %+v, raffle %+v, round %+v", logged, snap.Raffle, snap.Draws[0])
		}

		// The public page no longer shows a round under way, and names the
		// abandoned one, so a viewer who opens it now is told too.
		code := snap.Raffle.Code
		abandoned := fmt.Sprintf(`"abandoned_round":{"id":"%s","abandoned_at":%d}`, lost.id, logged.AbandonedAt)
		if body := readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + code})); !strings.Contains(body, `"round":null`) ||
			!strings.Contains(body, `"status":"pending"`) || !strings.Contains(body, abandoned) {
			t.Fatalf("public state after the abandon: %s", body)
		}

		// A new round, numbered 2, completes as usual; the public page shows
		// it, not the abandoned one, while it counts down.
		again := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", again.start(pool))), "applied")
		if body := readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + code})); !strings.Contains(body, `"id":"`+again.id+`"`) ||
			!strings.Contains(body, `"abandoned_round":null`) {
			t.Fatalf("public state of the new round: %s", body)
		}
		e.clock.advance(10 * time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", again.complete()), c.op(rid, "draw.abandon", map[string]any{"draw_id": again.id})),
			"applied", "rejected:draw_completed")
		snap = c.snapshot(t, e, rid)
		if snap.Raffle.Status != "completed" || len(snap.Draws) != 2 || snap.Draws[1].Number != 2 || len(snap.Winners) != 2 {
			t.Fatalf("after a new round: %+v %+v", snap.Raffle, snap.Draws)
		}

		// The record shows the abandoned round (no seed: none was revealed)
		// and verifies the completed one.
		a := c.audit(t, e, rid)
		if len(a.Abandoned) != 1 || a.Abandoned[0].DrawID != lost.id || a.Abandoned[0].Round != 1 || !a.Abandoned[0].Online ||
			a.Abandoned[0].AbandonedAt != logged.AbandonedAt || len(a.Draws) != 1 || a.Draws[0].Round != 2 {
			t.Fatalf("audit: abandoned %+v, draws %d", a.Abandoned, len(a.Draws))
		}
		if p := draw.VerifyExport(a.Export)[0]; len(p) != 0 {
			t.Fatalf("the new round does not verify: %v", p)
		}
	})
}

// A redraw whose device never reveals: abandoned after the grace (redraws
// have no countdown), the raffle stays completed and the position can be
// redrawn again.
func TestAbandonRedraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(6, 1)...)
		e, c, rid := d.e, d.c, d.rid
		d.drawnWithout(t, 1)
		lost := newRound()
		rpool := redrawPool(d.pool, c.snapshot(t, e, rid), false)
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", lost.redraw(1, rpool))), "applied")
		e.clock.advance(59 * time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", map[string]any{"draw_id": lost.id})), "rejected:abandon_too_early")
		e.clock.advance(time.Second)
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", map[string]any{"draw_id": lost.id})), "applied")
		if snap := c.snapshot(t, e, rid); snap.Raffle.Status != "completed" {
			t.Fatalf("raffle after an abandoned redraw: %+v", snap.Raffle)
		}
		next := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", next.redraw(1, rpool)), c.op(rid, "draw.complete", next.complete())),
			"applied", "applied")
		a := c.audit(t, e, rid)
		if len(a.Draws) != 2 || a.Draws[1].Round != 3 || len(a.Abandoned) != 1 || a.Abandoned[0].Kind != "redraw" {
			t.Fatalf("audit: %+v / %+v", a.Draws, a.Abandoned)
		}
		for i, p := range draw.VerifyExport(a.Export) {
			if len(p) != 0 {
				t.Fatalf("round %d: %v", i+1, p)
			}
		}
		if strings.Contains(readBody(t, e.do(t, request{method: "GET", path: "/api/public/raffles/" + a.Raffle.Code + "/audit"})), "server_seed\":\"\"") {
			t.Fatal("an empty server seed is published")
		}
	})
}
