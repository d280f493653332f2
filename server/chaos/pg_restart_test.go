//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestPostgresRestartedUnderLoad: four devices push and a thousand viewers
// watch while PostgreSQL stops at once (as a crash) and comes back. While
// it is down pushes and /readyz answer 503, never 500; once it is back the
// first push succeeds within 5 s, /readyz is 200 again (LISTEN back), every
// op each device made is in its raffle's log exactly once, and every viewer
// ends on its raffle's last state.
func TestPostgresRestartedUnderLoad(t *testing.T) {
	raiseFileLimit(t)
	pg := newCluster(t)
	srv := startInstance(t, pg.DSN)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	devices := make([]*device, 4)
	for i := range devices {
		devices[i] = newDevice(t, srv.base, fmt.Sprintf("organizador%d@exemplo.com", i))
		devices[i].addPeople(1, 10)
		for devices[i].pending() > 0 {
			if s := devices[i].pushOnce(); s != 200 {
				t.Fatalf("set-up push: %d", s)
			}
		}
	}
	viewers := make([]*viewer, 1000)
	for i := range viewers {
		viewers[i] = watch(ctx, srv.base, devices[i%4].code)
	}

	// The load: each device queues an add every 20 ms and pushes its outbox
	// in a loop, retrying what got no answer after 100 ms, as the PWA does.
	var firstAfter sync.Map // device → time of its first push answered 200 after the restart
	var restarted time.Time
	var mu sync.Mutex
	stopLoad := make(chan struct{})
	var wg sync.WaitGroup
	for i, d := range devices {
		wg.Go(func() {
			next := 11
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stopLoad:
					return
				case <-tick.C:
				}
				d.addPeople(next, 2)
				next += 2
				status := d.pushOnce()
				mu.Lock()
				back := !restarted.IsZero()
				mu.Unlock()
				if status == 200 && back {
					firstAfter.LoadOrStore(i, time.Now())
				}
				if status != 200 {
					time.Sleep(100 * time.Millisecond)
				}
			}
		})
	}
	time.Sleep(time.Second)

	pg.stop()
	downAt := time.Now()
	for s := readyStatus(srv.base); s != 503; s = readyStatus(srv.base) {
		if time.Now().After(downAt.Add(5 * time.Second)) {
			t.Errorf("/readyz 5 s after PostgreSQL went down: %d, want 503", s)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Down for a while, as an outage is: the devices' pushes fail meanwhile.
	time.Sleep(time.Until(downAt.Add(2 * time.Second)))
	pg.start()
	mu.Lock()
	restarted = time.Now()
	mu.Unlock()
	t.Logf("PostgreSQL down %v", restarted.Sub(downAt).Round(time.Millisecond))

	// The first push after the restart, on any device, within 5 s.
	deadline := restarted.Add(5 * time.Second)
	for {
		var first time.Time
		firstAfter.Range(func(_, v any) bool {
			if at := v.(time.Time); first.IsZero() || at.Before(first) {
				first = at
			}
			return true
		})
		if !first.IsZero() {
			t.Logf("first push after the restart: %v", first.Sub(restarted).Round(time.Millisecond))
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no push succeeded within 5 s of PostgreSQL's return; logs:\n%s", srv.logText())
		}
		time.Sleep(20 * time.Millisecond)
	}
	for s := readyStatus(srv.base); s != 200; s = readyStatus(srv.base) {
		if time.Now().After(restarted.Add(15 * time.Second)) {
			t.Fatalf("/readyz still %d 15 s after PostgreSQL's return", s)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second)
	close(stopLoad)
	wg.Wait()

	// Every op the devices made arrives once: the outboxes drain, and each
	// raffle's log holds exactly the device's ops.
	for i, d := range devices {
		for tries := 0; d.pending() > 0; tries++ {
			if d.pushOnce() != 200 && tries > 100 {
				t.Fatalf("device %d: %d ops never accepted", i, d.pending())
			}
		}
		ids, head := d.logged(t)
		if !slices.Equal(ids, d.made) {
			t.Errorf("device %d: log of %d ops, made %d (lost or doubled)", i, len(ids), len(d.made))
		}
		if d.statuses[500] > 0 {
			t.Errorf("device %d: %d answers 500 while PostgreSQL was down, want 503", i, d.statuses[500])
		}
		if d.statuses[503] == 0 && d.statuses[0] == 0 {
			t.Errorf("device %d: no push failed while PostgreSQL was down: %v", i, d.statuses)
		}
		t.Logf("device %d: %d ops, answers %v", i, len(ids), d.statuses)

		// Its viewers catch up with the last state.
		for j := i; j < len(viewers); j += 4 {
			for viewers[j].last.Load() < head {
				if time.Now().After(restarted.Add(30 * time.Second)) {
					t.Fatalf("viewer %d stopped at seq %d of %d", j, viewers[j].last.Load(), head)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
}
