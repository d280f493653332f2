package httpapi_test

import (
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A device whose clock is ten minutes off, ahead or behind, draws, abandons
// and reveals by the server's clock: its raffle is accepted, an abandon it
// sends as soon as its own clock says the grace is over is refused until
// the server's says so, its reveal waits for the server's countdown, and
// every time recorded (start, completion, abandon) is the server's; the
// raffle keeps the created_at the device sent.
func TestClockSkewServerClockRules(t *testing.T) {
	t.Parallel()
	for _, skew := range []time.Duration{10 * time.Minute, -10 * time.Minute} {
		t.Run(skew.String(), func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				e := newEnv(t, db, httpapi.Config{})
				c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
				device := func() time.Time { return e.clock.Now().Add(skew) }
				near := func(what string, got int64) {
					t.Helper()
					if d := time.Duration(got-e.clock.Now().UnixMilli()) * time.Millisecond; d < -5*time.Second || d > 5*time.Second {
						t.Errorf("%s is %v from the server's clock: the device's (%v off) was used", what, d, skew)
					}
				}

				rid, people := core.NewID(time.Now()), crowd(4, 1)
				create := createPayload(rid, protocol.NewCode())
				create["countdown_seconds"], create["created_at"] = 10, device().UnixMilli()
				wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", create), c.op(rid, "participants.add", addPayload(people...))),
					"applied", "applied")
				pool := poolOf(people...)
				if got := c.snapshot(t, e, rid).Raffle.CreatedAt; got != create["created_at"] {
					t.Errorf("created_at %d, want the device's %v", got, create["created_at"])
				}

				// A round whose device never reveals: abandoned by the server's clock.
				lost := newRound()
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", lost.start(pool))), "applied")
				near("started_at", c.snapshot(t, e, rid).Draws[0].StartedAt)
				// The device's clock says the countdown and the grace (70 s)
				// are long over, or not begun: only the server's counts.
				// (An op carries no time of its own but a raffle's created_at:
				// an unknown field such as abandoned_at is refused.)
				abandon := map[string]any{"draw_id": lost.id}
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", abandon)), "rejected:abandon_too_early")
				e.clock.advance(70 * time.Second)
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.abandon", abandon)), "applied")
				snap := c.snapshot(t, e, rid)
				if snap.Draws[0].AbandonedAt == nil || snap.Raffle.Status != "pending" {
					t.Fatalf("after the abandon: %+v %+v", snap.Raffle, snap.Draws[0])
				}
				near("abandoned_at", *snap.Draws[0].AbandonedAt)

				// A round revealed as the device's clock says the countdown ended:
				// refused until the server's countdown ends, then applied.
				won := newRound()
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", won.start(pool))), "applied")
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", won.complete())), "rejected:countdown_running")
				e.clock.advance(10 * time.Second)
				wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", won.complete())), "applied")
				snap = c.snapshot(t, e, rid)
				if snap.Raffle.Status != "completed" || len(snap.Winners) != 1 || snap.Draws[1].Completion == nil {
					t.Fatalf("after the reveal: %+v %+v", snap.Raffle, snap.Draws)
				}
				near("started_at of round 2", snap.Draws[1].StartedAt+10_000)
				near("completed_at", snap.Draws[1].CompletedAt)
				a := c.audit(t, e, rid)
				if len(a.Draws) != 1 || len(a.Abandoned) != 1 {
					t.Fatalf("audit: %d draws, %d abandoned", len(a.Draws), len(a.Abandoned))
				}
				if p := draw.VerifyExport(a.Export)[0]; len(p) != 0 {
					t.Fatalf("the revealed round does not verify: %v", p)
				}
			})
		})
	}
}
