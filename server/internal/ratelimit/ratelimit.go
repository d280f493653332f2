// Package ratelimit limits how often a key (a client IP, an e-mail) may do
// something, with one token bucket per key kept in memory. Several server
// instances each keep their own buckets, so the effective limit is per
// instance; see docs/operations.md.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter allows Burst events at once per key, refilled at one per Every.
type Limiter struct {
	burst float64
	every time.Duration
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New returns a limiter; now is the clock (tests pass a fake one).
func New(burst int, every time.Duration, now func() time.Time) *Limiter {
	return &Limiter{burst: float64(burst), every: every, now: now, buckets: map[string]*bucket{}}
}

// Allow takes one token for key. When none is left it answers false and how
// long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	return l.take(key, true)
}

// Peek answers as Allow would, without taking the token.
func (l *Limiter) Peek(key string) (bool, time.Duration) {
	return l.take(key, false)
}

// Lease is Allow for something that lasts, a connection: when allowed it
// answers end, to call when it closes. A lease held at least hold gives its
// token back then, so a crowd that stayed and dropped together (a venue's
// Wi-Fi blip) comes back at once, while connections that come and go
// quickly keep spending tokens as with Allow. What stays open is bounded
// elsewhere (a per-address cap), so at most that many tokens come back per
// hold.
func (l *Limiter) Lease(key string, hold time.Duration) (end func(), ok bool, wait time.Duration) {
	if ok, wait := l.Allow(key); !ok {
		return nil, false, wait
	}
	taken := l.now()
	return func() {
		if l.now().Sub(taken) >= hold {
			l.refund(key)
		}
	}, true, 0
}

// refund gives one token back to key, never above the burst.
func (l *Limiter) refund(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// A forgotten bucket was full: nothing to give back.
	if b, ok := l.buckets[key]; ok {
		now := l.now()
		b.tokens = min(l.burst, b.tokens+1+float64(now.Sub(b.last))/float64(l.every))
		b.last = now
	}
}

func (l *Limiter) take(key string, spend bool) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.forgetFull(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.every))
	b.last = now
	if b.tokens >= 1 {
		if spend {
			b.tokens--
		}
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) * float64(l.every))
	return false, wait
}

// forgetFull drops buckets that have refilled completely, so memory stays
// bounded by the keys active in the last refill period.
func (l *Limiter) forgetFull(now time.Time) {
	full := time.Duration(l.burst * float64(l.every))
	if now.Sub(l.sweep) < full {
		return
	}
	l.sweep = now
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
}

// Len says how many keys are tracked (for tests).
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
