package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// The public audit of a 100,000-ticket raffle (10,000 people × 10) drawn
// once and then redrawn 40 times: its size now (the pool once) and the size
// it had when every round carried its own pool, reported as metrics
// (docs/bench/2026-11-23.md). Building the raffle takes most of the time.
func BenchmarkAudit40Redraws100k(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			var people [][]ticket
			for i := 0; i < 10_000; i++ {
				people = append(people, person(fmt.Sprintf("Pessoa %d", i), 10))
			}
			pool := poolOf(people...)
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				c := newBenchClient(b, benchServer(b, dialect), fmt.Sprintf("audit%d@example.com", i), true)
				rid := c.raffleOf(1, people)
				first := newRound()
				c.push(c.op(rid, "draw.start", first.start(pool)), c.op(rid, "draw.complete", first.complete()))
				won := []string{}
				last := first.id
				// Each redraw's pool is every ticket minus every winner so far:
				// what each round used to publish.
				perRoundPools := 0
				for r := 0; r < 40; r++ {
					var audit auditBody
					if err := json.Unmarshal(c.send("GET", "/api/public/raffles/K7P2QX/audit", ""), &audit); err != nil {
						b.Fatal(err)
					}
					won = append(won, audit.Draws[len(audit.Draws)-1].Winners...)
					rpool := draw.RedrawPool(pool, won, false)
					old, _ := json.Marshal(rpool)
					perRoundPools += len(old) + len(`,"pool":`)
					rd := newRound()
					c.push(c.op(rid, "winner.invalidate", map[string]any{"winner_id": last + ":1"}),
						c.op(rid, "winner.redraw", rd.redraw(1, rpool)), c.op(rid, "draw.complete", rd.complete()))
					last = rd.id
				}
				b.StartTimer()
				body := c.send("GET", "/api/public/raffles/K7P2QX/audit", "")
				b.StopTimer()
				var zipped bytes.Buffer
				zw := gzip.NewWriter(&zipped)
				_, _ = zw.Write(body)
				_ = zw.Close()
				b.ReportMetric(float64(len(body))/1e6, "MB")
				b.ReportMetric(float64(zipped.Len())/1e6, "MB-gzip")
				b.ReportMetric(float64(len(body)+perRoundPools)/1e6, "MB-before")
				b.StartTimer()
			}
		})
	}
}

// A 100,000-ticket raffle's public audit (10,000 people × 10, one draw),
// asked for again and again with gzip, as browsers ask: "uncached" is every
// request reading and encoding the record (a cache that keeps nothing: what
// each one cost before the cache), "repeat" answers the bytes kept for the
// version, "not-modified" is a 304. cpu-ms is this process's CPU per
// request (the server, SQLite, the client), steadier than wall time on a
// busy machine; docs/bench/2026-11-26-audit-cache.md has the figures.
func BenchmarkAuditRepeat100k(b *testing.B) {
	people := crowd(10_000, 10)
	pool := poolOf(people...)
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			db := storetest.MustOpenDB(b, dialect)
			server := func(cache *httpapi.AuditCache) string {
				e := newEnv(b, db, httpapi.Config{})
				srv := httptest.NewServer(wire(b, db, e.cfg, e.hub, e.viewers, looseLimits(), time.Now,
					func(d *httpapi.Deps) { d.AuditCache, d.Limits.PublicIP = cache, nil })) // a 304 loop outruns any limit
				b.Cleanup(srv.Close)
				return srv.URL
			}
			kept := httpapi.NewAuditCache(httpapi.DefaultAuditCacheBytes)
			base := server(kept)
			c := newBenchClient(b, base, "org@example.com", true)
			rid := c.raffleOf(100, people)
			rd := newRound()
			c.push(c.op(rid, "draw.start", rd.start(pool)), c.op(rid, "draw.complete", rd.complete()))
			tag := getAudit(b, base, "").Header.Get("ETag")
			for _, run := range []struct{ name, base, tag string }{
				{"uncached", server(httpapi.NewAuditCache(0)), ""},
				{"repeat", base, ""},
				{"not-modified", base, tag},
			} {
				b.Run(run.name, func(b *testing.B) {
					cpu0 := processCPU()
					var size int64
					for b.Loop() {
						res := getAudit(b, run.base, run.tag)
						size, _ = io.Copy(io.Discard, res.Body)
						res.Body.Close()
					}
					b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
					b.ReportMetric(float64(size)/1e6, "gzip-MB")
					b.ReportMetric(float64(kept.Stats().Bytes)/1e6, "kept-MB")
				})
			}
			if s := kept.Stats(); s.Encodes != 1 {
				b.Fatalf("the kept record was encoded %d times", s.Encodes)
			}
		})
	}
}

// getAudit asks for K7P2QX's audit with gzip (set by hand: the client
// leaves it compressed), revalidating tag when given.
func getAudit(b *testing.B, base, tag string) *http.Response {
	req, _ := http.NewRequest("GET", base+"/api/public/raffles/K7P2QX/audit", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if tag != "" {
		req.Header.Set("If-None-Match", tag)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || (res.StatusCode != 200 && res.StatusCode != 304) {
		b.Fatalf("audit: %v %v", err, res)
	}
	return res
}
