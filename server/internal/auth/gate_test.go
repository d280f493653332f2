package auth_test

import (
	"context"
	"errors"
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

// Twelve hashes and checks at once through a gate of 3 slots: 3 run, 9 wait;
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
			if i%2 == 0 {
				_, err = g.Hash(context.Background(), "segredo1")
			} else {
				_, err = g.Verify(context.Background(), "segredo1", "h")
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
