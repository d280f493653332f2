package auth

import (
	"context"
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

// GateConfig sets a Gate; zero fields take the production values. Tests
// replace the hashing and the timer, so they count slots without argon2
// and end a wait without sleeping.
type GateConfig struct {
	Slots int
	Wait  time.Duration
	// After starts the wait (time.After).
	After  func(time.Duration) <-chan time.Time
	Hash   func(password string) (string, error)
	Verify func(password, encoded string) (bool, error)
}

// Gate runs password hashes in at most Slots at once.
type Gate struct {
	cfg   GateConfig
	slots chan struct{}
}

// NewGate returns a gate; see GateConfig for the defaults.
func NewGate(cfg GateConfig) *Gate {
	if cfg.Slots <= 0 {
		cfg.Slots = GateSlots
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
	return &Gate{cfg: cfg, slots: make(chan struct{}, cfg.Slots)}
}

// Hash hashes password in a slot.
func (g *Gate) Hash(ctx context.Context, password string) (hash string, err error) {
	if err := g.enter(ctx); err != nil {
		return "", err
	}
	defer g.leave()
	return g.cfg.Hash(password)
}

// Verify checks password against encoded in a slot.
func (g *Gate) Verify(ctx context.Context, password, encoded string) (bool, error) {
	if err := g.enter(ctx); err != nil {
		return false, err
	}
	defer g.leave()
	return g.cfg.Verify(password, encoded)
}

func (g *Gate) enter(ctx context.Context) error {
	select {
	case g.slots <- struct{}{}:
		return nil
	default:
	}
	timeout := g.cfg.After(g.cfg.Wait)
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-timeout:
	case <-ctx.Done():
	}
	return &core.Error{Code: core.CodeRateLimited, RetryAfter: g.cfg.Wait,
		Message: "O servidor está ocupado com outras entradas. Tente de novo em " + core.WaitText(g.cfg.Wait) + "."}
}

func (g *Gate) leave() { <-g.slots }
