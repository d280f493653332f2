package core

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"time"
)

// NewID returns a UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random
// bits, so ids sort by creation time and index well.
func NewID(now time.Time) string {
	var b [16]byte
	_, _ = rand.Read(b[6:]) // crypto/rand.Read never fails (Go 1.24+)
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(now.UnixMilli()))
	copy(b[0:6], ms[2:8])
	b[6] = (b[6] & 0x0f) | 0x70 // version 7
	b[8] = (b[8] & 0x3f) | 0x80 // variant 10
	return format(b)
}

// format writes a UUID's 16 bytes in its canonical text form.
func format(b [16]byte) string {
	var out [36]byte
	hex.Encode(out[0:8], b[0:4])
	out[8] = '-'
	hex.Encode(out[9:13], b[4:6])
	out[13] = '-'
	hex.Encode(out[14:18], b[6:8])
	out[18] = '-'
	hex.Encode(out[19:23], b[8:10])
	out[23] = '-'
	hex.Encode(out[24:36], b[10:16])
	return string(out[:])
}

// MaxIDs is how many ids NewIDs makes at once: its counter has 18 bits.
const MaxIDs = 1 << 18

// NewIDs returns count UUIDv7s of one millisecond that sort in the order
// made (RFC 9562, method 1: after the time, an 18-bit counter, then 56
// random bits), as the PWA's import makes its ids (protocol/import/ids.ts).
// A file import's tickets then enter every index of the raffle in key
// order, at its end, instead of each at a random place among the ids of
// its millisecond (a third of the import's inserting time). count over
// MaxIDs panics: an import holds at most 100,000 tickets.
func NewIDs(count int, now time.Time) []string {
	if count > MaxIDs {
		panic("core.NewIDs: more than MaxIDs ids")
	}
	random := make([]byte, 7*count)
	_, _ = rand.Read(random)
	var b [16]byte
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(now.UnixMilli()))
	copy(b[0:6], ms[2:8])
	ids := make([]string, count)
	for i := range ids {
		high := i >> 6 // 12 bits, after the version nibble
		b[6], b[7] = 0x70|byte(high>>8), byte(high)
		b[8] = 0x80 | byte(i&0x3f)
		copy(b[9:16], random[7*i:7*i+7])
		ids[i] = format(b)
	}
	return ids
}
