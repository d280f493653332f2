package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// concurso5732 is the published result of Loteria Federal concurso 5732.
var concurso5732 = []string{"50366", "33514", "45504", "94365", "51105"}

// federalSettings names an extraction at a whole minute after the server's
// clock now, with the concurso the regular calendar expects on its date.
func federalSettings(e *env, after time.Duration, rule string, digits int) map[string]any {
	at := e.clock.Now().Add(after).Truncate(time.Minute).UnixMilli()
	return map[string]any{"concurso": draw.ExpectedConcurso(at), "extraction_at": at, "rule": rule, "digits": digits}
}

func federalClose(id string, pool []draw.Ticket, settings map[string]any) map[string]any {
	d := draw.Digest(pool)
	return map[string]any{"draw_id": id, "method": "federal", "federal": settings,
		"pool_digest": hex.EncodeToString(d[:]), "pool_size": len(pool)}
}

// The whole Loteria Federal path on the server: the settings are refused
// for a rule whose digits do not reach the tickets (saying how many are
// needed), the list closes only under a rule that gives every ticket the
// same chance and before the extraction by the server's clock, and stays
// closed, the result is refused before the extraction, a winners
// list that does not follow the rule is refused, and a second entry too.
func TestFederalDrawOnTheServer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(12, 1)...)
		short := d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal",
			"federal": federalSettings(d.e, time.Hour, draw.RuleFinal, 1)}))
		wantStatuses(t, short, "rejected:federal_digits_short")
		if !strings.Contains(short[0].Message, "até 1 algarismos") || !strings.Contains(short[0].Message, "precisa de") {
			t.Errorf("digits message = %q", short[0].Message)
		}
		// Concurso 5732 was drawn on 18/01/2023: an extraction an hour ahead
		// is years later, and the list could close with its result known.
		past := federalSettings(d.e, time.Hour, draw.RuleRemainder, 0)
		past["concurso"] = 5732
		drawn := d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": past}))
		wantStatuses(t, drawn, "rejected:federal_concurso_past")
		if !strings.HasPrefix(drawn[0].Message, "O concurso 5732 foi sorteado antes da data da extração") {
			t.Errorf("past message = %q", drawn[0].Message)
		}
		final := federalSettings(d.e, time.Hour, draw.RuleFinal, 0)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": final})), "applied")
		// Twelve tickets do not fill the finals' range: one would have more
		// chance than the others, and the list cannot close under that rule.
		unequal := d.c.push(t, d.e, d.c.op(d.rid, "draw.start", federalClose(core.NewID(time.Now()), d.pool, final)))
		wantStatuses(t, unequal, "rejected:federal_rule_unequal")
		if !strings.Contains(unequal[0].Message, "% de chance; cada um dos outros, ") {
			t.Errorf("unequal message = %q", unequal[0].Message)
		}
		settings := federalSettings(d.e, time.Hour, draw.RuleRemainder, 0)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"federal": settings})), "applied")
		if snap := d.c.snapshot(t, d.e, d.rid); snap.Raffle.DrawMethod != protocol.MethodFederal || snap.Raffle.Federal == nil || snap.Raffle.Federal.Concurso != settings["concurso"] {
			t.Fatalf("raffle after the settings = %+v", snap.Raffle)
		}
		// A seeded start is refused for a Loteria Federal raffle.
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", newRound().start(d.pool))), "rejected:federal_not_chosen")

		id := core.NewID(time.Now())
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", federalClose(id, d.pool, settings)),
			d.c.op(d.rid, "participants.add", addPayload(person("Tarde", 1)))), "applied", "rejected:draw_started")

		// Viewers read the concurso, and the closed list counts down to the extraction.
		var state public.State
		view := d.e.do(t, request{method: "GET", path: "/api/public/raffles/" + d.c.snapshot(t, d.e, d.rid).Raffle.Code})
		if err := json.NewDecoder(view.Body).Decode(&state); err != nil || state.Raffle.Federal == nil || state.Raffle.Federal.Concurso != settings["concurso"] ||
			state.Round == nil || state.Round.CountdownEndsAt != settings["extraction_at"] {
			t.Fatalf("public state = %+v, round %+v (%v)", state.Raffle, state.Round, err)
		}
		res, err := draw.Federal(draw.FederalRule{Kind: draw.RuleRemainder}, concurso5732, d.pool, 2, false)
		if err != nil {
			t.Fatal(err)
		}
		result := map[string]any{"draw_id": id, "prizes": concurso5732, "winners": []string{res.Steps[0].Ticket.ID, res.Steps[1].Ticket.ID}}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", result)), "rejected:federal_too_early")
		d.e.clock.advance(61 * time.Minute)
		wrong := map[string]any{"draw_id": id, "prizes": concurso5732, "winners": []string{res.Steps[1].Ticket.ID, res.Steps[0].Ticket.ID}}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", wrong)), "rejected:result_mismatch")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", result)), "applied")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", result)), "rejected:federal_result_entered")

		done := d.c.completion(t, d.e, d.rid)
		if len(done.Winners) != 2 || done.Winners[0].TicketID != res.Steps[0].Ticket.ID || len(done.Prizes) != 5 {
			t.Fatalf("completion = %+v", done)
		}
		// The public record holds the extraction and the prizes, and verifies.
		a := d.c.audit(t, d.e, d.rid)
		if f := a.Draws[0].Federal; f == nil || f.Algorithm != draw.FederalAlgorithm || f.Concurso != settings["concurso"] || len(f.Prizes) != 5 || len(f.Steps) != 2 || f.Steps[0] != res.Steps[0].Line {
			t.Fatalf("public record = %+v", a.Draws[0])
		}
		for i, p := range draw.VerifyExport(a.Export) {
			if len(p) != 0 {
				t.Fatalf("round %d does not verify: %v", i+1, p)
			}
		}
		snap := d.c.snapshot(t, d.e, d.rid)
		if snap.Raffle.Status != protocol.StatusCompleted || snap.Draws[0].Method != protocol.MethodFederal || snap.Draws[0].Completion.Prizes[0] != "50366" {
			t.Fatalf("snapshot = %+v %+v", snap.Raffle, snap.Draws)
		}
	})
}

// The list closes only while the extraction is ahead on the server's clock,
// whatever the device's clock says.
func TestFederalCloseAfterTheExtraction(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 1, false, crowd(3, 1)...)
		settings := federalSettings(d.e, 2*time.Minute, draw.RuleUnits, 5)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": settings})), "applied")
		d.e.clock.advance(3 * time.Minute)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", federalClose(core.NewID(time.Now()), d.pool, settings))),
			"rejected:federal_not_future")
		// Other settings than the raffle's are refused too.
		other := federalSettings(d.e, time.Hour, draw.RuleUnits, 5)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", federalClose(core.NewID(time.Now()), d.pool, other))),
			"rejected:federal_not_chosen")
	})
}

// A raffle of names and tickets whose numbers are not all digits cannot
// choose the Loteria Federal.
func TestFederalSettingsRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		create := createPayload(rid, protocol.NewCode())
		letter := "A12"
		tickets := person("Ana", 1)
		tickets[0].TicketNumber = &letter
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", create), c.op(rid, "participants.add", addPayload(tickets))), "applied", "applied")
		res := c.push(t, e, c.op(rid, "raffle.update", map[string]any{"draw_method": "federal", "federal": federalSettings(e, time.Hour, draw.RuleUnits, 0)}))
		wantStatuses(t, res, "rejected:federal_ticket_not_numeric")
		if !strings.Contains(res[0].Message, "“A12”") {
			t.Errorf("message = %q", res[0].Message)
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"draw_method": "federal"})), "rejected:federal_settings_missing")

		simple := core.NewID(time.Now())
		create = createPayload(simple, protocol.NewCode())
		create["type"] = "simple"
		wantStatuses(t, c.push(t, e, c.op(simple, "raffle.create", create),
			c.op(simple, "raffle.update", map[string]any{"draw_method": "federal", "federal": federalSettings(e, time.Hour, draw.RuleUnits, 0)})),
			"applied", "rejected:federal_simple_raffle")
	})
}
