package ratelimit

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(3, 10*time.Second, func() time.Time { return now })

	for i := 0; i < 3; i++ {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("event %d refused within the burst", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok {
		t.Fatal("4th event allowed past a burst of 3")
	}
	if wait != 10*time.Second {
		t.Fatalf("wait = %v, want 10s", wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("another key was limited by the first one")
	}

	now = now.Add(5 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 5*time.Second {
		t.Fatalf("after 5s: ok=%v wait=%v; want refused, 5s left", ok, wait)
	}
	now = now.Add(5 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Fatal("after 10s one token should have come back")
	}
	if ok, _ := l.Allow("a"); ok {
		t.Fatal("only one token should have come back")
	}
}

func TestLimiterForgetsIdleKeys(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(2, time.Second, func() time.Time { return now })
	for _, k := range []string{"a", "b", "c"} {
		l.Allow(k)
	}
	if l.Len() != 3 {
		t.Fatalf("Len = %d, want 3", l.Len())
	}
	now = now.Add(time.Minute)
	l.Allow("d")
	if l.Len() != 1 {
		t.Fatalf("Len after idle minute = %d, want 1 (idle full buckets forgotten)", l.Len())
	}
}

// Peek says what Allow would answer and takes nothing.
func TestPeekTakesNothing(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(1, 10*time.Second, func() time.Time { return now })
	for range 3 {
		if ok, _ := l.Peek("a"); !ok {
			t.Fatal("Peek took the only token")
		}
	}
	l.Allow("a")
	if ok, wait := l.Peek("a"); ok || wait != 10*time.Second {
		t.Fatalf("Peek of an empty bucket: ok=%v wait=%v, want refused, 10s", ok, wait)
	}
}

// A lease held long enough gives its token back when it ends: a crowd that
// stayed and dropped together reconnects at once. Short leases spend their
// tokens as Allow does, so a flood of quick connections is still stopped.
func TestLeaseReturnsTokensOfLongHolds(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(3, time.Minute, func() time.Time { return now })
	hold := 30 * time.Second
	var ends []func()
	for i := range 3 {
		end, ok, _ := l.Lease("a", hold)
		if !ok {
			t.Fatalf("lease %d refused within the burst", i+1)
		}
		ends = append(ends, end)
	}
	if _, ok, wait := l.Lease("a", hold); ok || wait != time.Minute {
		t.Fatalf("4th lease: ok=%v wait=%v, want refused for 1m", ok, wait)
	}
	now = now.Add(hold)
	for _, end := range ends {
		end()
	}
	ends = ends[:0]
	for i := range 3 {
		end, ok, _ := l.Lease("a", hold)
		if !ok {
			t.Fatalf("after a long hold, lease %d refused: the tokens did not come back", i+1)
		}
		ends = append(ends, end)
	}
	// Held 29 s: nothing comes back (half a token refilled meanwhile).
	now = now.Add(hold - time.Second)
	for _, end := range ends {
		end()
	}
	if _, ok, _ := l.Lease("a", hold); ok {
		t.Fatal("short leases gave their tokens back: a flood would pass")
	}
	// Never above the burst.
	now = now.Add(time.Hour)
	end, _, _ := l.Lease("b", hold)
	now = now.Add(hold)
	end()
	end()
	for i := range 4 {
		if _, ok, _ := l.Lease("b", hold); ok != (i < 3) {
			t.Fatalf("lease %d of b: ok=%v, the burst is 3", i+1, ok)
		}
	}
}
