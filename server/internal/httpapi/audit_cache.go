package httpapi

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"io"
	"sync"
)

// DefaultAuditCacheBytes bounds the kept audit records when Deps.AuditCache
// is nil: a 100,000-ticket record is about 2 MB gzip (and 14 MB plain, kept
// only once a client without gzip asks), so dozens of the largest raffles
// fit, and thousands of ordinary ones.
const DefaultAuditCacheBytes = 64 << 20

// AuditCache keeps each raffle's public audit record encoded for its current
// version (log epoch and position): a repeat GET of an unchanged record
// writes kept bytes after reading the raffle's row, as cheap as a 304,
// instead of reading the pool and encoding it again (the costly part for a
// large raffle). The gzip form is kept from the start, the plain one from
// the first client that does not accept gzip (unzipped once, not encoded).
// One entry per code, replaced when the version moves; the least recently
// used go first once the bytes kept pass the cap; a record larger than the
// cap is served but not kept. Requests that miss the same version at once
// wait for one encoding.
type AuditCache struct {
	maxBytes int64

	mu      sync.Mutex
	bytes   int64
	lru     *list.List               // of *auditEntry, most recent first
	byCode  map[string]*list.Element // code -> its entry
	flights map[string]*auditFlight  // code and version -> the encoding under way
	stats   AuditCacheStats
}

// AuditCacheStats says what the cache did, for tests and benchmarks.
type AuditCacheStats struct {
	Hits     int64 // answers from kept bytes
	Encodes  int64 // records read and encoded
	Evicted  int64 // entries dropped for room
	Entries  int
	Bytes    int64
	MaxBytes int64
}

type auditEntry struct {
	code, version string
	gzip          []byte
	plain         []byte // nil until a client without gzip asks
}

func (e *auditEntry) size() int64 { return int64(len(e.plain) + len(e.gzip)) }

type auditFlight struct {
	done  chan struct{}
	entry *auditEntry
	err   error
}

// NewAuditCache keeps at most maxBytes of encoded records (plain and gzip
// counted together).
func NewAuditCache(maxBytes int64) *AuditCache {
	return &AuditCache{maxBytes: maxBytes, lru: list.New(), byCode: map[string]*list.Element{},
		flights: map[string]*auditFlight{}}
}

// Stats is a copy of the counters and sizes.
func (c *AuditCache) Stats() AuditCacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Entries, s.Bytes, s.MaxBytes = c.lru.Len(), c.bytes, c.maxBytes
	return s
}

// get answers the record of code at version: kept, or built once by build
// (whose entry may carry a newer version, read after this one).
func (c *AuditCache) get(code, version string, build func() (*auditEntry, error)) (*auditEntry, error) {
	c.mu.Lock()
	if el, ok := c.byCode[code]; ok && el.Value.(*auditEntry).version == version {
		c.lru.MoveToFront(el)
		c.stats.Hits++
		c.mu.Unlock()
		return el.Value.(*auditEntry), nil
	}
	key := code + "\x00" + version
	if f, ok := c.flights[key]; ok {
		c.mu.Unlock()
		<-f.done
		return f.entry, f.err
	}
	f := &auditFlight{done: make(chan struct{})}
	c.flights[key] = f
	c.mu.Unlock()

	f.entry, f.err = build()

	c.mu.Lock()
	delete(c.flights, key)
	if f.err == nil {
		c.stats.Encodes++
		c.put(f.entry)
	}
	c.mu.Unlock()
	close(f.done)
	return f.entry, f.err
}

// plain is e's record uncompressed: kept, or unzipped and then kept with e
// while e is its code's entry.
func (c *AuditCache) plain(e *auditEntry) ([]byte, error) {
	c.mu.Lock()
	p := e.plain
	c.mu.Unlock()
	if p != nil {
		return p, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.gzip))
	if err != nil {
		return nil, err
	}
	if p, err = io.ReadAll(zr); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byCode[e.code]; ok && el.Value == e && e.plain == nil {
		e.plain = p
		c.bytes += int64(len(p))
		c.evict()
	}
	return p, nil
}

// put keeps e as its code's entry, then drops the least recently used
// until the cap holds. The caller holds mu.
func (c *AuditCache) put(e *auditEntry) {
	if el, ok := c.byCode[e.code]; ok {
		c.remove(el)
	}
	if e.size() > c.maxBytes {
		return
	}
	c.byCode[e.code] = c.lru.PushFront(e)
	c.bytes += e.size()
	c.evict()
}

// evict drops the least recently used entries until the cap holds. The
// caller holds mu.
func (c *AuditCache) evict() {
	for c.bytes > c.maxBytes {
		c.remove(c.lru.Back())
		c.stats.Evicted++
	}
}

func (c *AuditCache) remove(el *list.Element) {
	e := c.lru.Remove(el).(*auditEntry)
	delete(c.byCode, e.code)
	c.bytes -= e.size()
}
