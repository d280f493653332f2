package httpapi

import (
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Limiter is a per-key rate limit.
type Limiter interface {
	Allow(key string) (bool, time.Duration)
}

// Limits are the rate limits: sign-in and sign-up per client IP and per
// e-mail, public lookups by code per client IP, and the entrant self-check
// per client IP (stricter: it takes an e-mail address).
type Limits struct {
	SignInIP, SignInEmail, SignUpIP, SignUpEmail Limiter
	PublicIP, PublicCheckIP, PublicLiveIP        Limiter
}

func allow(l Limiter, key string) error {
	if ok, wait := l.Allow(key); !ok {
		return &core.Error{Code: core.CodeRateLimited, RetryAfter: wait}
	}
	return nil
}
