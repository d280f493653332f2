package httpapi_test

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

type textVector struct {
	Name   string  `json:"name"`
	Kind   string  `json:"kind"`
	Input  string  `json:"input"`
	Output *string `json:"output"`
	Reason string  `json:"reason"`
}

func textVectors(t *testing.T) []textVector {
	t.Helper()
	raw, err := os.ReadFile("../../../sync/testdata/text/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []textVector `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 50 {
		t.Fatalf("only %d text vectors", len(file.Cases))
	}
	return file.Cases
}

// The shared text vectors through push, on both databases: each text is a
// raffle's title (or description) and a participant's name. Every op is answered (never a 500, the same on SQLite and
// PostgreSQL), what is stored is the vector's output, and a refused text
// writes nothing.
func TestTextVectorsThroughPush(t *testing.T) {
	t.Parallel()
	vectors := textVectors(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{})
		c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
		host := core.NewID(time.Now())
		wantStatuses(t, c.push(t, e, c.op(host, "raffle.create", createPayload(host, "K7P2QX"))), "applied")

		type sent struct {
			v        textVector
			raffleID string
			ticket   ticket
		}
		var ops []testOp
		var cases []sent
		for _, v := range vectors {
			rid := core.NewID(time.Now())
			p := createPayload(rid, "K7P2Q"+string("ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[len(cases)%32]))
			if v.Kind == "multiline" {
				p["description"] = v.Input
			} else {
				p["title"] = v.Input
			}
			tk := person("x", 1)[0]
			// Ticket numbers are unique per raffle, so this one is numbered by
			// the server; validation.json covers numbers with the rule.
			tk.TicketNumber = nil
			ops = append(ops, c.op(rid, "raffle.create", p))
			if v.Kind == "line" {
				tk.Name = v.Input
				ops = append(ops, c.op(host, "participants.add", map[string]any{"tickets": []ticket{tk}}))
			}
			cases = append(cases, sent{v, rid, tk})
		}
		results := c.push(t, e, ops...)

		snapHost := c.snapshot(t, e, host)
		names := map[string]string{}
		for _, p := range snapHost.Participants {
			names[p.ID] = p.Name
		}
		i := 0
		for _, s := range cases {
			create := results[i]
			i++
			var add *opResult
			if s.v.Kind == "line" {
				add = &results[i]
				i++
			}
			t.Run(s.v.Name, func(t *testing.T) {
				out := s.v.Output
				switch {
				case out == nil:
					if create.Reason != "text_invalid" || (add != nil && add.Reason != "text_invalid") {
						t.Fatalf("create %+v, add %+v; want text_invalid", create, add)
					}
					if st := c.getJSON(t, e, "/api/sync/raffles/"+s.raffleID+"/snapshot", nil); st != 404 {
						t.Fatalf("a refused raffle was stored: %d", st)
					}
					if _, ok := names[s.ticket.ID]; ok {
						t.Fatal("a refused ticket was stored")
					}
				case *out == "" && s.v.Kind == "line":
					if create.Reason != "title_required" || add.Reason != "name_required" {
						t.Fatalf("create %+v, add %+v; want title_required, name_required", create, add)
					}
				default:
					if create.Status != "applied" {
						t.Fatalf("create %+v", create)
					}
					snap := c.snapshot(t, e, s.raffleID)
					got := snap.Raffle.Title
					if s.v.Kind == "multiline" {
						got = snap.Raffle.Description
					}
					if got != *out {
						t.Fatalf("stored %q, want %q", got, *out)
					}
					if add == nil {
						return
					}
					if add.Status != "applied" || names[s.ticket.ID] != *out {
						t.Fatalf("add %+v, name stored %q, want %q", add, names[s.ticket.ID], *out)
					}
				}
			})
		}
	})
}
