package httpapi_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// federalEntered is a Loteria Federal raffle of 12 tickets, 2 winners, whose
// result was entered with prizes, and the entered round's id.
func federalEntered(t *testing.T, db *store.DB, prizes []string) (drawing, string) {
	t.Helper()
	d := newDrawing(t, db, 2, false, crowd(12, 1)...)
	settings := federalSettings(d.e, time.Hour, draw.RuleRemainder, 0)
	id := core.NewID(time.Now())
	wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": settings}),
		d.c.op(d.rid, "draw.start", federalClose(id, d.pool, settings))), "applied", "applied")
	d.e.clock.advance(61 * time.Minute)
	wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", federalPayload(t, d, id, "", prizes))), "applied")
	return d, id
}

// federalPayload is a result (replaces empty) or a correction of replaces:
// the prizes and the winners they give over the drawing's pool.
func federalPayload(t *testing.T, d drawing, id, replaces string, prizes []string) map[string]any {
	t.Helper()
	res, err := draw.Federal(draw.FederalRule{Kind: draw.RuleRemainder}, prizes, draw.Canonical(d.pool), 2, false)
	if err != nil {
		t.Fatal(err)
	}
	p := map[string]any{"draw_id": id, "prizes": prizes, "winners": []string{res.Steps[0].Ticket.ID, res.Steps[1].Ticket.ID}}
	if replaces != "" {
		p["replaces"] = replaces
	}
	return p
}

// A result typed wrong is corrected by a new round: the refusals change
// nothing (same log head, same rounds), the correction replaces the entered
// round, which stays in the record with its prizes, winners and the time of
// the correction; the public state shows the new winners and says the
// result was corrected; a second correction replaces the first; and the
// record verifies.
func TestFederalCorrection(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		typo := []string{"50912", "33514", "45504", "94365", "51105"}
		d, first := federalEntered(t, db, typo)
		before := d.c.snapshot(t, d.e, d.rid)
		second := core.NewID(time.Now())
		right := federalPayload(t, d, second, first, concurso5732)
		swapped := federalPayload(t, d, second, first, concurso5732)
		w := swapped["winners"].([]string)
		swapped["winners"] = []string{w[1], w[0]}
		wantStatuses(t, d.c.push(t, d.e,
			d.c.op(d.rid, "draw.correct", federalPayload(t, d, second, first, typo)),
			d.c.op(d.rid, "draw.correct", swapped),
			d.c.op(d.rid, "draw.correct", federalPayload(t, d, second, core.NewID(time.Now()), concurso5732)),
			d.c.op(d.rid, "draw.correct", federalPayload(t, d, first, first, concurso5732))),
			"rejected:federal_correction_same", "rejected:result_mismatch", "rejected:draw_not_found", "rejected:invalid_payload")
		if after := d.c.snapshot(t, d.e, d.rid); after.HeadSeq != before.HeadSeq || len(after.Draws) != 1 || after.Draws[0].ReplacedAt != nil {
			t.Fatalf("refused corrections changed the raffle: head %d → %d, %+v", before.HeadSeq, after.HeadSeq, after.Draws)
		}

		d.e.clock.advance(5 * time.Minute)
		after := d.e.clock.Now().UnixMilli()
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.correct", right)), "applied")
		snap := d.c.snapshot(t, d.e, d.rid)
		// The replacement's time is the correction's, on the server's clock.
		correctedAt := int64(0)
		if len(snap.Draws) == 2 && snap.Draws[1].Completion != nil {
			correctedAt = snap.Draws[1].Completion.CompletedAt
		}
		if len(snap.Draws) != 2 || correctedAt < after || snap.Draws[0].ReplacedAt == nil || *snap.Draws[0].ReplacedAt != correctedAt ||
			snap.Draws[0].ReplacedBy != second || snap.Draws[1].Replaces != first || snap.Draws[1].Completion == nil ||
			!slices.Equal(snap.Draws[1].Completion.Prizes, concurso5732) || len(snap.Draws[0].Completion.Winners) != 2 {
			t.Fatalf("rounds after the correction = %+v", snap.Draws)
		}
		if len(snap.Winners) != 2 || snap.Winners[0].DrawID != second || snap.Winners[0].TicketID != w[0] {
			t.Fatalf("winners after the correction = %+v", snap.Winners)
		}

		var state public.State
		view := d.e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code})
		if err := json.NewDecoder(view.Body).Decode(&state); err != nil || len(state.Winners) != 2 || state.Winners[0].RoundID != second ||
			len(state.Corrections) != 1 || state.Corrections[0].ReplacedAt != correctedAt || state.Corrections[0].Prizes[0] != "50912" {
			t.Fatalf("public state = %+v corrections %+v (%v)", state.Winners, state.Corrections, err)
		}

		a := d.c.audit(t, d.e, d.rid)
		if len(a.Draws) != 2 || a.Draws[0].ReplacedAt != correctedAt || a.Draws[0].ReplacedBy != second || a.Draws[1].Replaces != first ||
			len(a.Draws[0].Pool) != 12 || len(a.Draws[1].Pool) != 0 || len(a.Draws[1].Federal.Steps) != 2 {
			t.Fatalf("public record = %+v", a.Draws)
		}
		for i, p := range draw.VerifyExport(a.Export) {
			if len(p) != 0 {
				t.Fatalf("round %d does not verify: %v", i+1, p)
			}
		}

		// The replaced round cannot be corrected again; the one in force can.
		third := core.NewID(time.Now())
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.correct", federalPayload(t, d, third, first, typo))),
			"rejected:federal_correction_not_latest")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.correct", federalPayload(t, d, third, second, typo))), "applied")
		if a := d.c.audit(t, d.e, d.rid); len(a.Draws) != 3 || a.Draws[1].ReplacedBy != third || a.Draws[2].Replaces != second {
			t.Fatalf("record after a second correction = %+v", a.Draws)
		}
	})
}

// A result on which something was built (a winner invalidated) is no
// longer corrected; neither is a seeded round nor a list still open.
func TestFederalCorrectionRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d, first := federalEntered(t, db, concurso5732)
		typo := []string{"50912", "33514", "45504", "94365", "51105"}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": first + ":1"})), "applied")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.correct", federalPayload(t, d, core.NewID(time.Now()), first, typo))),
			"rejected:federal_correction_not_latest")

		people := crowd(3, 1)
		seeded, r := drawRaffle(t, d.e, d.c, 1, false, people...), newRound()
		wantStatuses(t, d.c.push(t, d.e, d.c.op(seeded, "draw.start", r.start(poolOf(people...)))), "applied")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(seeded, "draw.correct", federalPayload(t, d, core.NewID(time.Now()), r.id, typo))),
			"rejected:federal_not_chosen")
	})
}

// A device of schema version 5 has no draw.correct: a push that says 5 and
// carries one is refused unknown_type and changes nothing; the same op in a
// push of the current version is applied.
func TestFederalCorrectionNeedsItsSchema(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d, first := federalEntered(t, db, []string{"50912", "33514", "45504", "94365", "51105"})
		before := d.c.snapshot(t, d.e, d.rid)
		fix := federalPayload(t, d, core.NewID(time.Now()), first, concurso5732)
		wantStatuses(t, d.c.pushAt(t, d.e, 5, d.c.op(d.rid, "draw.correct", fix)), "rejected:unknown_type")
		if after := d.c.snapshot(t, d.e, d.rid); after.HeadSeq != before.HeadSeq || len(after.Draws) != 1 || after.Draws[0].ReplacedAt != nil {
			t.Fatalf("a refused correction changed the raffle: head %d → %d, %+v", before.HeadSeq, after.HeadSeq, after.Draws)
		}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.correct", fix)), "applied")
	})
}
