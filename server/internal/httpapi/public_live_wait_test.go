package httpapi_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A big screen opened on a code before the organiser's device synced the
// raffle: hello and "waiting", the connection stays open, and the raffle's
// state comes as soon as its creation reaches the server; later changes
// follow as for any viewer. Two waiting for the same code both get it; one
// waiting for another code keeps waiting.
func TestPublicViewerWaitsForItsRaffle(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		e.listenPokes(t)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		screens := []*viewer{dialViewer(t, srv.URL, "code=k7p2qx"), dialViewer(t, srv.URL, "code=K7P2QX")}
		other := dialViewer(t, srv.URL, "code=ZZZZZZ")
		for _, v := range append(screens, other) {
			v.must("hello")
			v.must("waiting")
		}
		waitCount(t, "viewers", e.viewers.Total, 3)
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")
		for _, v := range screens {
			if s := v.must("state"); s.Raffle.Code != "K7P2QX" || s.Seq != 1 {
				t.Fatalf("first state = %s", s.raw)
			}
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.update", map[string]any{"title": "Rifa da festa"})), "applied")
		for _, v := range screens {
			if s := v.stateAt(2); s.Raffle.Title != "Rifa da festa" {
				t.Fatalf("next state = %s", s.raw)
			}
		}
		if m, err := other.next(200 * time.Millisecond); err == nil {
			t.Fatalf("a viewer of another code got %s", m.raw)
		}
		if e.viewers.Count(rid) != 2 {
			t.Fatalf("%d viewers in the raffle's room, want 2", e.viewers.Count(rid))
		}
		// Adopted, the two count as the raffle's viewers; the other still waits.
		if n := e.viewers.Waiting(); n != 1 || e.viewers.Total() != 3 {
			t.Fatalf("%d waiting of %d viewers, want 1 of 3", n, e.viewers.Total())
		}
	})
}
