package httpapi_test

import (
	"encoding/hex"
	"slices"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// Two phones of one account: A adds a person online while B draws offline
// over the list it had. B's round is refused (pool_changed) and its
// completion in turn, yet the public record keeps it as refused: B's
// commitment, its seed, its winners with their numbers and names, the reason
// and both times, counted nowhere; both verifiers' checks pass on it. A
// completion whose seed does not match the commitment reveals nothing.
// Without keepRefusal (push.go) refused_rounds is empty; without the refused
// rounds in the record's version, the cached record of before is served.
func TestRefusedOfflineRoundIsInTheRecord(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(6, 2)...)
		e, a, rid := d.e, d.c, d.rid
		b := newClient(a.cookie)
		wantStatuses(t, a.push(t, e, a.op(rid, "participants.add", addPayload(person("Xavier Souza", 1)))), "applied")
		// Read (and cached) at the log's head, which a refusal does not move:
		// the record's version counts the refused rounds instead.
		before := a.audit(t, e, rid)
		if before.RefusedRounds == nil || len(before.RefusedRounds) != 0 {
			t.Fatalf("a raffle with no refused round: %+v", before.RefusedRounds)
		}
		rd := newRound()
		complete, won := rd.completeOffline(t, d.pool, 2, false)
		wantStatuses(t, b.push(t, e, b.op(rid, "draw.start", offline(rd.start(d.pool))), b.op(rid, "draw.complete", complete)),
			"rejected:pool_changed", "rejected:draw_not_found")
		// Another refused round whose completion reveals a seed it never committed to.
		liar := newRound()
		lie, _ := newRound().completeOffline(t, d.pool, 2, false)
		lie["draw_id"] = liar.id
		wantStatuses(t, b.push(t, e, b.op(rid, "draw.start", offline(liar.start(d.pool))), b.op(rid, "draw.complete", lie)),
			"rejected:pool_changed", "rejected:draw_not_found")

		// A start pushed alone, the record read, then its completion: the
		// reveal shows too (the version counts revealed rounds).
		late := newRound()
		lateDone, _ := late.completeOffline(t, d.pool, 2, false)
		wantStatuses(t, b.push(t, e, b.op(rid, "draw.start", offline(late.start(d.pool)))), "rejected:pool_changed")
		if r := a.audit(t, e, rid).RefusedRounds; len(r) != 3 || refusedByID(r, late.id).ClientSeed != "" {
			t.Fatalf("before its completion: %+v", r)
		}
		wantStatuses(t, b.push(t, e, b.op(rid, "draw.complete", lateDone)), "rejected:draw_not_found")
		if r := a.audit(t, e, rid).RefusedRounds; len(r) != 3 || refusedByID(r, late.id).ClientSeed != hex.EncodeToString(late.seed) {
			t.Fatalf("after its completion: %+v", r)
		}

		rec := a.audit(t, e, rid)
		if len(rec.Draws) != 0 || len(rec.Winners) != 0 || len(rec.RefusedRounds) != 3 {
			t.Fatalf("record: %d draws, %d winners, %d refused", len(rec.Draws), len(rec.Winners), len(rec.RefusedRounds))
		}
		// In the order refused; rounds refused in the same millisecond by draw id.
		r := refusedByID(rec.RefusedRounds, rd.id)
		at, _ := draw.DrawIDTime(rd.id)
		if r.DrawID != rd.id || r.Kind != "draw" || !slices.Equal(r.Positions, []int{1, 2}) || r.Reason != "pool_changed" ||
			r.ClientCommitment != draw.Commitment(rd.seed) || r.ClientSeed != hex.EncodeToString(rd.seed) ||
			r.PoolSize != len(d.pool) || r.DeviceAt != at || r.RefusedAt == 0 || r.RevealedAt == nil {
			t.Fatalf("refused round: %+v", r)
		}
		names := map[string]draw.Ticket{}
		for _, tk := range d.pool {
			names[tk.ID] = tk
		}
		for i, w := range r.Winners {
			tk := names[won[i]]
			if w.Position != i+1 || w.TicketID != won[i] || w.Name != tk.Name || w.TicketNumber == nil || *w.TicketNumber != *tk.TicketNumber {
				t.Fatalf("refused winner %d: %+v, want %+v", i+1, w, tk)
			}
		}
		if len(r.Winners) != 2 {
			t.Fatalf("refused winners: %+v", r.Winners)
		}
		if l := refusedByID(rec.RefusedRounds, liar.id); l.DrawID != liar.id || l.ClientSeed != "" || len(l.Winners) != 0 {
			t.Fatalf("a seed that does not match its commitment was kept: %+v", l)
		}
		for i, c := range draw.VerifyRefused(rec.Export) {
			if len(c.Problems) > 0 || c.Recomputed {
				t.Errorf("refused round %d: %+v", i+1, c)
			}
		}
	})
}

// Both phones invalidate the same winner offline and redraw the place; A
// syncs first. B's invalidation and redraw are refused, its redraw kept in
// the record as refused (position_taken) with its winner: its pool is the
// one A's redraw was drawn from, so the verifier recomputes it too.
func TestDiscardedRedrawIsInTheRecord(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(6, 2)...)
		e, a, rid := d.e, d.c, d.rid
		b := newClient(a.cookie)
		first := d.drawnWithout(t, 1)
		rpool := redrawPool(d.pool, a.snapshot(t, e, rid), false)
		mine := newRound()
		wantStatuses(t, a.push(t, e, a.op(rid, "winner.redraw", mine.redraw(1, rpool)), a.op(rid, "draw.complete", mine.complete())),
			"applied", "applied")

		theirs := newRound()
		complete, won := theirs.completeOffline(t, rpool, 1, false)
		wantStatuses(t, b.push(t, e,
			b.op(rid, "winner.invalidate", map[string]any{"winner_id": first.id + ":1"}),
			b.op(rid, "winner.redraw", offline(theirs.redraw(1, rpool))),
			b.op(rid, "draw.complete", complete)),
			"rejected:winner_invalid", "rejected:position_taken", "rejected:draw_not_found")

		rec := a.audit(t, e, rid)
		if len(rec.RefusedRounds) != 1 {
			t.Fatalf("%d refused rounds", len(rec.RefusedRounds))
		}
		r := rec.RefusedRounds[0]
		if r.Kind != "redraw" || !slices.Equal(r.Positions, []int{1}) || r.Reason != "position_taken" || len(r.Winners) != 1 ||
			r.Winners[0].TicketID != won[0] || r.Winners[0].Name == "" {
			t.Fatalf("discarded redraw: %+v", r)
		}
		for _, w := range rec.Winners {
			if w.DrawID == theirs.id {
				t.Fatalf("the discarded redraw's winner counts: %+v", w)
			}
		}
		for i, problems := range draw.VerifyExport(rec.Export) {
			if len(problems) > 0 {
				t.Errorf("draw %d: %q", i+1, problems)
			}
		}
		if c := draw.VerifyRefused(rec.Export); len(c) != 1 || len(c[0].Problems) > 0 || !c[0].Recomputed {
			t.Fatalf("verifier: %+v", c)
		}
	})
}

// refusedByID is the refused round of that draw id in a record (zero when
// it is not there).
func refusedByID(rs []draw.Refused, drawID string) draw.Refused {
	for _, r := range rs {
		if r.DrawID == drawID {
			return r
		}
	}
	return draw.Refused{}
}
