package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// redrawN draws online, then invalidates and redraws position 1 n times,
// each invalidation with a reason. It returns the raffle's code.
func redrawN(t *testing.T, d drawing, n int) string {
	t.Helper()
	e, c, rid := d.e, d.c, d.rid
	first := d.drawnWithout(t, 1)
	last := first.id
	for i := 0; i < n; i++ {
		if i > 0 {
			wantStatuses(t, c.push(t, e, c.op(rid, "winner.invalidate",
				map[string]any{"winner_id": last + ":1", "reason": fmt.Sprintf("Motivo secreto %d", i)})), "applied")
		}
		rd := newRound()
		rpool := redrawPool(d.pool, c.snapshot(t, e, rid), false)
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.redraw", rd.redraw(1, rpool)), c.op(rid, "draw.complete", rd.complete())),
			"applied", "applied")
		last = rd.id
	}
	return c.snapshot(t, e, rid).Raffle.Code
}

// The audit's size does not grow with the pool for each redraw: the pool is
// published once and every redraw adds only its own record (a few hundred
// bytes), whatever the raffle's size.
func TestAuditSizeIndependentOfRedraws(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		base := newDrawing(t, db, 1, false, crowd(400, 1)...)
		size := func(redraws int) int {
			people := crowd(400, 1)
			d := drawing{e: base.e, c: base.c, rid: drawRaffle(t, base.e, base.c, 1, false, people...), pool: poolOf(people...)}
			code := redrawN(t, d, redraws)
			body := readBody(t, d.e.do(t, request{method: "GET", path: "/api/public/raffles/" + code + "/audit"}))
			if strings.Count(body, `"pool":`) != 1 || strings.Contains(body, "Motivo") {
				t.Fatalf("%d redraws: %d pools, or a reason published", redraws, strings.Count(body, `"pool":`))
			}
			var a auditBody
			mustJSON(t, body, &a)
			for i, p := range draw.VerifyExport(a.Export) {
				if len(p) != 0 {
					t.Fatalf("round %d: %v", i+1, p)
				}
			}
			return len(body)
		}
		one, ten := size(1), size(10)
		perRound := (ten - one) / 9
		// A pool of 400 tickets is about 55 KB: a round that carried it
		// would add that much.
		if perRound > 2048 {
			t.Fatalf("audit: %d bytes with 1 redraw, %d with 10: %d bytes a redraw", one, ten, perRound)
		}
		t.Logf("audit: %d bytes with 1 redraw, %d with 10 (%d bytes a redraw)", one, ten, perRound)
	})
}

// A repeat GET with the validator is 304 with no body, until the record
// changes; any change (an invalidation, a deletion) gives a new validator.
func TestAuditETag(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(6, 1)...)
		e, c, rid := d.e, d.c, d.rid
		first := newRound()
		wantStatuses(t, c.push(t, e, c.op(rid, "draw.start", first.start(d.pool)), c.op(rid, "draw.complete", first.complete())),
			"applied", "applied")
		path := "/api/public/raffles/" + c.snapshot(t, e, rid).Raffle.Code + "/audit"
		get := func(tag string) (*http.Response, string) {
			h := map[string]string{}
			if tag != "" {
				h["If-None-Match"] = tag
			}
			res := e.do(t, request{method: "GET", path: path, headers: h})
			return res, readBody(t, res)
		}
		res, _ := get("")
		tag := res.Header.Get("ETag")
		if res.StatusCode != 200 || !strings.HasPrefix(tag, `W/"`) || res.Header.Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("first GET: %d, ETag %q, Cache-Control %q", res.StatusCode, tag, res.Header.Get("Cache-Control"))
		}
		for _, ask := range []string{tag, strings.TrimPrefix(tag, "W/"), `"other", ` + tag, "*"} {
			if res, body := get(ask); res.StatusCode != 304 || body != "" || res.Header.Get("ETag") != tag {
				t.Fatalf("If-None-Match %s: %d %q", ask, res.StatusCode, body)
			}
		}
		if res, _ := get(`W/"a2-0-1"`); res.StatusCode != 200 {
			t.Fatalf("a stale validator: %d", res.StatusCode)
		}
		wantStatuses(t, c.push(t, e, c.op(rid, "winner.invalidate", map[string]any{"winner_id": first.id + ":1"})), "applied")
		res, body := get(tag)
		if res.StatusCode != 200 || res.Header.Get("ETag") == tag || !strings.Contains(body, `"is_valid":false`) {
			t.Fatalf("after an invalidation: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
		}
		tag = res.Header.Get("ETag")
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.delete", map[string]any{})), "applied")
		if res, body := get(tag); res.StatusCode != 200 || !strings.Contains(body, `"deleted_at":`) {
			t.Fatalf("after the deletion: %d %s", res.StatusCode, body)
		}
		// An unknown code is 404 with or without a validator.
		if res := e.do(t, request{method: "GET", path: "/api/public/raffles/ZZZZZZ/audit", headers: map[string]string{"If-None-Match": "*"}}); res.StatusCode != 404 {
			t.Fatalf("unknown code with a validator: %d", res.StatusCode)
		}
	})
}

func mustJSON(t *testing.T, body string, into any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), into); err != nil {
		t.Fatal(err)
	}
}
