package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/protocol"
)

// client is a test device of one account: it numbers its mutations.
type client struct {
	id       string
	cookie   *http.Cookie
	mutation int64
}

func newClient(cookie *http.Cookie) *client {
	return &client{id: core.NewID(time.Now()), cookie: cookie}
}

type testOp struct {
	OpID       string `json:"op_id"`
	MutationID int64  `json:"mutation_id"`
	RaffleID   string `json:"raffle_id"`
	Type       string `json:"type"`
	BaseSeq    int64  `json:"base_seq"`
	Payload    any    `json:"payload"`
}

func (c *client) op(raffleID, typ string, payload any) testOp {
	c.mutation++
	return testOp{OpID: core.NewID(time.Now()), MutationID: c.mutation, RaffleID: raffleID, Type: typ, Payload: payload}
}

type opResult struct {
	OpID       string `json:"op_id"`
	Status     string `json:"status"`
	Seq        int64  `json:"seq"`
	Code       string `json:"code"`
	Renumbered int    `json:"renumbered"`
	Refused    []struct {
		ID           string `json:"id"`
		TicketNumber string `json:"ticket_number"`
		Reason       string `json:"reason"`
	} `json:"refused"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}

func pushBody(clientID string, ops ...testOp) string {
	return pushBodyAt(clientID, protocol.SchemaVersion, ops...)
}

// pushBodyAt is a push of a device of that schema version.
func pushBodyAt(clientID string, schema int, ops ...testOp) string {
	b, _ := json.Marshal(map[string]any{"client_id": clientID, "schema_version": schema, "ops": ops})
	return string(b)
}

// push sends ops and returns the results, failing on a non-200 answer.
func (c *client) push(t *testing.T, e *env, ops ...testOp) []opResult {
	t.Helper()
	return c.pushAt(t, e, protocol.SchemaVersion, ops...)
}

// pushAt is push from a device of that schema version.
func (c *client) pushAt(t *testing.T, e *env, schema int, ops ...testOp) []opResult {
	t.Helper()
	res := e.do(t, request{method: "POST", path: "/api/sync/push", body: pushBodyAt(c.id, schema, ops...), cookie: c.cookie})
	body := readBody(t, res)
	if res.StatusCode != 200 {
		t.Fatalf("push: %d %s", res.StatusCode, body)
	}
	var out struct {
		Results []opResult `json:"results"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Results) != len(ops) {
		t.Fatalf("push: %d results for %d ops", len(out.Results), len(ops))
	}
	return out.Results
}

func (c *client) getJSON(t *testing.T, e *env, path string, into any) int {
	t.Helper()
	res := e.do(t, request{method: "GET", path: path, cookie: c.cookie})
	body := readBody(t, res)
	if into != nil && res.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), into); err != nil {
			t.Fatalf("%s: %v in %s", path, err, body)
		}
	}
	return res.StatusCode
}

func createPayload(id, code string) map[string]any {
	return map[string]any{"id": id, "code": code, "title": "Rifa da festa", "description": "Prêmios",
		"type": "tickets", "winners_count": 1, "countdown_seconds": 0, "allow_duplicate_wins": false,
		"created_at": time.Now().UnixMilli()}
}

type ticket struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Email        *string `json:"email,omitempty"`
	TicketNumber *string `json:"ticket_number,omitempty"`
	GroupID      string  `json:"group_id"`
	Provisional  bool    `json:"provisional,omitempty"`
	Phone        *string `json:"phone,omitempty"`
}

// ticketSeq numbers the tests' tickets: numbers are unique within a raffle,
// so no two tickets of the package share one. Tests run in parallel and
// some add thousands, so the numbers go round within five digits (the
// Loteria Federal's reach, which a federal raffle refuses to exceed); no
// raffle of a test holds 100,000 of them.
var ticketSeq atomic.Int64

// person makes n tickets of one person, with numbers no other test ticket has.
func person(name string, n int) []ticket {
	return numberedPerson(name, n, func() int64 { return ticketSeq.Add(1) % 100_000 })
}

// numberedPerson is person with the numbers next gives, for a test that puts
// more tickets in one raffle than person's round holds.
func numberedPerson(name string, n int, next func() int64) []ticket {
	group := core.NewID(time.Now())
	out := make([]ticket, n)
	for i := range out {
		num := fmt.Sprintf("%03d", next())
		out[i] = ticket{ID: core.NewID(time.Now()), Name: name, TicketNumber: &num, GroupID: group}
	}
	return out
}

func addPayload(tickets ...[]ticket) map[string]any {
	var all []ticket
	for _, t := range tickets {
		all = append(all, t...)
	}
	return map[string]any{"tickets": all}
}

func wantStatuses(t *testing.T, got []opResult, want ...string) {
	t.Helper()
	for i, w := range want {
		g := got[i].Status
		if got[i].Status == "rejected" {
			g = "rejected:" + got[i].Reason
		}
		if !strings.HasPrefix(g, w) {
			t.Errorf("op %d: %s (%s), want %s", i+1, g, got[i].Message, w)
		}
	}
}

// signedUpWithRaffleID is the first steps of most push tests: an environment,
// Ana signed up as a syncing client, and a fresh id for the raffle she will
// create.
func signedUpWithRaffleID(t *testing.T, db *store.DB) (*env, *client, string) {
	t.Helper()
	e := newEnv(t, db, httpapi.Config{})
	return e, newClient(mustSignUp(t, e, "ana@example.com", "segredo1")), core.NewID(time.Now())
}
