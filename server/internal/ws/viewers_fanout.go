package ws

import (
	"context"
	"errors"
	"time"

	"github.com/gorilla/websocket"
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
		var msg *websocket.PreparedMessage
		if err == nil {
			msg, err = websocket.NewPreparedMessage(websocket.TextMessage, body)
		}
		vs.mu.Lock()
		switch {
		case errors.Is(err, ErrGone):
			vs.broadcast(r, GoneMsg, 1<<62, true)
		case err != nil:
			vs.log.Warn("estado público não carregado", "raffle", raffleID, "err", err)
		case seq > r.sent:
			r.sent, r.last = seq, msg
			vs.broadcast(r, msg, seq, false)
		}
		if err != nil || r.sent >= r.heard || try >= 3 {
			r.loading = false
			vs.mu.Unlock()
			return
		}
		vs.mu.Unlock()
		time.Sleep(time.Duration(try+1) * 20 * time.Millisecond)
	}
}

// broadcast queues one prepared message to every viewer behind seq. Called
// with vs.mu held; it never blocks.
func (vs *Viewers) broadcast(r *room, msg *websocket.PreparedMessage, seq int64, last bool) {
	for v := range r.viewers {
		if seq > v.seq {
			v.seq = seq
			vs.queue(v, out{msg: msg, last: last})
		}
	}
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
			for _, r := range vs.rooms {
				for v := range r.viewers {
					vs.queue(v, out{})
				}
			}
			vs.mu.Unlock()
		}
	}
}
