package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// A backup of a database of 100 raffles of 1,000 tickets while a device
// pushes (budgets: under 2 s, and no push held more than 100 ms).
// backup-ms is the backup's time, copy-ms its copy's (the read of the live
// database; the rest checks the copy); max-push-ms the slowest push that
// overlapped it, p50-push-ms their median, base-max-push-ms the slowest of
// as many pushes just before it (the machine's own noise).
func BenchmarkBackup100x1000UnderPushes(b *testing.B) {
	// The backup runs as the operator runs it: bin/sorteio in its own
	// process (make bench builds it), beside the server.
	bin, err := filepath.Abs("../../../bin/sorteio")
	if err == nil {
		_, err = os.Stat(bin)
	}
	if err != nil {
		b.Skipf("bin/sorteio: compile antes com make build (%v)", err)
	}
	dir := b.TempDir()
	dbPath := filepath.Join(dir, "s.db")
	b.Setenv("SQLITE_PATH", dbPath)
	b.Setenv("DATABASE_URL", "")
	in := startInstance(b, map[string]string{"SQLITE_PATH": dbPath, "PUSHES_PER_MINUTE": "0", "LOG_LEVEL": "warn"})
	org := signUp(b, in.base, "org@exemplo.com", "segredo123")
	for r := range 100 {
		id := core.NewID(time.Now())
		first, _ := tickets(r*1000+1, 500, "exemplo.com")
		second, _ := tickets(r*1000+501, 500, "exemplo.com")
		status, res, body := org.push(org.op(id, protocol.TypeRaffleCreate, raffleCreate(id, protocol.NewCode())),
			org.op(id, protocol.TypeParticipantsAdd, first), org.op(id, protocol.TypeParticipantsAdd, second))
		if status != 200 || len(res) != 3 || res[2].Status != "applied" {
			b.Fatalf("set-up: %d %.300s", status, body)
		}
	}
	busy := signUp(b, in.base, "busy@exemplo.com", "segredo123")
	raffle := core.NewID(time.Now())
	busy.push(busy.op(raffle, protocol.TypeRaffleCreate, raffleCreate(raffle, protocol.NewCode())))

	var backups, copies, maxPush, baseMax, p50 time.Duration
	var size int64
	for i := 0; i < b.N; i++ {
		var mu sync.Mutex
		var lat []time.Duration
		var starts []time.Time
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				t0 := time.Now()
				busy.push(busy.op(raffle, protocol.TypeRaffleUpdate, map[string]any{"countdown_seconds": n % 300}))
				mu.Lock()
				lat, starts = append(lat, time.Since(t0)), append(starts, t0)
				mu.Unlock()
			}
		})
		time.Sleep(time.Second)
		file := filepath.Join(dir, fmt.Sprintf("backup-%d.db", i))
		t0 := time.Now()
		out, err := exec.Command(bin, "backup", file).CombinedOutput()
		took := time.Since(t0)
		if err != nil {
			b.Fatalf("backup: %v %s", err, out)
		}
		var copyMs float64
		var mb float64
		if _, err := fmt.Sscanf(string(out[strings.Index(string(out), ": ")+2:]), "%f MB, esquema %d, cópia %f ms", &mb, new(int), &copyMs); err != nil {
			b.Fatalf("backup's line %q: %v", out, err)
		}
		time.Sleep(200 * time.Millisecond)
		close(stop)
		wg.Wait()
		var during, before []time.Duration
		for k, s := range starts {
			end := s.Add(lat[k])
			switch {
			case end.After(t0) && s.Before(t0.Add(took)):
				during = append(during, lat[k])
			case end.Before(t0):
				before = append(before, lat[k])
			}
		}
		if len(during) == 0 {
			b.Fatal("no push overlapped the backup")
		}
		slices.Sort(during)
		slices.Sort(before)
		before = before[max(0, len(before)-len(during)):]
		backups += took
		copies += time.Duration(copyMs * float64(time.Millisecond))
		maxPush = max(maxPush, during[len(during)-1])
		p50 += during[len(during)/2]
		if len(before) > 0 {
			baseMax = max(baseMax, slices.Max(before))
		}
		size = int64(mb * (1 << 20))
		os.Remove(file)
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(backups)/float64(b.N), "backup-ms")
	b.ReportMetric(ms(copies)/float64(b.N), "copy-ms")
	b.ReportMetric(ms(maxPush), "max-push-ms")
	b.ReportMetric(ms(p50)/float64(b.N), "p50-push-ms")
	b.ReportMetric(ms(baseMax), "base-max-push-ms")
	b.ReportMetric(float64(size)/(1<<20), "db-MB")
}
