package httpapi_test

import (
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A removal wins over an add to the same person made on a device that had not
// seen it (docs/sync-protocol.md, "Two devices"): Ana's phone removes Xavier,
// and her other phone, offline since before that, gives him one more ticket.
// The add is refused with group_removed and Xavier stays removed.
func TestRemovalWinsOverAnAddMadeWithoutKnowingOfIt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		// base is the add's base_seq relative to the removal's seq (-1: the
		// log as it was just before the removal; 0: the removal itself).
		base int64
		// other adds to someone who was never removed instead of Xavier.
		other bool
		// readd puts Xavier back, from the device that removed him, first.
		readd bool
		want  string
		// xavier is how many tickets Xavier's group holds afterwards.
		xavier int
	}{
		{name: "an add from before the removal is refused", base: -1, want: "rejected:group_removed", xavier: 0},
		{name: "from base_seq 0 (never pulled) as well", base: -1000, want: "rejected:group_removed", xavier: 0},
		{name: "an add made after seeing the removal goes in", base: 0, want: "applied", xavier: 1},
		{name: "someone else, from before the removal, goes in", base: -1, other: true, want: "applied", xavier: 0},
		{name: "Xavier back in the raffle: another ticket goes in", base: -1, readd: true, want: "applied", xavier: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				e, phoneA, rid := signedUpWithRaffleID(t, db)
				phoneB := &client{id: newClient(nil).id, cookie: phoneA.cookie}
				xavier := person("Xavier Souza", 1)
				wantStatuses(t, phoneA.push(t, e,
					phoneA.op(rid, "raffle.create", createPayload(rid, "K7P2QX")),
					phoneA.op(rid, "participants.add", addPayload(xavier)),
				), "applied", "applied")
				removal := phoneA.push(t, e, phoneA.op(rid, "participants.remove_group", map[string]any{"group_id": xavier[0].GroupID}))
				wantStatuses(t, removal, "applied")
				if tc.readd {
					again := person("Xavier Souza", 1)
					again[0].GroupID = xavier[0].GroupID
					readd := phoneA.op(rid, "participants.add", addPayload(again))
					readd.BaseSeq = removal[0].Seq // phone A saw its own removal
					wantStatuses(t, phoneA.push(t, e, readd), "applied")
				}

				more := person("Xavier Souza", 1)
				more[0].GroupID = xavier[0].GroupID
				if tc.other {
					more = person("Yara Lima", 1)
				}
				op := phoneB.op(rid, "participants.add", addPayload(more))
				op.BaseSeq = max(removal[0].Seq+tc.base, 0)
				got := phoneB.push(t, e, op)
				wantStatuses(t, got, tc.want)
				if tc.want == "rejected:group_removed" && got[0].Message != "Este participante foi removido em outro aparelho." {
					t.Errorf("message %q", got[0].Message)
				}

				var snap snapshotBody
				phoneA.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot", &snap)
				held := 0
				for _, p := range snap.Participants {
					if p.GroupID == xavier[0].GroupID {
						held++
					}
				}
				if held != tc.xavier {
					t.Errorf("Xavier holds %d tickets, want %d", held, tc.xavier)
				}
			})
		})
	}
}
