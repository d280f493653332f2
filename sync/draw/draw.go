// Package draw is the verifiable draw, algorithm "sorteio-v1"
// (docs/draw-algorithm.md): winners = F(seed, canonical pool, winners count,
// duplicates allowed). The PWA implements the same function; both are tested
// against the vectors in sync/testdata/draw.
package draw

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"slices"
	"strings"
)

// Algorithm names this version of the draw in audit records: sorteio-v2
// is sorteio-v1 plus alternates, drawn after the winners by the same pick
// (docs/draw-algorithm.md §5a). AlgorithmV1's records keep verifying.
const (
	Algorithm   = "sorteio-v2"
	AlgorithmV1 = "sorteio-v1"
)

// streamLabel keys the random stream. sorteio-v2 keeps sorteio-v1's, so a
// draw without alternates gives the winners sorteio-v1 gives.
const streamLabel = AlgorithmV1

// Known says whether a record of that algorithm can be verified here.
func Known(algorithm string) bool { return algorithm == Algorithm || algorithm == AlgorithmV1 }

// Ticket is one entry of the pool. E-mail is not part of it: it is never
// published, so it cannot be part of what anyone verifies.
type Ticket struct {
	ID           string  `json:"id"`
	GroupID      string  `json:"group_id"`
	TicketNumber *string `json:"ticket_number"`
	Name         string  `json:"name"`
}

// Canonical returns the pool in its canonical order: by ticket id, compared
// as bytes. A pool already in that order (as the database reads it) is
// returned as it is, without a copy; otherwise a sorted copy is returned.
// Either way the caller's slice is never reordered.
func Canonical(pool []Ticket) []Ticket {
	byID := func(a, b Ticket) int { return strings.Compare(a.ID, b.ID) }
	if slices.IsSortedFunc(pool, byID) {
		return pool
	}
	out := slices.Clone(pool)
	slices.SortFunc(out, byID)
	return out
}

// Digest is the SHA-256 of the canonical pool: for each ticket, in order, its
// id, group id, ticket number and name, each as a 4-byte big-endian length
// and its UTF-8 bytes (a missing ticket number has length 0xFFFFFFFF and no
// bytes).
func Digest(canonical []Ticket) [32]byte {
	h := sha256.New()
	// Fields are gathered in a buffer and hashed in large writes.
	buf := make([]byte, 0, 64<<10)
	field := func(s string) {
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(s)))
		buf = append(buf, s...)
	}
	for _, t := range canonical {
		field(t.ID)
		field(t.GroupID)
		if t.TicketNumber == nil {
			buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
		} else {
			field(*t.TicketNumber)
		}
		field(t.Name)
		if len(buf) > 60<<10 {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// CombineSeeds is the seed of an online draw: SHA-256(client seed ‖ server
// seed), so neither side alone chose it.
func CombineSeeds(client, server []byte) []byte {
	h := sha256.New()
	h.Write(client)
	h.Write(server)
	return h.Sum(nil)
}

// Stream is the draw's randomness: HMAC-SHA256 keyed by the seed over
// the stream label and a block counter, read as big-endian 32-bit words.
type Stream struct {
	mac     hash.Hash
	counter uint64
	block   []byte
}

// NewStream starts the stream of a seed.
func NewStream(seed []byte) *Stream {
	return &Stream{mac: hmac.New(sha256.New, seed)}
}

// Uint32 returns the next word of the stream.
func (s *Stream) Uint32() uint32 {
	if len(s.block) == 0 {
		s.mac.Reset()
		s.mac.Write([]byte(streamLabel))
		var c [8]byte
		binary.BigEndian.PutUint64(c[:], s.counter)
		s.mac.Write(c[:])
		s.block = s.mac.Sum(nil)
		s.counter++
	}
	v := binary.BigEndian.Uint32(s.block[:4])
	s.block = s.block[4:]
	return v
}

// Intn returns an unbiased integer in [0, n) by rejection sampling: words at
// or above the largest multiple of n below 2^32 are skipped.
func (s *Stream) Intn(n int) int {
	if n <= 0 || uint64(n) > 1<<32 {
		panic("draw: Intn out of range")
	}
	limit := uint64(1<<32) - (uint64(1<<32) % uint64(n))
	for {
		if v := uint64(s.Uint32()); v < limit {
			return int(v % uint64(n))
		}
	}
}

// Error is an impossible draw.
type Error string

func (e Error) Error() string { return string(e) }

// Impossible draws.
const (
	ErrNotEnoughTickets Error = "draw: fewer tickets than winners"
	ErrNotEnoughPeople  Error = "draw: fewer people than winners and duplicates are not allowed"
)

// Pick draws count winners from the canonical pool. Each pick takes the
// Intn(alive)-th ticket still in the pool, in canonical order; then that
// ticket leaves the pool, with all its group's tickets when the same person
// may not win twice.
func Pick(seed []byte, canonical []Ticket, count int, allowDuplicates bool) ([]Ticket, error) {
	if count > len(canonical) {
		return nil, ErrNotEnoughTickets
	}
	var chains groupChains
	if !allowDuplicates {
		chains = chainGroups(canonical)
		if count > len(chains.first) {
			return nil, ErrNotEnoughPeople
		}
	}
	alive := newFenwick(len(canonical))
	stream := NewStream(seed)
	winners := make([]Ticket, 0, count)
	for len(winners) < count {
		i := alive.kth(stream.Intn(alive.total))
		winners = append(winners, canonical[i])
		if allowDuplicates {
			alive.remove(i)
			continue
		}
		for j := chains.first[chains.group[i]]; j >= 0; j = chains.next[j] {
			alive.remove(int(j))
		}
	}
	return winners, nil
}

// groupChains links the tickets of each group: first[group[i]] is the
// group's first ticket and next[j] the one after j (-1 at the end).
type groupChains struct {
	group, first, next []int32
}

// chainGroups numbers the groups with one map lookup per ticket, skipped
// when a ticket's group is its neighbour's (one person's tickets are usually
// made together, so their ids are adjacent).
func chainGroups(canonical []Ticket) groupChains {
	c := groupChains{group: make([]int32, len(canonical)), next: make([]int32, len(canonical))}
	index := make(map[string]int32)
	for i, t := range canonical {
		if i > 0 && t.GroupID == canonical[i-1].GroupID {
			c.group[i] = c.group[i-1]
			continue
		}
		g, ok := index[t.GroupID]
		if !ok {
			g = int32(len(c.first))
			index[t.GroupID] = g
			c.first = append(c.first, -1)
		}
		c.group[i] = g
	}
	for i := len(canonical) - 1; i >= 0; i-- {
		g := c.group[i]
		c.next[i] = c.first[g]
		c.first[g] = int32(i)
	}
	return c
}
