package httpapi

import (
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Limiter is a per-key rate limit.
type Limiter interface {
	Allow(key string) (bool, time.Duration)
}

// Limits are the rate limits: sign-in per client IP, per (e-mail, IP) and
// per e-mail for unknown devices (known_device.go); sign-up per client IP and
// per e-mail; public lookups by code per client IP, and the entrant
// self-check per client IP (stricter: it takes an e-mail address).
type Limits struct {
	SignInIP, SignInPair, SignInEmail     Limiter
	SignUpIP, SignUpEmail                 Limiter
	PublicIP, PublicCheckIP, PublicLiveIP Limiter
	// Push counts pushes per account (nil: no limit).
	Push Limiter
	// Import counts file imports per account (nil: no limit): each reads up
	// to 10 MB and inflates up to 64 MB (sync/importfile).
	Import Limiter
}

func allow(l Limiter, key string) error {
	if l == nil {
		return nil
	}
	if ok, wait := l.Allow(key); !ok {
		return &core.Error{Code: core.CodeRateLimited, RetryAfter: wait}
	}
	return nil
}
