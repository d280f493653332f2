package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// redrawPool is what a device computes for a redraw from its snapshot.
func redrawPool(pool []draw.Ticket, snap snapshotBody, dup bool) []draw.Ticket {
	var won []string
	for _, w := range snap.Winners {
		won = append(won, w.TicketID)
	}
	return draw.RedrawPool(pool, won, dup)
}

func TestInvalidateAndRedraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 3, false, crowd(12, 3)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		first := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", first.start(pool)), c.op(rid, "draw.complete", first.complete())),
			"applied", "applied")
		w2 := first.id + ":2"

		wantStatuses(t, c.push(t, e,
			c.op(rid, "winner.redraw", newRound().redraw(2, redrawPool(pool, c.snapshot(t, e, rid), false))),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": w2, "reason": "  Não compareceu  "}),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": w2}),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": first.id + ":7"}),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": w2, "reason": strings.Repeat("x", 501)}),
		), "rejected:position_taken", "applied", "rejected:winner_invalid", "rejected:winner_not_found", "rejected:reason_too_long")
		var inv protocol.WinnerInvalidated
		_ = json.Unmarshal(c.logged(t, e, rid, "winner.invalidate")[0], &inv)
		if inv.WinnerID != w2 || inv.Reason == nil || *inv.Reason != "Não compareceu" || inv.InvalidatedAt == 0 {
			t.Fatalf("logged invalidation = %+v", inv)
		}
		snap := c.snapshot(t, e, rid)
		if w := snap.Winners[1]; w.ID != w2 || w.IsValid || w.InvalidatedAt == nil || *w.InvalidatedAt != inv.InvalidatedAt ||
			*w.InvalidationReason != "Não compareceu" {
			t.Fatalf("invalidated winner = %+v", w)
		}

		// Redraw position 2 several times, invalidating each new winner: no
		// redraw ever gives back a winner so far, nor one of their people.
		for i := 0; i < 4; i++ {
			snap = c.snapshot(t, e, rid)
			excluded := map[string]bool{}
			for _, w := range snap.Winners {
				for _, tk := range pool {
					if tk.ID == w.TicketID {
						excluded[tk.GroupID] = true
					}
				}
			}
			rpool := redrawPool(pool, snap, false)
			if len(rpool) != 3*(12-len(excluded)) {
				t.Fatalf("redraw pool of %d tickets, with %d people excluded", len(rpool), len(excluded))
			}
			rd := newRound()
			wantStatuses(t, c.push(t, e,
				c.op(rid, "winner.redraw", rd.redraw(2, pool)), // the first draw's pool: stale
				c.op(rid, "winner.redraw", rd.redraw(2, rpool)),
				c.op(rid, "winner.redraw", newRound().redraw(2, rpool)),
				c.op(rid, "draw.complete", rd.complete()),
			), "rejected:pool_changed", "applied", "rejected:draw_open", "applied")
			done := c.completion(t, e, rid)
			if len(done.Winners) != 1 || done.Winners[0].Position != 2 || done.Winners[0].ID != rd.id+":2" {
				t.Fatalf("redraw completion = %+v", done)
			}
			for _, tk := range pool {
				if tk.ID == done.Winners[0].TicketID && excluded[tk.GroupID] {
					t.Fatalf("redraw %d gave back %s, of a person who already won", i, tk.ID)
				}
			}
			var started protocol.DrawStarted
			starts := c.logged(t, e, rid, "winner.redraw")
			_ = json.Unmarshal(starts[len(starts)-1], &started)
			if started.Kind != "redraw" || started.WinnersCount != 1 || started.CountdownSeconds != 0 || started.PoolSize != len(rpool) {
				t.Fatalf("logged redraw = %+v", started)
			}
			wantStatuses(t, c.push(t, e, c.op(rid, "winner.invalidate", map[string]any{"winner_id": done.Winners[0].ID})), "applied")
		}
		snap = c.snapshot(t, e, rid)
		if snap.Raffle.Status != "completed" || len(snap.Draws) != 5 || len(snap.Winners) != 7 {
			t.Fatalf("after 4 redraws: %s, %d rounds, %d winners", snap.Raffle.Status, len(snap.Draws), len(snap.Winners))
		}
	})
}

// A redraw keeps the mode its start declared, as a first draw does.
func TestOfflineRedraw(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(8, 2)...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		d.drawnWithout(t, 2)
		rpool := redrawPool(pool, c.snapshot(t, e, rid), false)

		// Declared offline: an online reveal is refused, the offline result applied.
		rd := newRound()
		done, ids := rd.completeOffline(t, rpool, 1, false)
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", offline(rd.redraw(2, rpool))),
			c.op(rid, "draw.complete", rd.complete())), "applied", "rejected:mode_mismatch")
		var started protocol.DrawStarted
		redraws := c.logged(t, e, rid, "winner.redraw")
		if err := json.Unmarshal(redraws[len(redraws)-1], &started); err != nil || !started.Offline || started.Kind != "redraw" {
			t.Fatalf("logged redraw = %+v (%v)", started, err)
		}
		if snap := c.snapshot(t, e, rid); len(snap.Draws) != 2 || !snap.Draws[1].Open() || !snap.Draws[1].Offline || len(snap.Winners) != 2 {
			t.Fatalf("after the online reveal: %+v %+v", snap.Draws, snap.Winners)
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", done)), "applied")
		if got := c.completion(t, e, rid); !got.Offline || got.Winners[0].TicketID != ids[0] || got.Winners[0].Position != 2 {
			t.Fatalf("offline redraw completion = %+v", got)
		}
		a := c.audit(t, e, rid)
		if len(a.Draws) != 2 || !a.Draws[0].Online || a.Draws[1].Online {
			t.Fatalf("audit rounds = %+v, want the first online and the redraw offline", a.Draws)
		}

		// Declared online (offline absent): an offline completion is refused,
		// and nothing changes until the online one.
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.invalidate", map[string]any{"winner_id": rd.id + ":2"})), "applied")
		rpool = redrawPool(pool, c.snapshot(t, e, rid), false)
		online := newRound()
		forged, _ := online.completeOffline(t, rpool, 1, false)
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", online.redraw(2, rpool)), c.op(rid, "draw.complete", forged)),
			"applied", "rejected:mode_mismatch")
		if n, w := storetest.CountDrawRows(t, db, rid); n != 3 || w != 3 {
			t.Fatalf("%d rounds and %d winners stored, want 3 and 3", n, w)
		}
		if snap := c.snapshot(t, e, rid); !snap.Draws[2].Open() || snap.Draws[2].Offline {
			t.Fatalf("online redraw after the offline completion: %+v", snap.Draws[2])
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", online.complete())), "applied")
		if got := c.completion(t, e, rid); got.Offline || got.DrawID != online.id {
			t.Fatalf("online redraw completion = %+v", got)
		}
	})
}

// When every person has won, nobody is left to redraw.
func TestRedrawWithNobodyLeft(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		people := crowd(3, 2)
		for i := range people {
			for j := range people[i] {
				mail := fmt.Sprintf("pessoa%d@example.com", i)
				people[i][j].Email = &mail
			}
		}
		d := newDrawing(t, db, 2, false, people...)
		e, c, rid, pool := d.e, d.c, d.rid, d.pool
		d.drawnWithout(t, 1)
		if mails := storetest.CountEmails(t, db, rid); mails != 6 {
			t.Fatalf("%d e-mails stored, want 6", mails)
		}
		rd := newRound()
		rpool := redrawPool(pool, c.snapshot(t, e, rid), false)
		if len(rpool) != 2 {
			t.Fatalf("redraw pool of %d tickets, want the third person's 2", len(rpool))
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", rd.redraw(1, rpool)), c.op(rid, "draw.complete", rd.complete()),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": rd.id + ":1"})), "applied", "applied", "applied")
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", newRound().redraw(1, rpool))), "rejected:no_eligible")

		// Deleting the raffle keeps its public record (rounds, winners and
		// the pool they came from) and drops the e-mails, never public.
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.delete", map[string]any{})), "applied")
		if n, w := storetest.CountDrawRows(t, db, rid); n != 2 || w != 3 {
			t.Fatalf("deleted raffle kept %d rounds and %d winners, want 2 and 3", n, w)
		}
		if tickets, mails := storetest.CountParticipants(t, db, rid), storetest.CountEmails(t, db, rid); tickets != 6 || mails != 0 {
			t.Fatalf("deleted raffle kept %d tickets (want 6) and %d e-mails (want 0)", tickets, mails)
		}
	})
}
