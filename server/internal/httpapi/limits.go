package httpapi

import (
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Limiter is a per-key rate limit.
type Limiter interface {
	Allow(key string) (bool, time.Duration)
}

// LeaseLimiter limits things that last: Lease is Allow, and its end, called
// when the thing closes, gives the token back if it was held at least hold.
type LeaseLimiter interface {
	Lease(key string, hold time.Duration) (end func(), ok bool, wait time.Duration)
}

// FailureLimiter counts failures: Peek says whether any are left without
// spending one.
type FailureLimiter interface {
	Limiter
	Peek(key string) (bool, time.Duration)
}

// Limits are the rate limits: sign-in per client IP and per (e-mail, IP),
// wrong passwords per e-mail, and per (e-mail, IP) again for unknown devices
// once those are used up (known_device.go); sign-up per client IP and per
// e-mail; public lookups by code per client IP, and the entrant
// self-check per client IP (stricter: it takes an e-mail address); a
// password change per account and per session.
type Limits struct {
	SignInIP, SignInPair             Limiter
	SignInEmail                      FailureLimiter
	SignInSuspect                    Limiter
	SignUpIP, SignUpEmail            Limiter
	PasswordAccount, PasswordSession Limiter
	PublicIP, PublicCheckIP          Limiter
	// PublicCheckOwn counts an address group's self-checks of one raffle
	// (its own and its household's: answered whatever the raffle's load);
	// past them each check spends PublicCheckRaffle, the raffle's budget
	// shared by every address (allowCheck in public_raffle.go). Nil: no such limit.
	PublicCheckOwn, PublicCheckRaffle Limiter
	// PublicLiveIP counts public WebSocket connections per client IP; a
	// viewer that stayed long enough gives its token back as it leaves.
	PublicLiveIP LeaseLimiter
	// PublicLiveAfter starts the waits of the viewers' line (viewer_line.go;
	// nil: time.After). Tests fire their own.
	PublicLiveAfter func(time.Duration) <-chan time.Time
	// Push counts pushes per account (nil: no limit).
	Push Limiter
	// ForgotIP and ForgotEmail limit 'Esqueci minha senha' per client IP
	// (and the use of e-mailed links) and per typed e-mail; EmailSend the
	// messages an account asks for (a new confirmation, an address change).
	ForgotIP, ForgotEmail, EmailSend Limiter
	// Import counts file imports per account (nil: no limit): each reads up
	// to 10 MB and inflates up to 64 MB (sync/importfile).
	Import Limiter
}

// allowKey is one limit and the key it counts.
type allowKey struct {
	l   Limiter
	key string
}

// allowAll takes each limit in turn; the first one spent answers.
func allowAll(keys ...allowKey) error {
	for _, k := range keys {
		if err := allow(k.l, k.key); err != nil {
			return err
		}
	}
	return nil
}

func allow(l Limiter, key string) error {
	if l == nil {
		return nil
	}
	if ok, wait := l.Allow(key); !ok {
		return core.RateLimited(wait)
	}
	return nil
}
