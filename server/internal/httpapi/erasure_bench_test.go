package httpapi_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// Deleting a raffle of 100,000 tickets (10,000 people of 10, with e-mails)
// that never had a round: its tickets go, its log's payloads are erased
// and, on SQLite, the freed pages are zeroed and the WAL emptied after the
// commit. delete-ms is the raffle.delete push, answer included.
func BenchmarkDeleteRaffle100k(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			people := make([][]ticket, 10_000)
			for i := range people {
				people[i] = marked(fmt.Sprintf("Pessoa %d", i), 10)
			}
			var deleting time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				c := newBenchClient(b, benchServer(b, dialect), "org@example.com", true)
				rid := core.NewID(time.Now())
				c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
				c.pushPeople(rid, people)
				body := pushBody(c.id, c.op(rid, "raffle.delete", map[string]any{}))
				b.StartTimer()

				t0 := time.Now()
				c.sendPushes([]string{body})
				deleting += time.Since(t0)
			}
			b.ReportMetric(float64(deleting.Milliseconds())/float64(b.N), "delete-ms")
		})
	}
}
