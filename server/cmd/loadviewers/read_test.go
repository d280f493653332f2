package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A state frame cut anywhere by the reads is recorded once, whole, with the
// times of the read that completed it; the hello before it is not a state.
func TestFeedJoinsFramesAcrossReads(t *testing.T) {
	state := fmt.Sprintf(`{"type":"state","seq":7,"server_time":1763900000123,"round":{"started_at":1763900000100},"pad":%q}`, strings.Repeat("x", 300))
	wire := append(frameOf(`{"type":"hello","server_time":1}`), frameOf(state)...)
	for cut := 1; cut < len(wire); cut += 37 {
		vs := &viewers{}
		v := &viewer{fd: -1}
		first, second := time.UnixMilli(1), time.UnixMilli(2)
		v.feed(vs, wire[:cut], first, first)
		v.feed(vs, wire[cut:], second, second)
		if len(v.seen) != 1 || len(v.pending) != 0 || vs.first.Load() != 1 || v.top.Load() != 7 {
			t.Fatalf("cut at %d: seen %+v, %d bytes pending", cut, v.seen, len(v.pending))
		}
		a := v.seen[0]
		if a.seq != 7 || a.encoded != 1763900000123 || a.applied != 1763900000100 || !a.kernel.Equal(second) {
			t.Fatalf("cut at %d: %+v", cut, a)
		}
	}
}

// frameOf frames a text message as the server does (unmasked, 16-bit length
// past 125 bytes).
func frameOf(s string) []byte {
	if len(s) < 126 {
		return append([]byte{0x81, byte(len(s))}, s...)
	}
	return append([]byte{0x81, 126, byte(len(s) >> 8), byte(len(s))}, s...)
}
