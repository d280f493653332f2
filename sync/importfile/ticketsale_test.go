package importfile

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is this process's user and system CPU time: steadier than wall
// time on a shared machine.
func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// The ticket-sale export of the budget (docs/benchmarks.md): 100,000 rows
// of 10,000 e-mails, read and planned as the server's import API does.
func TestTicketSaleGroups(t *testing.T) {
	r, err := ReadFile("vendas.csv", TicketSale(100, 10), Target{Numbered: true}, Choice{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Plan.People != 100 || r.Plan.Tickets != 1000 || r.Plan.Grouped != 900 || len(r.Plan.LeftOut) != 1 {
		t.Fatalf("%d people, %d tickets, %d grouped, left out %v", r.Plan.People, r.Plan.Tickets, r.Plan.Grouped, r.Plan.LeftOut)
	}
}

func BenchmarkReadTicketSale100k(b *testing.B) {
	file := TicketSale(10_000, 10)
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		r, err := ReadFile("vendas.csv", file, Target{Numbered: true}, Choice{})
		if err != nil || r.Plan.People != 10_000 || r.Plan.Tickets != 100_000 {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms")
	b.ReportMetric(float64(len(file)), "file-bytes")
}
