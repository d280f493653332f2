package httpapi_test

import (
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Another account's raffle and ticket ids answer exactly like ids nobody
// has used: no op, pull or snapshot tells whether they exist.
func TestAnotherAccountsIDsLookUnknown(t *testing.T) {
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

		// A create under a used raffle id cannot take it; the answer is the
		// same whoever holds it, so it says nothing about Bia.
		foreign := ana.push(t, e, ana.op(theirs, "raffle.create", createPayload(theirs, "R8S9TU")))
		own := ana.push(t, e, ana.op(mine, "raffle.create", createPayload(mine, "R8S9TV")))
		if foreign[0].Reason != "raffle_exists" || foreign[0].Reason != own[0].Reason || foreign[0].Message != own[0].Message {
			t.Errorf("create on Bia's id %+v, on Ana's own %+v", foreign[0], own[0])
		}
		if snap := bia.snapshot(t, e, theirs); snap.Raffle.Title != "Rifa da festa" || snap.Raffle.Code != "K7P2QX" {
			t.Errorf("Bia's raffle changed: %+v", snap.Raffle)
		}
	})
}
