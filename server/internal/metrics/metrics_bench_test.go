package metrics_test

import (
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/metrics"
)

// What one push costs the metrics: its request line, its ops' counts and
// its latency (the request middleware and handlePush's calls). Compared with
// a push's own CPU time (BenchmarkPushMetricsOverhead's cpu-us/op-off) it
// gives the metrics' share of push throughput.
func BenchmarkMetricsPerPush(b *testing.B) {
	m := metrics.New(metrics.Sources{})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.Request("/api/sync/push", "POST", 200, 3*time.Millisecond)
		m.Ops("applied", "", 1)
		m.Push(3 * time.Millisecond)
	}
}

// One public broadcast's record: once per state, whatever the viewers.
func BenchmarkMetricsPerBroadcast(b *testing.B) {
	m := metrics.New(metrics.Sources{})
	for i := 0; i < b.N; i++ {
		m.Broadcast(10_000, 20*time.Millisecond)
	}
}
