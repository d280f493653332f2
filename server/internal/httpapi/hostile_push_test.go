package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Envelopes a hostile client can send: every one is answered and recorded
// (a retry gets the same answer), none is a 500 on either database, and none
// blocks the ops after it.
func TestHostileEnvelopes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := signedUpWithRaffleID(t, db)
		create := createPayload(rid, "K7P2QX")
		raw, _ := json.Marshal(create)
		opID := func() string { return core.NewID(time.Now()) }
		tooLate := createPayload(rid, "K7P2QX")
		tooLate["created_at"] = time.Now().Add(49 * time.Hour).UnixMilli()
		rows := []struct {
			name, op, want string
		}{
			{"NUL in raffle_id", `{"op_id":"` + opID() + `","mutation_id":1,"raffle_id":"a\u0000b","type":"raffle.delete","payload":{}}`, "rejected:invalid_payload"},
			{"broken UTF-8 in raffle_id", `{"op_id":"` + opID() + `","mutation_id":2,"raffle_id":"a` + "\xff\xfe" + `","type":"raffle.delete","payload":{}}`, "rejected:invalid_payload"},
			{"broken UTF-8 in a title", `{"op_id":"` + opID() + `","mutation_id":3,"raffle_id":"` + rid + `","type":"raffle.create","payload":` +
				strings.Replace(string(raw), "Rifa da festa", "Rifa\xff", 1) + `}`, "rejected:invalid_payload"},
			{"mutation_id near 2^63", `{"op_id":"` + opID() + `","mutation_id":9223372036854775000,"raffle_id":"` + rid + `","type":"raffle.create","payload":` + string(raw) + `}`, "rejected:invalid_mutation_id"},
			{"created_at two days ahead of the server", mustOp(t, opID(), 4, rid, "raffle.create", tooLate), "rejected:invalid_created_at"},
			{"the ops after them still apply", mustOp(t, opID(), 5, rid, "raffle.create", create), "applied"},
		}
		var ops []string
		for _, r := range rows {
			ops = append(ops, r.op)
		}
		body := `{"client_id":"` + c.id + `","schema_version":2,"ops":[` + strings.Join(ops, ",") + `]}`
		for attempt := 0; attempt < 2; attempt++ {
			res := e.do(t, request{method: "POST", path: "/api/sync/push", body: body, cookie: c.cookie})
			text := readBody(t, res)
			if res.StatusCode != 200 {
				t.Fatalf("push: %d %s", res.StatusCode, text)
			}
			var out struct {
				Results []opResult `json:"results"`
			}
			if err := json.Unmarshal([]byte(text), &out); err != nil || len(out.Results) != len(rows) {
				t.Fatalf("push answer %s (%v)", text, err)
			}
			for i, r := range rows {
				got, want := out.Results[i].Status, r.want
				if out.Results[i].Reason != "" {
					got = "rejected:" + out.Results[i].Reason
				}
				if attempt == 1 {
					// The retry repeats each recorded answer.
					if out.Results[i].Status != "duplicate" {
						t.Errorf("%s: retry answered %s", r.name, out.Results[i].Status)
					}
					want = strings.Replace(want, "applied", "duplicate", 1)
				}
				if got != want {
					t.Errorf("%s (attempt %d): %s, want %s", r.name, attempt+1, got, want)
				}
			}
		}
	})
}

func mustOp(t *testing.T, opID string, mutation int64, rid, typ string, payload any) string {
	t.Helper()
	b, err := json.Marshal(testOp{OpID: opID, MutationID: mutation, RaffleID: rid, Type: typ, Payload: payload})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
