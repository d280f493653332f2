package core

import "time"

// User is an organiser account.
type User struct {
	ID           string
	Email        string
	PasswordHash string
	CreatedAt    time.Time
	// EmailVerified: the address is proven (a followed link, or a provider
	// that vouches for it).
	EmailVerified bool
}

// Session is a signed-in browser. Only the SHA-256 hash of its token is stored.
type Session struct {
	TokenHash []byte
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Identity is an account's sign-in at an OpenID Connect provider, found by
// (Issuer, Subject). Email is what the provider said at the first sign-in.
type Identity struct {
	Issuer    string
	Subject   string
	UserID    string
	Email     string
	CreatedAt time.Time
}

// IdentitySignIn says how a provider sign-in found its account.
type IdentitySignIn int

const (
	// IdentityFound: the identity was already attached to the account.
	IdentityFound IdentitySignIn = iota
	// IdentityCreated: a new account was made for it.
	IdentityCreated
	// IdentityLinked: attached to the account whose proven e-mail it verified.
	IdentityLinked
	// IdentityTookOver: attached to an account whose e-mail was unproven,
	// after that account's password and sessions were removed.
	IdentityTookOver
)
