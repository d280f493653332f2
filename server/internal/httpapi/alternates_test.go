package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/public"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// withAlternates asks the raffle for n alternates, as 'Configurações' does.
func (d drawing) withAlternates(t *testing.T, n int) {
	t.Helper()
	wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"alternates_count": n})), "applied")
}

// completeWithAlternates is completeOffline for a round that draws
// alternates after its winners: the device sends both.
func (r round) completeWithAlternates(t *testing.T, pool []draw.Ticket, winners, alternates int, dup bool) (map[string]any, []string, []string) {
	t.Helper()
	won, next, err := draw.PickWithAlternates(r.seed, pool, winners, alternates, dup)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"draw_id": r.id, "client_seed": hex.EncodeToString(r.seed), "offline": true,
		"winners": ticketIDs(won), "alternates": ticketIDs(next)}, ticketIDs(won), ticketIDs(next)
}

// An online first draw with alternates draws them in the same round, after
// the winners: logged with the completion, kept in the snapshot and the
// public record, which verifies; a later redraw's pool leaves them out.
func TestOnlineDrawWithAlternates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(10, 2)...)
		d.withAlternates(t, 3)
		rd := newRound()
		start := rd.start(d.pool)
		start["alternates_count"] = 3 // what the device saw
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", start), d.c.op(d.rid, "draw.complete", rd.complete())),
			"applied", "applied")
		done := d.c.completion(t, d.e, d.rid)
		seed, _ := hex.DecodeString(done.Seed)
		won, next, err := draw.PickWithAlternates(seed, d.pool, 2, 3, false)
		if err != nil {
			t.Fatal(err)
		}
		if len(done.Winners) != 2 || done.Winners[0].TicketID != won[0].ID || !slices.Equal(done.Alternates, ticketIDs(next)) {
			t.Fatalf("completion = %+v, want winners %v and alternates %v", done, ticketIDs(won), ticketIDs(next))
		}
		snap := d.c.snapshot(t, d.e, d.rid)
		if r := snap.Draws[0]; r.AlternatesCount != 3 || !slices.Equal(r.Completion.Alternates, ticketIDs(next)) {
			t.Fatalf("snapshot round = %+v", r)
		}
		a := d.c.audit(t, d.e, d.rid)
		if r := a.Draws[0]; r.AlternatesCount != 3 || !slices.Equal(r.Alternates, ticketIDs(next)) {
			t.Fatalf("public record = %+v", r)
		}
		for i, p := range draw.VerifyExport(a.Export) {
			if len(p) != 0 {
				t.Fatalf("round %d does not verify: %v", i+1, p)
			}
		}
		// Viewers see them, in order, apart from the winners.
		var state public.State
		res := d.e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code})
		if err := json.NewDecoder(res.Body).Decode(&state); err != nil || len(state.Alternates) != 3 || len(state.Winners) != 2 {
			t.Fatalf("public state alternates = %+v (%v)", state.Alternates, err)
		}
		for i, alt := range state.Alternates {
			if alt.Rank != i+1 || alt.CalledTo != 0 || alt.TicketNumber == nil || *alt.TicketNumber != *next[i].TicketNumber || alt.Name != next[i].Name {
				t.Fatalf("public alternate %d = %+v, want ticket %s", i+1, alt, *next[i].TicketNumber)
			}
		}

		// A redraw after an invalidation draws from neither the winners
		// nor the alternates (nor their people): the pool that keeps the
		// alternates is refused, the one without them taken.
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": protocol.WinnerID(rd.id, 1)})),
			"applied")
		again := newRound()
		keeps := draw.RedrawPool(d.pool, ticketIDs(won), false)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.redraw", again.redraw(1, keeps))), "rejected:pool_changed")
		without := draw.RedrawPool(d.pool, append(ticketIDs(won), ticketIDs(next)...), false)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.redraw", again.redraw(1, without))), "applied")
		if len(without) != 10 || len(keeps) != 16 {
			t.Fatalf("redraw pools of %d and %d tickets, want 10 and 16", len(without), len(keeps))
		}
	})
}

// Offline, the device draws winners and alternates alone and sends both
// with its completion; a completion without the alternates, or with others,
// is refused and changes nothing.
func TestOfflineDrawWithAlternates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, true, crowd(5, 2)...)
		d.withAlternates(t, 2)
		rd := newRound()
		complete, winners, alternates := rd.completeWithAlternates(t, d.pool, 2, 2, true)
		missing := map[string]any{"draw_id": rd.id, "client_seed": complete["client_seed"], "offline": true, "winners": winners}
		swapped := map[string]any{"draw_id": rd.id, "client_seed": complete["client_seed"], "offline": true, "winners": winners,
			"alternates": []string{alternates[1], alternates[0]}}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", offline(rd.start(d.pool))),
			d.c.op(d.rid, "draw.complete", missing), d.c.op(d.rid, "draw.complete", swapped)),
			"applied", "rejected:result_mismatch", "rejected:result_mismatch")
		if snap := d.c.snapshot(t, d.e, d.rid); !snap.Draws[0].Open() || len(snap.Winners) != 0 {
			t.Fatalf("a refused completion changed the round: %+v", snap.Draws)
		}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.complete", complete)), "applied")
		done := d.c.completion(t, d.e, d.rid)
		if !done.Offline || !slices.Equal(done.Alternates, alternates) {
			t.Fatalf("offline completion = %+v, want alternates %v", done, alternates)
		}
		a := d.c.audit(t, d.e, d.rid)
		if p := draw.Verify(a.Draws[0]); len(p) != 0 || !slices.Equal(a.Draws[0].Alternates, alternates) {
			t.Fatalf("offline record %+v: %v", a.Draws[0], p)
		}
	})
}

// The start needs enough people (or tickets) for winners and alternates
// together, and refuses a device that saw another alternates count.
func TestDrawStartNeedsRoomForAlternates(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(3, 2)...)
		d.withAlternates(t, 2)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", newRound().start(d.pool))), "rejected:not_enough_people")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"allow_duplicate_wins": true, "alternates_count": 5})),
			"applied")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", newRound().start(d.pool))), "rejected:not_enough_tickets")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "raffle.update", map[string]any{"alternates_count": 4})), "applied")
		stale := newRound().start(d.pool)
		stale["alternates_count"] = 3
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", stale)), "rejected:settings_changed")
		if n, w := storetest.CountDrawRows(t, db, d.rid); n != 0 || w != 0 {
			t.Fatalf("%d rounds and %d winners stored after refusals", n, w)
		}
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", newRound().start(d.pool))), "applied")
	})
}

// 'Chamar suplente': after an invalidation the next alternate takes the
// place, recorded with its time; a place whose winner is valid, or a call
// with no alternate left, is refused and changes nothing. The public record
// lists the calls and verifies in full; viewers see the called alternate.
func TestPromoteAlternate(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(8, 1)...)
		d.withAlternates(t, 2)
		rd := newRound()
		promote := func(position int) testOp {
			return d.c.op(d.rid, "winner.promote", map[string]any{"position": position})
		}
		wantStatuses(t, d.c.push(t, d.e, promote(1)), "rejected:not_drawn")
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", rd.start(d.pool)), d.c.op(d.rid, "draw.complete", rd.complete()),
			promote(1)), "applied", "applied", "rejected:position_taken")
		alternates := d.c.completion(t, d.e, d.rid).Alternates

		invalidate := func(id string) testOp {
			return d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": id})
		}
		d.e.clock.advance(time.Second)
		before := d.e.clock.Now().UnixMilli()
		wantStatuses(t, d.c.push(t, d.e, invalidate(protocol.WinnerID(rd.id, 1)), promote(1), promote(1)),
			"applied", "applied", "rejected:position_taken")
		var called protocol.WinnerPromoted
		if err := json.Unmarshal(d.c.logged(t, d.e, d.rid, "winner.promote")[0], &called); err != nil {
			t.Fatal(err)
		}
		if called.WinnerID != protocol.AlternateWinnerID(rd.id, 1) || called.Position != 1 || called.Alternate != 1 ||
			called.TicketID != alternates[0] || called.PromotedAt < before || called.PromotedAt > d.e.clock.Now().UnixMilli() {
			t.Fatalf("logged call = %+v, want the 1st alternate %s", called, alternates[0])
		}
		// The called alternate holds the place: invalidated in turn, the
		// second is called; then none is left, and only a redraw remains.
		d.e.clock.advance(time.Second)
		wantStatuses(t, d.c.push(t, d.e, invalidate(called.WinnerID), promote(1)), "applied", "applied")
		d.e.clock.advance(time.Second)
		wantStatuses(t, d.c.push(t, d.e, invalidate(protocol.AlternateWinnerID(rd.id, 2)), promote(1)), "applied", "rejected:no_alternate_left")

		snap := d.c.snapshot(t, d.e, d.rid)
		if len(snap.Winners) != 4 || snap.Winners[1].PromotedAt == nil || snap.Winners[1].TicketID != alternates[0] ||
			snap.Winners[2].TicketID != alternates[1] || snap.Winners[2].IsValid || len(snap.Draws[0].Winners) != 2 {
			t.Fatalf("snapshot winners = %+v", snap.Winners)
		}
		a := d.c.audit(t, d.e, d.rid)
		if len(a.Promotions) != 2 || a.Promotions[1].Alternate != 2 || a.Promotions[1].TicketID != alternates[1] {
			t.Fatalf("record promotions = %+v", a.Promotions)
		}
		for i, p := range append(draw.VerifyExport(a.Export), draw.CheckPromotions(a.Export)...) {
			if len(p) != 0 {
				t.Fatalf("record check %d: %v", i+1, p)
			}
		}
		var state public.State
		res := d.e.do(t, request{method: "GET", path: "/api/public/raffles/" + snap.Raffle.Code})
		if err := json.NewDecoder(res.Body).Decode(&state); err != nil || len(state.Winners) != 4 || !state.Winners[1].Promoted {
			t.Fatalf("public winners = %+v (%v)", state.Winners, err)
		}
		// Both alternates were called to the 1st place, and the list says so.
		if len(state.Alternates) != 2 || state.Alternates[0].CalledTo != 1 || state.Alternates[1].CalledTo != 1 {
			t.Fatalf("public alternates = %+v", state.Alternates)
		}
		// A redraw of the place draws from neither the winners nor the alternates.
		again := newRound()
		drawnSoFar := append([]string{snap.Winners[0].TicketID, snap.Winners[3].TicketID}, alternates...)
		pool := draw.RedrawPool(d.pool, drawnSoFar, false)
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.redraw", again.redraw(1, pool))), "applied")
	})
}
