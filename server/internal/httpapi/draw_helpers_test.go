package httpapi_test

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// poolOf is the canonical pool of tickets, as a device computes it.
func poolOf(tickets ...[]ticket) []draw.Ticket {
	var pool []draw.Ticket
	for _, ts := range tickets {
		for _, t := range ts {
			pool = append(pool, draw.Ticket{ID: t.ID, GroupID: t.GroupID, TicketNumber: t.TicketNumber, Name: t.Name})
		}
	}
	return draw.Canonical(pool)
}

// round is one draw round as a device runs it: its id and its seed.
type round struct {
	id   string
	seed []byte
}

func newRound() round {
	return round{id: core.NewID(time.Now()), seed: draw.NewSeed()}
}

func (r round) start(pool []draw.Ticket) map[string]any {
	d := draw.Digest(pool)
	return map[string]any{"draw_id": r.id, "client_commitment": draw.Commitment(r.seed),
		"pool_digest": hex.EncodeToString(d[:]), "pool_size": len(pool)}
}

func (r round) redraw(position int, pool []draw.Ticket) map[string]any {
	p := r.start(pool)
	p["position"] = position
	return p
}

// offline declares, in a start or redraw payload, that the round is drawn
// offline: by the device alone, with its own seed.
func offline(start map[string]any) map[string]any {
	start["offline"] = true
	return start
}

func (r round) complete() map[string]any {
	return map[string]any{"draw_id": r.id, "client_seed": hex.EncodeToString(r.seed), "offline": false}
}

// completeOffline draws on the device, as with no network, and sends the result.
func (r round) completeOffline(t *testing.T, pool []draw.Ticket, count int, dup bool) (map[string]any, []string) {
	t.Helper()
	won, err := draw.Pick(r.seed, pool, count, dup)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(won))
	for i, w := range won {
		ids[i] = w.ID
	}
	return map[string]any{"draw_id": r.id, "client_seed": hex.EncodeToString(r.seed), "offline": true, "winners": ids}, ids
}

// logged returns the payloads of a raffle's logged changes of one type.
func (c *client) logged(t *testing.T, e *env, rid, typ string) []json.RawMessage {
	t.Helper()
	var page changesPage
	if s := c.getJSON(t, e, "/api/sync/raffles/"+rid+"/changes?"+schemaParam, &page); s != 200 {
		t.Fatalf("changes: %d", s)
	}
	var out []json.RawMessage
	for _, ch := range page.Changes {
		if ch.Type == typ {
			out = append(out, ch.Payload)
		}
	}
	return out
}

// schemaParam is what the PWA names in every pull: its schema version.
var schemaParam = "schema=" + strconv.Itoa(protocol.SchemaVersion)

// completion is the last logged draw.complete.
func (c *client) completion(t *testing.T, e *env, rid string) protocol.DrawCompleted {
	t.Helper()
	all := c.logged(t, e, rid, protocol.TypeDrawComplete)
	if len(all) == 0 {
		t.Fatal("no draw.complete in the log")
	}
	var done protocol.DrawCompleted
	if err := json.Unmarshal(all[len(all)-1], &done); err != nil {
		t.Fatal(err)
	}
	return done
}

func (c *client) snapshot(t *testing.T, e *env, rid string) snapshotBody {
	t.Helper()
	var snap snapshotBody
	if s := c.getJSON(t, e, "/api/sync/raffles/"+rid+"/snapshot?"+schemaParam, &snap); s != 200 {
		t.Fatalf("snapshot: %d", s)
	}
	return snap
}

// audit is the raffle's public audit record.
func (c *client) audit(t *testing.T, e *env, rid string) auditBody {
	t.Helper()
	res := e.do(t, request{method: "GET", path: "/api/public/raffles/" + c.snapshot(t, e, rid).Raffle.Code + "/audit"})
	if res.StatusCode != 200 {
		t.Fatalf("audit: %d", res.StatusCode)
	}
	return readAudit(t, res)
}

func ticketIDs(ws []draw.Ticket) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.ID
	}
	return out
}

// drawRaffle makes a raffle of people with n tickets each, ready to draw at
// once (no countdown: an online reveal is taken as soon as it comes).
func drawRaffle(t *testing.T, e *env, c *client, winners int, dup bool, people ...[]ticket) string {
	t.Helper()
	return timedRaffle(t, e, c, winners, dup, 0, people...)
}

// timedRaffle is drawRaffle with a countdown of that many seconds: its online
// reveal is refused until the test's clock has moved past it.
func timedRaffle(t *testing.T, e *env, c *client, winners int, dup bool, countdown int, people ...[]ticket) string {
	t.Helper()
	rid := core.NewID(time.Now())
	create := createPayload(rid, protocol.NewCode())
	create["winners_count"], create["countdown_seconds"], create["allow_duplicate_wins"] = winners, countdown, dup
	wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", create), c.op(rid, "participants.add", addPayload(people...))),
		"applied", "applied")
	return rid
}

// drawing is an organiser signed in with a raffle ready to draw, and its pool.
type drawing struct {
	e    *env
	c    *client
	rid  string
	pool []draw.Ticket
}

func newDrawing(t *testing.T, db *store.DB, winners int, dup bool, people ...[]ticket) drawing {
	t.Helper()
	e := newEnv(t, db, httpapi.Config{})
	c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
	return drawing{e: e, c: c, rid: drawRaffle(t, e, c, winners, dup, people...), pool: poolOf(people...)}
}

// newTimedDrawing is newDrawing with a countdown of that many seconds.
func newTimedDrawing(t *testing.T, db *store.DB, winners int, dup bool, countdown int, people ...[]ticket) drawing {
	t.Helper()
	e := newEnv(t, db, httpapi.Config{})
	c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
	return drawing{e: e, c: c, rid: timedRaffle(t, e, c, winners, dup, countdown, people...), pool: poolOf(people...)}
}

// drawnWithout draws online and invalidates the winner of one position,
// which can then be redrawn.
func (d drawing) drawnWithout(t *testing.T, position int) round {
	t.Helper()
	first := newRound()
	wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", first.start(d.pool)), d.c.op(d.rid, "draw.complete", first.complete()),
		d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": protocol.WinnerID(first.id, position)})),
		"applied", "applied", "applied")
	return first
}

func crowd(n, tickets int) [][]ticket {
	out := make([][]ticket, n)
	for i := range out {
		out[i] = person("Pessoa", tickets)
	}
	return out
}

// snapshotBody is a snapshot answer in the objects format (no ?format).
type snapshotBody struct {
	Raffle       protocol.Raffle           `json:"raffle"`
	HeadSeq      int64                     `json:"head_seq"`
	Participants []protocol.SnapshotTicket `json:"participants"`
	Draws        []protocol.Round          `json:"draws"`
	Winners      []protocol.Winner         `json:"winners"`
	Cursor       string                    `json:"cursor"`
}
