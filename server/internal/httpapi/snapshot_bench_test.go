package httpapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// A new device's download of a 100,000-ticket raffle (10,000 people × 10):
// the snapshot in each format, over real HTTP, read whole (not decoded).
// snapshot-ms is the server's answer, KB its size.
func BenchmarkSnapshot100k(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			var people [][]ticket
			for i := 0; i < 10_000; i++ {
				people = append(people, person(fmt.Sprintf("Pessoa %d Silva", i), 10))
			}
			base := benchServer(b, dialect)
			c := newBenchClient(b, base, "org@example.com", true)
			rid := core.NewID(time.Now())
			c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
			c.pushPeople(rid, people)
			for _, format := range []string{"objects", "columns"} {
				b.Run(format, func(b *testing.B) {
					size := 0
					for i := 0; i < b.N; i++ {
						size = len(c.send("GET", "/api/sync/raffles/"+rid+"/snapshot?format="+format, ""))
					}
					b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "snapshot-ms")
					b.ReportMetric(float64(size/1000), "KB")
				})
			}
		})
	}
}
