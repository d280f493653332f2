package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// Another account's raffle and ticket ids answer exactly like ids nobody
// has used: no op, pull or snapshot tells whether they exist.
func TestAnotherAccountsIDsLookUnknown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		theirs, mine, nobodys := core.NewID(time.Now()), core.NewID(time.Now()), core.NewID(time.Now())
		biaTicket := person("Bia", 1)
		wantStatuses(t, bia.push(t, e, bia.op(theirs, "raffle.create", createPayload(theirs, "K7P2QX")),
			bia.op(theirs, "participants.add", addPayload(biaTicket))), "applied", "applied")
		wantStatuses(t, ana.push(t, e, ana.op(mine, "raffle.create", createPayload(mine, "M4N5PQ"))), "applied")

		// Bia's ticket id in Ana's raffle: as new as any other id.
		wantStatuses(t, ana.push(t, e, ana.op(mine, "participants.add", addPayload(biaTicket))), "applied")
		// Again, without its number (taken now): the id itself is refused.
		again := []ticket{biaTicket[0]}
		again[0].TicketNumber = nil
		wantStatuses(t, ana.push(t, e, ana.op(mine, "participants.add", addPayload(again))), "rejected:participant_exists")
		if snap := bia.snapshot(t, e, theirs); len(snap.Participants) != 1 || snap.Participants[0].Name != "Bia" {
			t.Fatalf("Bia's raffle changed: %+v", snap.Participants)
		}

		ops := func(rid string) []testOp {
			return []testOp{
				ana.op(rid, "raffle.update", map[string]any{"title": "Minha"}),
				ana.op(rid, "participants.add", addPayload(person("Ana", 1))),
				ana.op(rid, "participants.remove_group", map[string]any{"group_id": biaTicket[0].GroupID}),
				ana.op(rid, "draw.start", newRound().start(poolOf(biaTicket))),
				ana.op(rid, "raffle.delete", map[string]any{}),
			}
		}
		got, unknown := ana.push(t, e, ops(theirs)...), ana.push(t, e, ops(nobodys)...)
		for i := range got {
			if got[i].Status != unknown[i].Status || got[i].Reason != unknown[i].Reason || got[i].Message != unknown[i].Message {
				t.Errorf("op %d on Bia's raffle: %+v; on an unknown id: %+v", i+1, got[i], unknown[i])
			}
		}
		for _, path := range []string{"/changes", "/snapshot"} {
			a := e.do(t, request{method: "GET", path: "/api/sync/raffles/" + theirs + path, cookie: ana.cookie})
			b := e.do(t, request{method: "GET", path: "/api/sync/raffles/" + nobodys + path, cookie: ana.cookie})
			if ab, bb := readBody(t, a), readBody(t, b); a.StatusCode != 404 || a.StatusCode != b.StatusCode || ab != bb {
				t.Errorf("%s: Bia's raffle %d %s; unknown %d %s", path, a.StatusCode, ab, b.StatusCode, bb)
			}
		}

		// A create under Bia's raffle id answers as one under an id nobody
		// used: Ana gets a raffle of her own under that id, Bia keeps hers.
		fresh := core.NewID(time.Now())
		foreign := ana.push(t, e, ana.op(theirs, "raffle.create", createPayload(theirs, "R8S9TU")))
		unused := ana.push(t, e, ana.op(fresh, "raffle.create", createPayload(fresh, "R8S9TV")))
		if foreign[0].Status != "applied" || foreign[0].Status != unused[0].Status || foreign[0].Reason != unused[0].Reason ||
			foreign[0].Message != unused[0].Message || foreign[0].Code != unused[0].Code || foreign[0].Seq != unused[0].Seq {
			t.Errorf("create on Bia's id %+v, on an unused one %+v", foreign[0], unused[0])
		}
		wantStatuses(t, ana.push(t, e, ana.op(theirs, "participants.add", addPayload(person("Ana", 2)))), "applied")
		if snap := ana.snapshot(t, e, theirs); snap.Raffle.ID != theirs || snap.Raffle.Code != "R8S9TU" ||
			len(snap.Participants) != 2 || snap.Participants[0].Name != "Ana" {
			t.Errorf("Ana's raffle under Bia's id: %+v %+v", snap.Raffle, snap.Participants)
		}
		if snap := bia.snapshot(t, e, theirs); snap.Raffle.Title != "Rifa da festa" || snap.Raffle.Code != "K7P2QX" ||
			len(snap.Participants) != 1 || snap.Participants[0].Name != "Bia" {
			t.Errorf("Bia's raffle changed: %+v %+v", snap.Raffle, snap.Participants)
		}
		for who, c := range map[string]*client{"Ana": ana, "Bia": bia} {
			var feed struct {
				Raffles []struct{ ID, Code string }
			}
			c.getJSON(t, e, "/api/sync/raffles", &feed)
			codes := map[string]string{}
			for _, r := range feed.Raffles {
				codes[r.ID] = r.Code
			}
			if want := map[string]string{"Ana": "R8S9TU", "Bia": "K7P2QX"}[who]; codes[theirs] != want {
				t.Errorf("%s's feed: %v", who, codes)
			}
		}
		// The public page of each code shows its own raffle.
		for code, want := range map[string]int{"R8S9TU": 2, "K7P2QX": 1} {
			var pub struct {
				Counts struct{ Tickets int } `json:"counts"`
			}
			res := e.do(t, request{method: "GET", path: "/api/public/raffles/" + code})
			if err := json.Unmarshal([]byte(readBody(t, res)), &pub); err != nil || pub.Counts.Tickets != want {
				t.Errorf("public %s: %+v %v", code, pub, err)
			}
		}
		// Ana's audit record names her raffle by her id, as her devices do.
		if rec := ana.audit(t, e, theirs); rec.Raffle.ID != theirs || rec.Raffle.Code != "R8S9TU" {
			t.Errorf("Ana's audit record: %+v", rec.Raffle)
		}
		// A second create under it is Ana's own raffle_exists.
		wantStatuses(t, ana.push(t, e, ana.op(theirs, "raffle.create", createPayload(theirs, "R8S9TW"))), "rejected:raffle_exists")
	})
}

// Draw ids are per raffle, like ticket ids: a round under the id of another
// account's round answers as a round under a new id, and each raffle keeps
// its own round and winners, also when one of them is invalidated.
func TestAnotherAccountsDrawIDsLookUnknown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		ana := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		bia := newClient(mustSignUp(t, e, "bia@example.com", "segredo1"))
		tickets := person("Gil", 2)
		raffle := func(c *client, code string) string {
			rid := core.NewID(time.Now())
			wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, code)),
				c.op(rid, "participants.add", addPayload(tickets))), "applied", "applied")
			return rid
		}
		theirs := newRound()
		biaRaffle := raffle(bia, "K7P2QX")
		wantStatuses(t, bia.push(t, e, bia.op(biaRaffle, "draw.start", theirs.start(poolOf(tickets))),
			bia.op(biaRaffle, "draw.complete", theirs.complete())), "applied", "applied")

		reused, fresh := round{id: theirs.id, seed: draw.NewSeed()}, newRound()
		withReused, withFresh := raffle(ana, "M4N5PQ"), raffle(ana, "M4N5PR")
		for _, step := range []struct {
			typ     string
			payload func(r round) map[string]any
		}{
			{"draw.start", func(r round) map[string]any { return r.start(poolOf(tickets)) }},
			{"draw.complete", func(r round) map[string]any { return r.complete() }},
		} {
			a := ana.push(t, e, ana.op(withReused, step.typ, step.payload(reused)))
			b := ana.push(t, e, ana.op(withFresh, step.typ, step.payload(fresh)))
			if len(a) != 1 || a[0].Status != "applied" || a[0].Status != b[0].Status || a[0].Reason != b[0].Reason {
				t.Fatalf("Bia's draw id %+v, a new one %+v", a, b)
			}
		}
		wantStatuses(t, ana.push(t, e, ana.op(withReused, "winner.invalidate", map[string]any{"winner_id": theirs.id + ":1"})), "applied")
		// The same draw id again in Ana's own raffle is hers: refused.
		again := round{id: theirs.id, seed: draw.NewSeed()}
		wantStatuses(t, ana.push(t, e, ana.op(withReused, "winner.redraw", again.redraw(1, poolOf(tickets)))), "rejected:invalid_payload")
		mine, hers := ana.snapshot(t, e, withReused), bia.snapshot(t, e, biaRaffle)
		if len(mine.Draws) != 1 || mine.Draws[0].DrawID != theirs.id || len(mine.Winners) != 1 || mine.Winners[0].IsValid {
			t.Errorf("Ana's round: %+v %+v", mine.Draws, mine.Winners)
		}
		if len(hers.Draws) != 1 || hers.Draws[0].DrawID != theirs.id || len(hers.Winners) != 1 || !hers.Winners[0].IsValid ||
			hers.Draws[0].Completion == nil || hers.Draws[0].ClientSeed != hex.EncodeToString(theirs.seed) {
			t.Errorf("Bia's round changed: %+v %+v", hers.Draws, hers.Winners)
		}
		// Both raffles hold the same ticket ids: each public page names its
		// own winner once.
		for code, valid := range map[string]bool{"K7P2QX": true, "M4N5PQ": false} {
			var pub struct {
				Winners []struct {
					Name    string `json:"name"`
					IsValid bool   `json:"valid"`
				} `json:"winners"`
			}
			res := e.do(t, request{method: "GET", path: "/api/public/raffles/" + code})
			if err := json.Unmarshal([]byte(readBody(t, res)), &pub); err != nil || len(pub.Winners) != 1 || pub.Winners[0].IsValid != valid {
				t.Errorf("public %s: %+v %v", code, pub, err)
			}
		}
	})
}
