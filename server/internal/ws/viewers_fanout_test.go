package ws

import (
	"io"
	"net"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// BenchmarkFanOut writes one 1.1 KB state to 2,000 viewers on real loopback
// sockets, as a broadcast does (their reading side is drained between
// broadcasts, outside the timer). On loopback each write also runs the
// receiving side's TCP in the writer's system call, as in the load benchmark.
func BenchmarkFanOut(b *testing.B) {
	const n = 2000
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	to := make([]*Viewer, n)
	readers := make([]net.Conn, n)
	for i := range n {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		s, err := ln.Accept()
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		defer s.Close()
		readers[i] = c
		to[i] = &Viewer{sock: newSocket(s), queue: 8}
	}
	f := textFrame([]byte(`{"type":"state","seq":3,"pad":"` + strings.Repeat("x", 1080) + `"}`))
	buf := make([]byte, len(f))
	b.ReportAllocs()
	b.ResetTimer()
	var cpu time.Duration
	for seq := range int64(b.N) {
		cpu0 := cpuTime()
		fanOut(to, func(v *Viewer) { v.deliver(f, seq+1) })
		cpu += cpuTime() - cpu0
		b.StopTimer()
		for _, c := range readers {
			if _, err := io.ReadFull(c, buf); err != nil {
				b.Fatal(err)
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/viewer")
	// On a shared machine the process's CPU time is the steadier figure.
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/n, "cpu-ns/viewer")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A broadcast's workers, taking chunks of the list, reach every viewer once,
// whatever the list's length against the chunk.
func TestFanOutReachesEachViewerOnce(t *testing.T) {
	for _, n := range []int{0, 1, fanShard, fanShard + 1, 3*fanChunk - 1, 10_000} {
		to := make([]*Viewer, n)
		index := map[*Viewer]int{}
		for i := range to {
			to[i] = &Viewer{}
			index[to[i]] = i
		}
		hits := make([]atomic.Int32, n)
		fanOut(to, func(v *Viewer) { hits[index[v]].Add(1) })
		for i := range hits {
			if got := hits[i].Load(); got != 1 {
				t.Fatalf("%d viewers: viewer %d reached %d times", n, i, got)
			}
		}
	}
}

// Writing a frame to a socket allocates nothing: a broadcast to 10,000
// viewers once made 25,000 small allocations for the collector.
func TestSocketWriteAllocatesNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sock := newSocket(s)
	f := textFrame([]byte(`{"type":"state"}`))
	if allocs := testing.AllocsPerRun(100, func() {
		if n, err := sock.tryWrite(f); n != len(f) || err != nil {
			t.Fatalf("wrote %d of %d: %v", n, len(f), err)
		}
	}); allocs != 0 {
		t.Errorf("%.1f allocations per write", allocs)
	}
}
