package httpapi_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/metrics"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The metrics' cost on pushes (budget: under 2 % of throughput). Two servers
// on their own databases, one recording metrics; the benchmark alternates
// blocks of 50 one-op pushes between them, so a machine busy in one moment
// slows both alike. ops/s-off and ops/s-on are each server's rate;
// overhead-% is how much slower the one with metrics was. One-op pushes
// are the worst case: the most requests and label lookups per op applied.
// cpu-us/op is this process's CPU time per push (server and SQLite, not
// PostgreSQL's processes), steadier than wall time on a shared machine.
func BenchmarkPushMetricsOverhead(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			server := func(m httpapi.Observer) *benchClient {
				db := storetest.MustOpenDB(b, dialect)
				e := newEnv(b, db, httpapi.Config{})
				h := wire(b, db, e.cfg, e.hub, newViewers(b, db), looseLimits(), time.Now, func(d *httpapi.Deps) { d.Metrics = m })
				srv := httptest.NewServer(h)
				b.Cleanup(srv.Close)
				c := newBenchClient(b, srv.URL, "org@example.com", true)
				return c
			}
			off, on := server(nil), server(metrics.New(metrics.Sources{}))
			rids := map[*benchClient]string{}
			for _, c := range []*benchClient{off, on} {
				rid := core.NewID(time.Now())
				c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
				rids[c] = rid
			}
			var took, cpu [2]time.Duration
			var n [2]int
			b.ResetTimer()
			for i := 0; i < b.N; {
				for k, c := range []*benchClient{off, on} {
					t0, c0 := time.Now(), processCPU()
					for j := 0; j < 50 && i < b.N; j, i = j+1, i+1 {
						c.push(c.op(rids[c], "raffle.update", map[string]any{"countdown_seconds": i % 300}))
						n[k]++
					}
					took[k] += time.Since(t0)
					cpu[k] += processCPU() - c0
				}
			}
			rate := func(k int) float64 { return float64(n[k]) / took[k].Seconds() }
			b.ReportMetric(rate(0), "ops/s-off")
			b.ReportMetric(rate(1), "ops/s-on")
			b.ReportMetric(100*(rate(0)-rate(1))/rate(0), "overhead-%")
			perOp := func(k int) float64 { return float64(cpu[k].Microseconds()) / float64(n[k]) }
			b.ReportMetric(perOp(0), "cpu-us/op-off")
			b.ReportMetric(perOp(1), "cpu-us/op-on")
			b.ReportMetric(100*(perOp(1)-perOp(0))/perOp(0), "cpu-overhead-%")
		})
	}
}

// The metrics' series under junk requests: b.N unsigned requests, each with
// a made-up method or path of its own, through the whole handler, then one
// scrape. series is the number of sorteio_ series after them (it must not
// grow with b.N: every label is bounded); scrape-KB is that scrape's size.
func BenchmarkMetricsJunkRequests(b *testing.B) {
	db := storetest.MustOpenDB(b, "sqlite")
	e := newEnv(b, db, httpapi.Config{})
	m := metrics.New(metrics.Sources{})
	h := wire(b, db, e.cfg, e.hub, newViewers(b, db), looseLimits(), time.Now, func(d *httpapi.Deps) { d.Metrics = m })
	paths := []string{"/x%d", "/api/x%d", "/api/sync/raffles/r%d/changes", "/api/public/raffles/C%d/x", "/ws/public/x%d"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		method := []string{"GET", "POST", fmt.Sprintf("JUNK%d", i)}[i%3]
		req := httptest.NewRequest(method, fmt.Sprintf(paths[i%len(paths)], i), nil)
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	b.StopTimer()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	series := 0
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if strings.HasPrefix(line, "sorteio_") {
			series++
		}
	}
	b.ReportMetric(float64(series), "series")
	b.ReportMetric(float64(rec.Body.Len())/1024, "scrape-KB")
}
