package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// countingAudits counts the full reads of a record, each one followed by
// its encoding.
type countingAudits struct {
	httpapi.AuditStore
	reads atomic.Int64
}

func (c *countingAudits) PublicAudit(ctx context.Context, code string) (store.Audit, error) {
	c.reads.Add(1)
	return c.AuditStore.PublicAudit(ctx, code)
}

// A repeat GET of an unchanged audit record answers the bytes kept for its
// version, plain or gzip, without reading the rounds and pool or encoding
// them again; a new log position (an invalidation) makes a new record once;
// the ETag and 304 work as before. Both databases.
func TestAuditRepeatIsNotReencoded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDrawing(t, db, 2, false, crowd(30, 2)...)
		counter := &countingAudits{AuditStore: db}
		d.e.handler = wire(t, db, d.e.cfg, d.e.hub, d.e.viewers, looseLimits(), d.e.clock.Now,
			func(deps *httpapi.Deps) { deps.Audits = counter })
		first := newRound()
		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "draw.start", first.start(d.pool)), d.c.op(d.rid, "draw.complete", first.complete())),
			"applied", "applied")
		path := "/api/public/raffles/" + d.c.snapshot(t, d.e, d.rid).Raffle.Code + "/audit"
		get := func(headers map[string]string) (int, string, http.Header) {
			res := d.e.do(t, request{method: "GET", path: path, headers: headers})
			raw := readBody(t, res)
			if res.Header.Get("Content-Encoding") == "gzip" {
				zr, err := gzip.NewReader(strings.NewReader(raw))
				if err != nil {
					t.Fatal(err)
				}
				plain, err := io.ReadAll(zr)
				if err != nil {
					t.Fatal(err)
				}
				raw = string(plain)
			}
			return res.StatusCode, raw, res.Header
		}
		wantReads := func(step string, n int64) {
			t.Helper()
			if got := counter.reads.Load(); got != n {
				t.Fatalf("%s: the record was read and encoded %d times, want %d", step, got, n)
			}
		}
		gz := map[string]string{"Accept-Encoding": "gzip"}
		status, one, h := get(gz)
		if status != 200 || h.Get("Content-Encoding") != "gzip" || !strings.Contains(one, `"draws":[{`) {
			t.Fatalf("first: %d %q %.200s", status, h.Get("Content-Encoding"), one)
		}
		tag := h.Get("ETag")
		wantReads("first", 1)
		for i := 0; i < 3; i++ {
			if status, again, h := get(gz); status != 200 || again != one || h.Get("ETag") != tag {
				t.Fatalf("repeat %d: %d, ETag %q, same record %v", i, status, h.Get("ETag"), again == one)
			}
		}
		status, plain, h := get(nil)
		if status != 200 || h.Get("Content-Encoding") != "" || plain != one || h.Get("ETag") != tag {
			t.Fatalf("plain: %d %q, same record %v", status, h.Get("Content-Encoding"), plain == one)
		}
		wantReads("three gzip repeats and a plain one", 1)
		if status, body, _ := get(map[string]string{"If-None-Match": tag}); status != 304 || body != "" {
			t.Fatalf("revalidation: %d %q", status, body)
		}

		wantStatuses(t, d.c.push(t, d.e, d.c.op(d.rid, "winner.invalidate", map[string]any{"winner_id": protocol.WinnerID(first.id, 1)})),
			"applied")
		status, two, h := get(map[string]string{"Accept-Encoding": "gzip", "If-None-Match": tag})
		if status != 200 || h.Get("ETag") == tag || two == one || !strings.Contains(two, `"is_valid":false`) {
			t.Fatalf("after an invalidation: %d, ETag %q (was %q), changed %v", status, h.Get("ETag"), tag, two != one)
		}
		wantReads("after an invalidation", 2)
		if _, again, _ := get(gz); again != two {
			t.Fatal("the new record changed on a repeat")
		}
		wantReads("its repeat", 2)
		if !bytes.Equal([]byte(two[len(two)-1:]), []byte("\n")) {
			t.Fatal("the record lost its final line feed")
		}
	})
}
