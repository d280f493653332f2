package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
)

// auditFixture makes raffle K7P2QX (its participants have e-mails) and
// brings it to a stage: "pending", "open" (first round started),
// "drawn" (online draw, position 2 invalidated and redrawn offline) or
// "deleted".
func auditFixture(stage string) func(t *testing.T, e *env) {
	return func(t *testing.T, e *env) {
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		people := crowd(6, 2)
		for i := range people {
			for j := range people[i] {
				mail := fmt.Sprintf("pessoa%d@example.com", i)
				people[i][j].Email = &mail
			}
		}
		rid := core.NewID(time.Now())
		create := createPayload(rid, "K7P2QX")
		create["title"], create["winners_count"] = "Rifa da quermesse", 2
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", create), c.op(rid, "participants.add", addPayload(people...))),
			"applied", "applied")
		if stage == "pending" {
			return
		}
		if stage == "deleted-pending" {
			wantStatuses(t, c.push(t, e, c.op(rid, "raffle.delete", map[string]any{})), "applied")
			return
		}
		pool := poolOf(people...)
		first := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", first.start(pool))), "applied")
		if stage == "open" {
			return
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.complete", first.complete()),
			c.op(rid, "winner.invalidate", map[string]any{"winner_id": first.id + ":2", "reason": "Desistiu"})), "applied", "applied")
		rd := newRound()
		rpool := redrawPool(pool, c.snapshot(t, e, rid), false)
		done, _ := rd.completeOffline(t, rpool, 1, false)
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", offline(rd.redraw(2, rpool))), c.op(rid, "draw.complete", done)),
			"applied", "applied")
		if stage == "deleted" {
			wantStatuses(t, c.push(t, e, c.op(rid, "raffle.delete", map[string]any{})), "applied")
		}
	}
}

// auditBody is the record as GET /api/public/raffles/{code}/audit answers
// it; its winners list is draw.Export's, which the verifier reads.
type auditBody struct {
	draw.Export
}

func readAudit(t *testing.T, res *http.Response) auditBody {
	t.Helper()
	var a auditBody
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestPublicAudit(t *testing.T) {
	t.Parallel()
	get := func(code string) request {
		return request{method: "GET", path: "/api/public/raffles/" + code + "/audit"}
	}
	runScenarios(t, []scenario{
		{name: "a drawn raffle, with a redraw", setup: auditFixture("drawn"), req: get("K7P2QX"), status: 200,
			want: []string{`"algorithm":"sorteio-v2"`, `"prizes":[]`, `"code":"K7P2QX"`, `"title":"Rifa da quermesse"`, `"status":"completed"`,
				`"invalidated_at":1`, `"abandoned":[]`},
			// The invalidation's reason is the organiser's note: never public.
			notWant: []string{"@example.com", "email", "Desistiu", "invalidation_reason", "deleted_at"},
			headers: map[string]string{"Cache-Control": "no-cache", "Content-Type": "application/json", "ETag": `W/"`},
			after: func(t *testing.T, e *env, res *http.Response) {
				a := readAudit(t, res)
				if a.Algorithm != draw.Algorithm || len(a.Draws) != 2 || len(a.Winners) != 3 {
					t.Fatalf("audit: %d rounds, %d winners", len(a.Draws), len(a.Winners))
				}
				first, redraw := a.Draws[0], a.Draws[1]
				// The pool once, with the first draw; the redraw derives its own.
				if first.Kind != "draw" || !first.Online || len(first.Pool) != 12 || first.Round != 1 || redraw.Kind != "redraw" ||
					redraw.Online || redraw.Pool != nil || redraw.PoolSize != 8 || redraw.Positions[0] != 2 || redraw.Round != 2 {
					t.Fatalf("rounds: %+v / %+v", first, redraw)
				}
				for i, p := range draw.VerifyExport(a.Export) {
					if len(p) != 0 {
						t.Fatalf("round %d does not verify: %v", i+1, p)
					}
				}
				// Position 2: the invalidated winner, then the redrawn one.
				w := a.Winners
				if w[1].Position != 2 || w[1].IsValid || w[1].InvalidatedAt == nil || w[2].Position != 2 || !w[2].IsValid ||
					w[2].DrawID != redraw.DrawID || w[2].TicketID != redraw.Winners[0] {
					t.Fatalf("winners = %+v", w)
				}
			}},
		{name: "the code in lower case", setup: auditFixture("drawn"), req: get("k7p2qx"), status: 200, want: []string{`"code":"K7P2QX"`}},
		{name: "a pending raffle has no rounds yet", setup: auditFixture("pending"), req: get("K7P2QX"), status: 200,
			want: []string{`"status":"pending"`, `"winners":[]`, `"draws":[]`}},
		{name: "an open round is not published", setup: auditFixture("open"), req: get("K7P2QX"), status: 200,
			want: []string{`"status":"in_progress"`, `"draws":[]`}, notWant: []string{"commitment"}},
		{name: "unknown code", setup: auditFixture("drawn"), req: get("ZZZZZZ"), status: 404, want: []string{`"code":"not_found"`}},
		{name: "not a code", req: get("K7P2Q"), status: 404, want: []string{`"code":"not_found"`}},
		// A deletion never hides a draw: the record stays, with its time.
		{name: "a deleted raffle that had rounds", setup: auditFixture("deleted"), req: get("K7P2QX"), status: 200,
			want: []string{`"deleted_at":1`, `"status":"completed"`, `"kind":"redraw"`}, notWant: []string{"@example.com", "Desistiu"},
			after: func(t *testing.T, e *env, res *http.Response) {
				a := readAudit(t, res)
				if a.Raffle.DeletedAt == nil || len(a.Draws) != 2 || len(a.Draws[0].Pool) != 12 || len(a.Winners) != 3 {
					t.Fatalf("deleted raffle's record: %+v", a)
				}
				for i, p := range draw.VerifyExport(a.Export) {
					if len(p) != 0 {
						t.Fatalf("round %d of a deleted raffle does not verify: %v", i+1, p)
					}
				}
			}},
		{name: "a deleted raffle that never drew", setup: auditFixture("deleted-pending"), req: get("K7P2QX"), status: 404,
			want: []string{`"code":"not_found"`}},
		{name: "gzip when accepted", setup: auditFixture("drawn"), status: 200,
			req:     request{method: "GET", path: "/api/public/raffles/K7P2QX/audit", headers: map[string]string{"Accept-Encoding": "gzip"}},
			headers: map[string]string{"Content-Encoding": "gzip"}},
		{name: "rate limited per address", status: 429, want: []string{`"code":"rate_limited"`},
			setup: func(t *testing.T, e *env) {
				for i := 0; i < 10; i++ {
					if res := e.do(t, request{method: "GET", path: "/api/public/raffles/ABCDEF/audit", remote: "10.1.1.1:5"}); res.StatusCode != 404 {
						t.Fatalf("lookup %d: %d", i+1, res.StatusCode)
					}
				}
				// Another address has its own budget.
				if res := e.do(t, request{method: "GET", path: "/api/public/raffles/ABCDEF/audit", remote: "10.1.1.2:5"}); res.StatusCode != 404 {
					t.Fatalf("another address: %d", res.StatusCode)
				}
			},
			req: request{method: "GET", path: "/api/public/raffles/ABCDEF/audit", remote: "10.1.1.1:6"}, headers: map[string]string{"Retry-After": ""}},
	})
}
