package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/draw"
)

// The public audit of a 100,000-ticket raffle (10,000 people × 10) drawn
// once and then redrawn 40 times: its size now (the pool once) and the size
// it had when every round carried its own pool, reported as metrics
// (docs/benchmarks.md). Building the raffle takes most of the time.
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
