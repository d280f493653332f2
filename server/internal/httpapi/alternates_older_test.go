package httpapi_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A device before schema version 4 knows nothing of alternates: its offline
// draw on a raffle that asks for 2 draws the winners alone, and is taken
// (not refused result_mismatch, losing the organiser's draw). The round
// records 0 alternates, so the public record recomputes it; a current
// device's offline draw on such a raffle still draws them.
func TestOlderDeviceDrawsOfflineWithoutAlternates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		older := protocol.AlternatesSchemaVersion - 1
		d := newDrawing(t, db, 2, true, crowd(5, 1)...)
		d.withAlternates(t, 2)
		rd := newRound()
		complete, winners, _ := rd.completeWithAlternates(t, d.pool, 2, 0, true)
		delete(complete, "alternates") // a key this device never sends
		wantStatuses(t, d.c.pushAt(t, d.e, older, d.c.op(d.rid, "draw.start", offline(rd.start(d.pool))),
			d.c.op(d.rid, "draw.complete", complete)), "applied", "applied")
		done := d.c.completion(t, d.e, d.rid)
		if len(done.Winners) != 2 || done.Winners[0].TicketID != winners[0] || len(done.Alternates) != 0 {
			t.Fatalf("completion = %+v, want winners %v and no alternates", done, winners)
		}
		if r := d.c.snapshot(t, d.e, d.rid); r.Raffle.AlternatesCount != 2 || r.Draws[0].AlternatesCount != 0 {
			t.Fatalf("raffle asks for %d alternates, round drew %d; want 2 and 0", r.Raffle.AlternatesCount, r.Draws[0].AlternatesCount)
		}
		a := d.c.audit(t, d.e, d.rid)
		if r := a.Draws[0]; r.AlternatesCount != 0 || len(r.Alternates) != 0 {
			t.Fatalf("public record round = %+v", r)
		}
		for i, p := range draw.VerifyExport(a.Export) {
			if len(p) != 0 {
				t.Fatalf("round %d does not verify: %v", i+1, p)
			}
		}

		people := crowd(3, 2)
		now := drawing{e: d.e, c: d.c, rid: drawRaffle(t, d.e, d.c, 2, true, people...), pool: poolOf(people...)}
		now.withAlternates(t, 2)
		cur := newRound()
		complete, _, alternates := cur.completeWithAlternates(t, now.pool, 2, 2, true)
		wantStatuses(t, now.c.push(t, now.e, now.c.op(now.rid, "draw.start", offline(cur.start(now.pool))),
			now.c.op(now.rid, "draw.complete", complete)), "applied", "applied")
		if got := now.c.completion(t, now.e, now.rid).Alternates; len(got) != 2 || got[0] != alternates[0] || got[1] != alternates[1] {
			t.Fatalf("current device's alternates = %v, want %v", got, alternates)
		}
	})
}
