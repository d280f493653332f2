package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"slices"
	"testing"

	"github.com/sorteio/sorteio/sync/draw"
)

// refusedRoundsKept checks, at the end of a simulation, that no round drawn
// offline vanished: each one whose start the server refused for a reason two
// devices cause is in its raffle's public record as refused, with that
// reason and, when its completion reached the server, the seed and winners
// the device drew; each one applied is not. Every record's refused rounds
// pass the verifier. It returns how many refused rounds it found. Raffles
// gone from the server (deleted, or never created) are left out: their
// record is reached by a code no device holds any more.
func refusedRoundsKept(t *testing.T, srv *simServer, devs []*device) int {
	t.Helper()
	records := map[string]*draw.Export{}
	record := func(d *device, rid string) *draw.Export {
		if rec, ok := records[rid]; ok {
			return rec
		}
		records[rid] = nil
		status, body := srv.do("GET", "/api/sync/raffles/"+rid+"/snapshot", "", d.cookie)
		if status != 200 {
			return nil
		}
		var snap snapshotBody
		_ = json.Unmarshal([]byte(body), &snap)
		status, body = srv.do("GET", "/api/public/raffles/"+snap.Raffle.Code+"/audit", "", nil)
		if status != 200 {
			t.Fatalf("audit of %s: %d %s", snap.Raffle.Code, status, body)
		}
		var rec draw.Export
		if err := json.Unmarshal([]byte(body), &rec); err != nil {
			t.Fatal(err)
		}
		for i, c := range draw.VerifyRefused(rec) {
			if len(c.Problems) > 0 {
				t.Fatalf("raffle %s: refused round %+v: %q", rid, rec.RefusedRounds[i], c.Problems)
			}
		}
		records[rid] = &rec
		return &rec
	}
	kept := 0
	for _, d := range devs {
		for _, o := range d.offline {
			rec := record(d, o.raffleID)
			if rec == nil {
				continue
			}
			i := slices.IndexFunc(rec.RefusedRounds, func(r draw.Refused) bool { return r.DrawID == o.drawID })
			reason, refused := d.refused[o.startOp]
			if _, known := draw.RefusedReasons[reason]; !refused || !known {
				if i >= 0 {
					t.Fatalf("%s: round %s (start %s) is in the record as refused", d.name, o.drawID, reason)
				}
				continue
			}
			if i < 0 {
				t.Fatalf("%s: round %s refused (%s) is not in the record", d.name, o.drawID, reason)
			}
			r := rec.RefusedRounds[i]
			if r.Reason != reason {
				t.Fatalf("%s: round %s refused for %s, recorded as %s", d.name, o.drawID, reason, r.Reason)
			}
			if done := d.refused[o.completOp]; o.completOp != "" && (done == "draw_not_found" || done == "raffle_not_found") {
				got := make([]string, len(r.Winners))
				for k, w := range r.Winners {
					got[k] = w.TicketID
				}
				if r.ClientSeed != hex.EncodeToString(o.seed) || !slices.Equal(got, o.winners) {
					t.Fatalf("%s: round %s revealed %q with %v; the device drew %v", d.name, o.drawID, r.ClientSeed, got, o.winners)
				}
			}
			for _, rd := range rec.Draws {
				if rd.DrawID == o.drawID {
					t.Fatalf("%s: refused round %s counts as a round", d.name, o.drawID)
				}
			}
			kept++
		}
	}
	return kept
}
