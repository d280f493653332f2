// Package authtest gives tests a password gate that hashes cheaply. Production
// hashes take 19 MiB and two passes of argon2id (tens of milliseconds of CPU
// each); a test suite signs up hundreds of accounts on each database, so the
// tests that are not about hashing or the gate use this one. Its hashes are
// argon2id in the same PHC format at the smallest cost, so auth.VerifyPassword
// checks them (at the cost stored in each) and a test still proves that a
// wrong password is refused.
package authtest

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"golang.org/x/crypto/argon2"

	"github.com/sorteio/sorteio/server/internal/auth"
)

// The cheapest argon2id the format allows: 8 KiB, one pass, one lane.
const (
	memoryKiB = 8
	passes    = 1
	keyLen    = 32
)

// Gate is a production gate (its slots and wait) whose hashes are cheap.
func Gate() *auth.Gate {
	return auth.NewGate(auth.GateConfig{Hash: Hash})
}

// Hash hashes password as auth.HashPassword does, at the smallest cost.
func Hash(password string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, passes, memoryKiB, 1, keyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=1$%s$%s", argon2.Version, memoryKiB, passes,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}
