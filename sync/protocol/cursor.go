package protocol

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
)

// Cursor is a position in a raffle's change log (or in an account's raffle
// feed): the log's epoch and the last sequence number seen. Clients treat
// its encoding as opaque.
type Cursor struct {
	Epoch int64
	Seq   int64
}

// String encodes the cursor as 16 bytes of base64url.
func (c Cursor) String() string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[0:8], uint64(c.Epoch))
	binary.BigEndian.PutUint64(b[8:16], uint64(c.Seq))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// ParseCursor decodes a cursor; "" is the start of the log (epoch 0).
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) != 16 {
		return Cursor{}, errors.New("cursor inválido")
	}
	c := Cursor{Epoch: int64(binary.BigEndian.Uint64(b[0:8])), Seq: int64(binary.BigEndian.Uint64(b[8:16]))}
	if c.Epoch < 0 || c.Seq < 0 {
		return Cursor{}, errors.New("cursor inválido")
	}
	return c, nil
}
