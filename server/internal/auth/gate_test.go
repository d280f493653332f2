package auth_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/core"
)

// slowHasher stands in for argon2id: each hash runs until the test releases
// it, and the hasher records how many ran at once.
type slowHasher struct {
	running, most atomic.Int64
	entered       chan struct{}
	release       chan struct{}
}

func newSlowHasher() *slowHasher {
	return &slowHasher{entered: make(chan struct{}, 100), release: make(chan struct{})}
}

func (h *slowHasher) run() {
	n := h.running.Add(1)
	for m := h.most.Load(); n > m && !h.most.CompareAndSwap(m, n); m = h.most.Load() {
	}
	h.entered <- struct{}{}
	<-h.release
	h.running.Add(-1)
}

func (h *slowHasher) hash(string) (string, error)         { h.run(); return "h", nil }
func (h *slowHasher) verify(string, string) (bool, error) { h.run(); return false, nil }

// Twelve hashes and checks at once, each from its own address group,
// through a gate of 3 slots: 3 run, 9 wait;
// when the wait ends (the test fires the timer: nothing sleeps) the 9 get
// 429 with Retry-After and the gate's message; the 3 finish.
func TestGateBoundsConcurrentHashes(t *testing.T) {
	t.Parallel()
	h := newSlowHasher()
	waiting := make(chan time.Duration, 100)
	fire := make(chan time.Time)
	g := auth.NewGate(auth.GateConfig{Slots: 3, Wait: 2 * time.Second, Hash: h.hash, Verify: h.verify,
		After: func(d time.Duration) <-chan time.Time { waiting <- d; return fire }})

	errs := make(chan error, 12)
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			var err error
			ctx := auth.WithAddressGroup(context.Background(), fmt.Sprintf("203.0.113.%d", i))
			if i%2 == 0 {
				_, err = g.Hash(ctx, "segredo1")
			} else {
				_, err = g.Verify(ctx, "segredo1", "h")
			}
			errs <- err
		})
	}
	// Each of the 12 either enters a slot or starts waiting; the deadline only
	// turns a hang into a failure.
	entered, waited := 0, 0
	for range 12 {
		select {
		case <-h.entered:
			entered++
		case d := <-waiting:
			if d != 2*time.Second {
				t.Fatalf("waits %v, want 2s", d)
			}
			waited++
		case <-time.After(time.Minute):
			t.Fatalf("stuck: %d entered, %d waiting", entered, waited)
		}
	}
	if entered != 3 || waited != 9 {
		t.Fatalf("%d hashes ran at once and %d waited, want 3 and 9", entered, waited)
	}
	close(fire)
	for range 9 {
		err := <-errs
		var e *core.Error
		if core.ErrorCode(err) != core.CodeRateLimited || !errors.As(err, &e) || e.RetryAfter != 2*time.Second ||
			e.Message != "O servidor está ocupado com outras entradas. Tente de novo em 2 segundos." {
			t.Fatalf("a request past the wait: %v, want 429 with Retry-After 2s", err)
		}
	}
	close(h.release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("a hash in a slot: %v", err)
		}
	}
	if m := h.most.Load(); m != 3 {
		t.Fatalf("at most %d hashes at once, want 3", m)
	}
	// The slots are free again.
	if _, err := g.Hash(context.Background(), "x"); err != nil {
		t.Fatal(err)
	}
}

// groupHasher runs each check until the test releases its password, which
// names the check's address group, and tells which group entered.
type groupHasher struct {
	entered chan string
	release map[string]chan struct{}
}

func (h *groupHasher) verify(pw, _ string) (bool, error) {
	h.entered <- pw
	<-h.release[pw]
	return false, nil
}

// One address group floods a gate of 3 slots with 20 checks: it runs 2
// (one slot stays for the others), 4 wait and 14 are refused at once (no
// wait started). Another group's check then runs at once; a third group's
// waits with the flood's four and gets the next free slot before them.
// Nothing sleeps: the test counts (the deadlines only turn a hang into a
// failure).
func TestGateSharesSlotsBetweenAddressGroups(t *testing.T) {
	const flood, other, third = "2001:db8:1:2::/64", "198.51.100.7", "192.0.2.9"
	h := &groupHasher{entered: make(chan string, 100), release: map[string]chan struct{}{}}
	for _, g := range []string{flood, other, third} {
		h.release[g] = make(chan struct{}, 100)
	}
	waiting := make(chan struct{}, 100)
	g := auth.NewGate(auth.GateConfig{Slots: 3, GroupQueue: 4, Wait: 2 * time.Second, Verify: h.verify,
		After: func(time.Duration) <-chan time.Time { waiting <- struct{}{}; return make(chan time.Time) }})
	done := make(chan error, 100)
	check := func(group string) {
		go func() {
			_, err := g.Verify(auth.WithAddressGroup(context.Background(), group), group, "h")
			done <- err
		}()
	}
	next := func() string {
		select {
		case got := <-h.entered:
			return got
		case err := <-done:
			return fmt.Sprintf("an answer (%v)", err)
		case <-waiting:
			return "a wait"
		case <-time.After(time.Minute):
			return "nothing"
		}
	}
	for range 20 {
		check(flood)
	}
	entered, waited, refused := 0, 0, 0
	for entered+waited+refused < 20 {
		select {
		case <-h.entered:
			entered++
		case <-waiting:
			waited++
		case err := <-done:
			if core.ErrorCode(err) != core.CodeRateLimited {
				t.Fatalf("a check past the group's queue: %v, want 429", err)
			}
			refused++
		case <-time.After(time.Minute):
			t.Fatalf("stuck: %d ran, %d waited, %d refused", entered, waited, refused)
		}
	}
	if entered != 2 || waited != 4 || refused != 14 {
		t.Fatalf("the flood: %d ran, %d waited, %d refused at once; want 2, 4, 14", entered, waited, refused)
	}
	check(other)
	if got := next(); got != other {
		t.Fatalf("another group's check while the flood waits: %s, want it to run at once", got)
	}
	check(third)
	if got := next(); got != "a wait" {
		t.Fatalf("a third group's check with every slot taken: %s, want a wait", got)
	}
	h.release[flood] <- struct{}{} // one of the flood's checks ends
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := next(); got != third {
		t.Fatalf("the freed slot went to %s, want the third group's check before the flood's waiters", got)
	}
	h.release[other] <- struct{}{} // now a flood's waiter, under its share again, runs
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := next(); got != flood {
		t.Fatalf("the next freed slot went to %s, want the flood's first waiter", got)
	}
	for _, c := range h.release {
		close(c)
	}
	for range 6 { // the flood's two running and three waiting, and the third group's
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
