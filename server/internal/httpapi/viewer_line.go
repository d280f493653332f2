package httpapi

import (
	"context"
	"slices"
	"sync"
	"time"
)

// A viewer's connection spends a token of its address group's bucket
// (PublicLiveIP). When the bucket is empty the connection waits its turn in
// the group's line rather than being refused: tokens go to the line in
// arrival order, so a client that connects and drops over and over takes
// one place at a time, and the other phones behind the same address get in
// between its attempts instead of finding the bucket spent by it.
const (
	// ViewerLine is how many connections of one address group may wait for
	// a token; one more is refused (429).
	ViewerLine = 20
	// ViewerLineWait is how long one waits before its 429: the line drains
	// at the bucket's refill (2 a second), 20 places in 10 s.
	ViewerLineWait = 10 * time.Second
)

// viewerLine queues connections per key for a LeaseLimiter's tokens.
type viewerLine struct {
	limit LeaseLimiter
	after func(time.Duration) <-chan time.Time

	mu    sync.Mutex
	lines map[string][]chan struct{} // per key, in arrival order; the head's is closed
}

func newViewerLine(limit LeaseLimiter, after func(time.Duration) <-chan time.Time) *viewerLine {
	if after == nil {
		after = time.After
	}
	return &viewerLine{limit: limit, after: after, lines: map[string][]chan struct{}{}}
}

// lease takes a token for key, waiting in key's line when none is left and
// nobody waits ahead. ok false: the line is full, or the wait ended (its
// deadline or the client gone), with how long to wait before trying again.
func (l *viewerLine) lease(ctx context.Context, key string) (end func(), ok bool, wait time.Duration) {
	l.mu.Lock()
	if len(l.lines[key]) == 0 {
		l.mu.Unlock()
		if end, ok, wait = l.limit.Lease(key, ViewerHold); ok {
			return end, true, 0
		}
		l.mu.Lock()
	}
	line := l.lines[key]
	if len(line) >= ViewerLine {
		l.mu.Unlock()
		return nil, false, ViewerLineWait
	}
	turn := make(chan struct{})
	if len(line) == 0 {
		close(turn) // the head
	}
	l.lines[key] = append(line, turn)
	l.mu.Unlock()
	defer l.leave(key, turn)

	deadline := l.after(ViewerLineWait)
	select {
	case <-turn:
	case <-deadline:
		return nil, false, ViewerLineWait
	case <-ctx.Done():
		return nil, false, ViewerLineWait
	}
	for {
		if end, ok, wait = l.limit.Lease(key, ViewerHold); ok {
			return end, true, 0
		}
		select {
		case <-l.after(wait):
		case <-deadline:
			return nil, false, ViewerLineWait
		case <-ctx.Done():
			return nil, false, ViewerLineWait
		}
	}
}

// leave takes turn out of key's line; when it was the head, the next one's
// turn comes.
func (l *viewerLine) leave(key string, turn chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	line := l.lines[key]
	i := slices.Index(line, turn)
	if i < 0 {
		return
	}
	line = slices.Delete(line, i, i+1)
	if len(line) == 0 {
		delete(l.lines, key)
		return
	}
	if i == 0 {
		close(line[0])
	}
	l.lines[key] = line
}
