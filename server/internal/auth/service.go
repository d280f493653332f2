package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

const (
	// SessionTTL is how long a session lasts after its last use.
	SessionTTL = 30 * 24 * time.Hour
	// extendAfter limits writes: a session is pushed forward at most once an hour.
	extendAfter = time.Hour
)

// Store is what the service needs from storage.
type Store interface {
	CreateUser(ctx context.Context, u core.User) error
	UserByEmail(ctx context.Context, email string) (core.User, error)
	CreateSession(ctx context.Context, s core.Session) error
	CreatePasswordSession(ctx context.Context, s core.Session, passwordHash string) error
	SessionByHash(ctx context.Context, hash []byte) (core.Session, core.User, error)
	ExtendSession(ctx context.Context, hash []byte, expiresAt time.Time) error
	DeleteSession(ctx context.Context, hash []byte) error
	AccountStore
}

// Service signs accounts up, in and out.
type Service struct {
	store     Store
	now       func() time.Time
	passwords Passwords
	// dummyHash is verified when an e-mail is unknown, so that a wrong e-mail
	// takes as long as a wrong password and does not reveal which accounts exist.
	dummyHash string
}

// NewService returns a service over store; now is the clock; passwords
// hashes and checks every password (a Gate).
func NewService(store Store, now func() time.Time, passwords Passwords) (*Service, error) {
	dummy, err := passwords.Hash(context.Background(), "senha-que-nunca-confere")
	if err != nil {
		return nil, err
	}
	return &Service{store: store, now: now, passwords: passwords, dummyHash: dummy}, nil
}

// SignedIn is the result of signing up or in: the user, the token for the
// cookie (shown once, never stored) and when it expires.
type SignedIn struct {
	User      core.User
	Token     string
	ExpiresAt time.Time
}

// SignUp creates an account and signs it in.
func (s *Service) SignUp(ctx context.Context, email, password string) (SignedIn, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return SignedIn{}, err
	}
	if err := validatePassword(password, true); err != nil {
		return SignedIn{}, err
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return SignedIn{}, err
	}
	now := s.now()
	u := core.User{ID: core.NewID(now), Email: email, PasswordHash: hash, CreatedAt: now}
	if err := s.store.CreateUser(ctx, u); err != nil {
		return SignedIn{}, err
	}
	return s.newSession(ctx, u)
}

// SignIn checks the credentials and opens a session.
func (s *Service) SignIn(ctx context.Context, email, password string) (SignedIn, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return SignedIn{}, err
	}
	if err := validatePassword(password, false); err != nil {
		return SignedIn{}, err
	}
	u, err := s.store.UserByEmail(ctx, email)
	if core.ErrorCode(err) == core.CodeNotFound {
		u = core.User{} // checked against the dummy hash below, like a wrong password
	} else if err != nil {
		return SignedIn{}, err
	}
	ok, err := s.verify(ctx, password, u.PasswordHash)
	if err != nil {
		return SignedIn{}, err
	}
	if !ok {
		return SignedIn{}, &core.Error{Code: core.CodeInvalidCredentials}
	}
	signed, err := s.openSession(u, func(sess core.Session) error {
		return s.store.CreatePasswordSession(ctx, sess, u.PasswordHash)
	})
	if core.ErrorCode(err) == core.CodeNotFound { // the password went while it was being checked
		return SignedIn{}, &core.Error{Code: core.CodeInvalidCredentials}
	}
	return signed, err
}

// verify checks password against encoded through the gate. An account
// without a password (an unknown e-mail, or one that signs in only at a
// provider) is checked against the dummy hash, so that it costs the same,
// and never matches.
func (s *Service) verify(ctx context.Context, password, encoded string) (bool, error) {
	hash := encoded
	if hash == "" {
		hash = s.dummyHash
	}
	ok, err := s.passwords.Verify(ctx, password, hash)
	if err != nil {
		return false, gateError(err)
	}
	return ok && encoded != "", nil
}

// hash hashes password through the gate.
func (s *Service) hash(ctx context.Context, password string) (string, error) {
	hash, err := s.passwords.Hash(ctx, password)
	return hash, gateError(err)
}

// gateError passes the gate's 429 on and hides any other cause (a malformed
// stored hash) behind an internal error.
func gateError(err error) error {
	if err == nil || core.ErrorCode(err) == core.CodeRateLimited {
		return err
	}
	return core.Internal(err)
}

func (s *Service) newSession(ctx context.Context, u core.User) (SignedIn, error) {
	return s.openSession(u, func(sess core.Session) error { return s.store.CreateSession(ctx, sess) })
}

// openSession makes a session for u and stores it with create.
func (s *Service) openSession(u core.User, create func(core.Session) error) (SignedIn, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return SignedIn{}, core.Internal(err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now()
	sess := core.Session{TokenHash: hashToken(token), UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
	if err := create(sess); err != nil {
		return SignedIn{}, err
	}
	return SignedIn{User: u, Token: token, ExpiresAt: sess.ExpiresAt}, nil
}

// Authenticate returns the user of a session token. When the sliding expiry
// moved, extended is the new expiry (the cookie must be sent again); else zero.
func (s *Service) Authenticate(ctx context.Context, token string) (u core.User, extended time.Time, err error) {
	if token == "" || len(token) > 128 {
		return core.User{}, time.Time{}, &core.Error{Code: core.CodeUnauthenticated}
	}
	hash := hashToken(token)
	sess, u, err := s.store.SessionByHash(ctx, hash)
	if core.ErrorCode(err) == core.CodeNotFound {
		return core.User{}, time.Time{}, &core.Error{Code: core.CodeUnauthenticated}
	}
	if err != nil {
		return core.User{}, time.Time{}, err
	}
	now := s.now()
	if !now.Before(sess.ExpiresAt) {
		_ = s.store.DeleteSession(ctx, hash)
		return core.User{}, time.Time{}, &core.Error{Code: core.CodeUnauthenticated}
	}
	if next := now.Add(SessionTTL); next.Sub(sess.ExpiresAt) >= extendAfter {
		if err := s.store.ExtendSession(ctx, hash, next); err != nil {
			return core.User{}, time.Time{}, err
		}
		extended = next
	}
	return u, extended, nil
}

// SignOut ends the session of token; an unknown token is not an error.
func (s *Service) SignOut(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.store.DeleteSession(ctx, hashToken(token))
}

// TokenHash is how a session token is stored and named (never the token
// itself): the WebSocket hub keys connections by it too.
func TokenHash(token string) []byte { return hashToken(token) }

func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}
