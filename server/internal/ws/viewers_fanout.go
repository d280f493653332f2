package ws

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"time"
)

// Changed tells the fan-out that a raffle's log reached seq (after commit,
// from this instance or, through the database, from another). When the
// raffle has viewers its state is loaded once and broadcast; events that
// arrive meanwhile are coalesced into one more load at most.
func (vs *Viewers) Changed(raffleID string, seq int64) {
	vs.mu.Lock()
	r := vs.rooms[raffleID]
	if r == nil || seq <= r.heard {
		vs.mu.Unlock()
		return
	}
	r.heard = seq
	if r.loading {
		vs.mu.Unlock()
		return
	}
	r.loading = true
	vs.mu.Unlock()
	go vs.refresh(raffleID, r)
}

// refresh loads and broadcasts until the room has what its events named.
// A load that still reads an older state (a replica behind, an event ahead
// of its commit) is retried a few times, then left to the next event.
func (vs *Viewers) refresh(raffleID string, r *room) {
	for try := 0; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		seq, body, err := vs.load(ctx, raffleID)
		cancel()
		vs.mu.Lock()
		var to []*Viewer
		var f frame
		switch {
		case errors.Is(err, ErrGone):
			to = members(r)
		case err != nil:
			vs.log.Warn("estado público não carregado", "raffle", raffleID, "err", err)
		case seq > r.sent:
			f = textFrame(body)
			r.sent, r.last = seq, f
			to = members(r)
		}
		vs.mu.Unlock()
		// One refresh runs per room at a time, so broadcasts of a room never
		// overlap; viewers joining meanwhile take r.last themselves.
		if errors.Is(err, ErrGone) {
			fanOut(to, func(v *Viewer) {
				v.mu.Lock()
				v.closeLocked(goneFrame)
				v.mu.Unlock()
			})
		} else if f != nil {
			fanOut(to, func(v *Viewer) { v.deliver(f, seq) })
		}
		vs.mu.Lock()
		if err != nil || r.sent >= r.heard || try >= 3 {
			r.loading = false
			vs.mu.Unlock()
			return
		}
		vs.mu.Unlock()
		time.Sleep(time.Duration(try+1) * 20 * time.Millisecond)
	}
}

// members lists a room's viewers. Called with vs.mu held.
func members(r *room) []*Viewer {
	out := make([]*Viewer, 0, len(r.viewers))
	for v := range r.viewers {
		out = append(out, v)
	}
	return out
}

// fanShard is how many viewers one goroutine of a broadcast writes to at
// least: below it, starting goroutines costs more than it spreads.
const fanShard = 512

// fanOut calls fn for every viewer, in as many shards as the machine has
// processors, and returns when all are done. fn never waits on a socket, so
// a slow viewer costs its shard nothing.
func fanOut(to []*Viewer, fn func(*Viewer)) {
	shards := min(runtime.GOMAXPROCS(0), (len(to)+fanShard-1)/fanShard)
	if shards <= 1 {
		for _, v := range to {
			fn(v)
		}
		return
	}
	var wg sync.WaitGroup
	size := (len(to) + shards - 1) / shards
	for start := 0; start < len(to); start += size {
		part := to[start:min(start+size, len(to))]
		wg.Go(func() {
			for _, v := range part {
				fn(v)
			}
		})
	}
	wg.Wait()
}

// Run pings every viewer each interval (PingEvery in production) until ctx
// ends: one timer for all rather than one per connection. A viewer that
// does not answer within PongWait is dropped by its read deadline.
func (vs *Viewers) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			vs.mu.Lock()
			var all []*Viewer
			for _, r := range vs.rooms {
				all = append(all, members(r)...)
			}
			vs.mu.Unlock()
			fanOut(all, func(v *Viewer) {
				v.mu.Lock()
				v.send(pingFrame)
				v.mu.Unlock()
			})
		}
	}
}
