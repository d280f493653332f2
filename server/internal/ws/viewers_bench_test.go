package ws

import (
	"io"
	"net"
	"strings"
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
