package httpapi_test

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// rssKB is a line of /proc/self/status in kB (VmRSS now, VmHWM the peak).
func rssKB(b *testing.B, field string) int64 {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Skip("no /proc/self/status: peak RSS is measured on Linux")
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	b.Skipf("no %s in /proc/self/status", field)
	return 0
}

// resetPeak frees what it can and resets the process's peak RSS (writing 5
// to clear_refs), answering the RSS it starts from.
func resetPeak(b *testing.B) int64 {
	runtime.GC()
	debug.FreeOSMemory()
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		b.Skipf("cannot reset the peak RSS: %v", err)
	}
	return rssKB(b, "VmRSS")
}

// The import API answers each spreadsheet bomb of sync/testdata/import with
// a 4xx, over loopback, on SQLite; and three at once. Budget: each within
// 3 s with the process's peak RSS under 200 MB above where it started.
// ms is the wall time per answer, peak-rss-MB the growth (the highest of
// the runs). The database is not involved: nothing is written.
func BenchmarkImportBombs(b *testing.B) {
	base := benchServer(b, "sqlite")
	c := newBenchClient(b, base, "bombas@example.com", true)
	rid := core.NewID(time.Now())
	c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
	var names []string
	bombs := map[string][]byte{}
	for name := range refusedSheets(b) {
		if strings.HasPrefix(name, "bomb-") {
			names = append(names, name)
			bombs[name] = fixture(b, name)
		}
	}
	post := func(name string) {
		if status, out := c.postFile(rid, name, bombs[name]); status < 400 || status >= 500 {
			b.Errorf("%s: %d %.200s", name, status, out)
		}
	}
	measure := func(b *testing.B, run func()) {
		var peak int64
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			from := resetPeak(b)
			b.StartTimer()
			run()
			peak = max(peak, rssKB(b, "VmHWM")-from)
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms")
		b.ReportMetric(float64(peak)/1024, "peak-rss-MB")
	}
	for _, name := range names {
		b.Run(name, func(b *testing.B) { measure(b, func() { post(name) }) })
	}
	three := []string{"bomb-rows-within.xlsx", "bomb-shared-strings-within.xlsx", "bomb-columns.xlsx"}
	b.Run(fmt.Sprintf("three at once (%s)", strings.Join(three, ", ")), func(b *testing.B) {
		measure(b, func() {
			var wg sync.WaitGroup
			for _, name := range three {
				wg.Go(func() { post(name) })
			}
			wg.Wait()
		})
	})
}
