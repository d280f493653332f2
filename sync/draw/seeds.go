package draw

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// SeedSize is the length of every seed, in bytes.
const SeedSize = 32

// NewSeed returns a fresh seed from the platform's CSPRNG.
func NewSeed() []byte {
	b := make([]byte, SeedSize)
	_, _ = rand.Read(b) // never fails since Go 1.24
	return b
}

// Commitment is what is published before a seed is revealed: its SHA-256,
// in lower-case hex.
func Commitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}
