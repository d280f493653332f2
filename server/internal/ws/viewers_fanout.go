package ws

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Changed tells the fan-out that a raffle's log reached seq (after commit,
// from this instance or, through the database, from another). When the
// raffle has viewers its state is loaded once and broadcast; events that
// arrive meanwhile are coalesced into one more load at most.
func (vs *Viewers) Changed(raffleID string, seq int64) {
	vs.mu.Lock()
	r := vs.rooms[raffleID]
	if r == nil && len(vs.waiting) > 0 {
		vs.mu.Unlock()
		// Perhaps the raffle someone waits for (viewers_wait.go).
		go vs.match(raffleID)
		return
	}
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
		began := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		seq, body, err := vs.load(ctx, raffleID)
		cancel()
		loaded := time.Now()
		var to []*Viewer
		var f frame
		if err == nil {
			f = textFrame(body) // framed before taking the lock
		}
		vs.mu.Lock()
		switch {
		case errors.Is(err, ErrGone):
			to = members(r)
		case err != nil:
			vs.log.Warn("estado público não carregado", "raffle", raffleID, "err", err)
		case seq > r.sent:
			r.sent, r.last = seq, f
			to = members(r)
		default:
			f = nil
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
			if vs.observe != nil {
				vs.observe(len(to), time.Since(loaded))
			}
			if vs.log.Enabled(context.Background(), slog.LevelDebug) {
				vs.log.Debug("estado público transmitido", "raffle", raffleID, "seq", seq, "viewers", len(to), "bytes", len(f),
					"load", loaded.Sub(began), "send", time.Since(loaded))
			}
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

// members lists a room's viewers, a list kept until one joins or leaves
// (the broadcasts of a draw reuse it); callers must not change it. Called
// with vs.mu held.
func members(r *room) []*Viewer {
	if r.list == nil {
		r.list = make([]*Viewer, 0, len(r.viewers))
		for v := range r.viewers {
			r.list = append(r.list, v)
		}
	}
	return r.list
}

// fanShard is how many viewers one goroutine of a broadcast writes to at
// least: below it, starting goroutines costs more than it spreads.
const fanShard = 512

// fanChunk is how many viewers a worker of a broadcast takes at a time.
const fanChunk = 128

// fanOut calls fn for every viewer, with as many workers as the machine has
// processors (the caller is one), and returns when all are done. Workers
// take the viewers a chunk at a time, so one whose thread the system sets
// aside leaves its share to the others instead of finishing last with half
// the list. fn never waits on a socket, so a slow viewer costs nothing.
func fanOut(to []*Viewer, fn func(*Viewer)) {
	workers := min(runtime.GOMAXPROCS(0), (len(to)+fanShard-1)/fanShard)
	if workers <= 1 {
		for _, v := range to {
			fn(v)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			end := int(next.Add(fanChunk))
			if end-fanChunk >= len(to) {
				return
			}
			for _, v := range to[end-fanChunk : min(end, len(to))] {
				fn(v)
			}
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// Run pings every viewer, waiting ones too, each interval (PingEvery in
// production) until ctx ends: one timer for all rather than one per
// connection. A viewer that does not answer within PongWait is dropped by
// its read deadline; one that has waited WaitingFor is closed
// (CloseWaiting).
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
			all = append(all, vs.waitersLocked()...)
			vs.mu.Unlock()
			vs.CloseWaiting(time.Now())
			fanOut(all, func(v *Viewer) {
				v.mu.Lock()
				v.send(pingFrame)
				v.mu.Unlock()
			})
		}
	}
}
