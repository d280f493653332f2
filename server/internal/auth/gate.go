package auth

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Every argon2id hash takes argonMemory (19 MiB) while it runs: a hundred
// signed-in requests hashing at once hold about 2 GB. So every hash and check of a password goes through one Gate with a
// few slots; a request waits at most a bounded time for one, then gets 429
// with Retry-After. docs/operations.md has the numbers.

// Passwords hashes and checks passwords; the service's one way to do either.
type Passwords interface {
	Hash(ctx context.Context, password string) (string, error)
	Verify(ctx context.Context, password, encoded string) (bool, error)
}

// HashMemoryBudget is what the gate lets password hashes hold at once
// (64 MiB: 3 argon2id hashes of 19 MiB).
const HashMemoryBudget = 64 << 20

// GateSlots is how many hashes run at once within HashMemoryBudget.
const GateSlots = HashMemoryBudget / (argonMemory << 10)

// GateWait is how long a request waits for a slot before its 429: room for
// a queue of dozens of hashes over the 3 slots on a loaded 2-core machine,
// more than a normal burst of sign-ins needs.
const GateWait = 2 * time.Second

// GateGroupQueue is how many requests of one address group may wait for a
// slot at once; more are refused at once. With GateSlots-1 running, one
// group holds at most a dozen places, and a flood from it costs others
// nothing but the slots it runs.
const GateGroupQueue = 8

// GateConfig sets a Gate; zero fields take the production values. Tests
// replace the hashing and the timer, so they count slots without argon2
// and end a wait without sleeping.
type GateConfig struct {
	Slots int
	Wait  time.Duration
	// GroupSlots is how many slots one address group may hold at once
	// (default Slots-1, at least 1: one is always left for the others);
	// GroupQueue how many of its requests may wait (GateGroupQueue).
	GroupSlots, GroupQueue int
	// After starts the wait (time.After).
	After  func(time.Duration) <-chan time.Time
	Hash   func(password string) (string, error)
	Verify func(password, encoded string) (bool, error)
}

// Gate runs password hashes in at most Slots at once, shared between
// address groups (WithAddressGroup): each group runs at most GroupSlots and
// queues at most GroupQueue, and a freed slot goes to the waiting group
// that runs the fewest, the longest-waiting first among equals. So one
// group's flood never keeps another's sign-in waiting behind it.
type Gate struct {
	cfg GateConfig

	mu      sync.Mutex
	running int
	groups  map[string]*groupLoad
	queue   []*waiter
}

type groupLoad struct{ running, waiting int }

type waiter struct {
	group   string
	ready   chan struct{}
	granted bool
}

type groupKey struct{}

// WithAddressGroup names the client's address group for the gate (the HTTP
// layer sets it on every API request); without one a request counts in
// the group "".
func WithAddressGroup(ctx context.Context, group string) context.Context {
	return context.WithValue(ctx, groupKey{}, group)
}

func addressGroup(ctx context.Context) string {
	g, _ := ctx.Value(groupKey{}).(string)
	return g
}

// NewGate returns a gate; see GateConfig for the defaults.
func NewGate(cfg GateConfig) *Gate {
	if cfg.Slots <= 0 {
		cfg.Slots = GateSlots
	}
	if cfg.GroupSlots <= 0 {
		cfg.GroupSlots = max(cfg.Slots-1, 1)
	}
	if cfg.GroupQueue <= 0 {
		cfg.GroupQueue = GateGroupQueue
	}
	if cfg.Wait <= 0 {
		cfg.Wait = GateWait
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	if cfg.Hash == nil {
		cfg.Hash = HashPassword
	}
	if cfg.Verify == nil {
		cfg.Verify = VerifyPassword
	}
	return &Gate{cfg: cfg, groups: map[string]*groupLoad{}}
}

// Hash hashes password in a slot.
func (g *Gate) Hash(ctx context.Context, password string) (hash string, err error) {
	group, err := g.enter(ctx)
	if err != nil {
		return "", err
	}
	defer g.leave(group)
	return g.cfg.Hash(password)
}

// Verify checks password against encoded in a slot.
func (g *Gate) Verify(ctx context.Context, password, encoded string) (bool, error) {
	group, err := g.enter(ctx)
	if err != nil {
		return false, err
	}
	defer g.leave(group)
	return g.cfg.Verify(password, encoded)
}

func (g *Gate) enter(ctx context.Context) (string, error) {
	group := addressGroup(ctx)
	g.mu.Lock()
	load := g.load(group)
	// A free slot with waiters left means none of them may take it (their
	// groups hold their share): a newcomer under its share takes it.
	if g.running < g.cfg.Slots && load.running < g.cfg.GroupSlots {
		g.running++
		load.running++
		g.mu.Unlock()
		return group, nil
	}
	if load.waiting >= g.cfg.GroupQueue {
		g.forget(group)
		g.mu.Unlock()
		return group, g.busy()
	}
	w := &waiter{group: group, ready: make(chan struct{})}
	load.waiting++
	g.queue = append(g.queue, w)
	g.mu.Unlock()

	timeout := g.cfg.After(g.cfg.Wait)
	select {
	case <-w.ready:
		return group, nil
	case <-timeout:
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if w.granted { // the slot came as the wait ended: use it
		return group, nil
	}
	g.queue = slices.DeleteFunc(g.queue, func(q *waiter) bool { return q == w })
	g.groups[group].waiting--
	g.forget(group)
	return group, g.busy()
}

func (g *Gate) busy() error {
	return &core.Error{Code: core.CodeRateLimited, RetryAfter: g.cfg.Wait,
		Message: "O servidor está ocupado com outras entradas. Tente de novo em " + core.WaitText(g.cfg.Wait) + "."}
}

func (g *Gate) leave(group string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.running--
	g.groups[group].running--
	g.forget(group)
	g.dispatch()
}

// dispatch gives free slots to waiters: each to the one whose group runs
// the fewest of those under their share, the earliest among equals.
func (g *Gate) dispatch() {
	for g.running < g.cfg.Slots {
		best := -1
		for i, w := range g.queue {
			r := g.groups[w.group].running
			if r < g.cfg.GroupSlots && (best < 0 || r < g.groups[g.queue[best].group].running) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		w := g.queue[best]
		g.queue = slices.Delete(g.queue, best, best+1)
		load := g.groups[w.group]
		load.waiting--
		load.running++
		g.running++
		w.granted = true
		close(w.ready)
	}
}

func (g *Gate) load(group string) *groupLoad {
	l, ok := g.groups[group]
	if !ok {
		l = &groupLoad{}
		g.groups[group] = l
	}
	return l
}

// forget drops a group that holds nothing, so the map holds only groups
// in the gate.
func (g *Gate) forget(group string) {
	if l := g.groups[group]; l != nil && l.running == 0 && l.waiting == 0 {
		delete(g.groups, group)
	}
}
