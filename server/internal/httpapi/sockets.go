package httpapi

import (
	"crypto/sha256"
	"sync"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// sessionSockets counts the WebSockets each session holds open, so one
// session cannot open thousands (each costs a goroutine pair and buffers).
// The PWA opens one per signed-in tab that runs the sync engine: one.
type sessionSockets struct {
	max  int
	mu   sync.Mutex
	open map[[32]byte]int
}

func newSessionSockets(limit int) *sessionSockets {
	return &sessionSockets{max: limit, open: map[[32]byte]int{}}
}

// acquire takes a place for the session's token, or answers the error to
// send when the session already holds max sockets.
func (s *sessionSockets) acquire(token string) ([32]byte, error) {
	key := sha256.Sum256([]byte(token))
	if s.max <= 0 {
		return key, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key] >= s.max {
		err := core.Errorf(core.CodeRateLimited, "Muitas conexões abertas nesta sessão (máximo %d): feche outras abas do Sorteio.", s.max)
		err.RetryAfter = 30 * time.Second
		return key, err
	}
	s.open[key]++
	return key, nil
}

func (s *sessionSockets) release(key [32]byte) {
	if s.max <= 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open[key]--; s.open[key] <= 0 {
		delete(s.open, key)
	}
}
