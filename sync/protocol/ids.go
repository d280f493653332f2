package protocol

import (
	"crypto/rand"
	"strings"
)

// IsUUID reports whether s is a UUID in canonical lower-case form.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
				return false
			}
		}
	}
	return true
}

// IsUUIDv7 reports whether s is a canonical UUID of version 7 (RFC 9562).
func IsUUIDv7(s string) bool {
	return IsUUID(s) && s[14] == '7' && strings.IndexByte("89ab", s[19]) >= 0
}

// CodeAlphabet is what new codes are made of: no I, O, 0 or 1, which people
// misread when a code is said aloud or written on a board.
const CodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// CodeLength is the length of a raffle code.
const CodeLength = 6

// IsCode reports whether s is a raffle code: 6 uppercase letters or digits.
func IsCode(s string) bool {
	if len(s) != CodeLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// IsNewCode reports whether s is a code a device may make: 6 characters
// from CodeAlphabet.
func IsNewCode(s string) bool {
	if len(s) != CodeLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(CodeAlphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}

// NewCode makes a random code from CodeAlphabet with crypto/rand. The
// alphabet has 32 letters, so a byte's low 5 bits pick one without bias.
func NewCode() string {
	var b [CodeLength]byte
	_, _ = rand.Read(b[:]) // never fails since Go 1.24
	var sb strings.Builder
	for _, x := range b {
		sb.WriteByte(CodeAlphabet[x&31])
	}
	return sb.String()
}
