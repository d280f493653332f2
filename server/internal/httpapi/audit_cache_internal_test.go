package httpapi

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"sync"
	"testing"
)

// build makes a record of size bytes (gzip) and counts its calls.
func build(builds *int, mu *sync.Mutex, code, version string, size int) func() (*auditEntry, error) {
	return func() (*auditEntry, error) {
		mu.Lock()
		*builds++
		mu.Unlock()
		return &auditEntry{code: code, version: version, gzip: make([]byte, size)}, nil
	}
}

// The plain form is unzipped once, on the first request without gzip, and
// counts against the cap like the rest.
func TestAuditCacheKeepsPlainOnDemand(t *testing.T) {
	t.Parallel()
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	_, _ = zw.Write([]byte(strings.Repeat(`{"a":1}`, 100)))
	_ = zw.Close()
	c := NewAuditCache(int64(zipped.Len()) + 700 + 30)
	e, _ := c.get("AAAAAA", "v", func() (*auditEntry, error) {
		return &auditEntry{code: "AAAAAA", version: "v", gzip: zipped.Bytes()}, nil
	})
	for i := 0; i < 2; i++ {
		p, err := c.plain(e)
		if err != nil || string(p) != strings.Repeat(`{"a":1}`, 100) {
			t.Fatalf("%q %v", p, err)
		}
	}
	if s := c.Stats(); s.Entries != 1 || s.Bytes != int64(zipped.Len()+700) {
		t.Fatalf("%+v, want gzip and plain kept: %d bytes", s, zipped.Len()+700)
	}
	// Another record pushes the first one (now the larger) out.
	_, _ = c.get("BBBBBB", "v", build(new(int), &sync.Mutex{}, "BBBBBB", "v", 40))
	if s := c.Stats(); s.Entries != 1 || s.Bytes != 40 || s.Evicted != 1 {
		t.Fatalf("%+v", s)
	}
}

func TestAuditCacheKeepsOneVersionPerCode(t *testing.T) {
	t.Parallel()
	c, n, mu := NewAuditCache(1000), 0, &sync.Mutex{}
	for i := 0; i < 3; i++ {
		if e, err := c.get("AAAAAA", "v1", build(&n, mu, "AAAAAA", "v1", 100)); err != nil || e.version != "v1" {
			t.Fatal(e, err)
		}
	}
	if _, err := c.get("AAAAAA", "v2", build(&n, mu, "AAAAAA", "v2", 200)); err != nil {
		t.Fatal(err)
	}
	if s := c.Stats(); n != 2 || s.Encodes != 2 || s.Hits != 2 || s.Entries != 1 || s.Bytes != 200 {
		t.Fatalf("%d builds, %+v; want 2 builds, 2 hits, the second version alone", n, s)
	}
}

// The bytes kept never pass the cap: the least recently used record goes
// first, and one larger than the cap is answered but not kept.
func TestAuditCacheIsBounded(t *testing.T) {
	t.Parallel()
	c, n, mu := NewAuditCache(100), 0, &sync.Mutex{}
	get := func(code string, size int) {
		t.Helper()
		if _, err := c.get(code, "v", build(&n, mu, code, "v", size)); err != nil {
			t.Fatal(err)
		}
		if s := c.Stats(); s.Bytes > s.MaxBytes {
			t.Fatalf("%d bytes kept, cap %d", s.Bytes, s.MaxBytes)
		}
	}
	get("AAAAAA", 40)
	get("BBBBBB", 40)
	get("AAAAAA", 40) // a hit: B is now the least recently used
	get("CCCCCC", 40) // B goes
	if s := c.Stats(); n != 3 || s.Entries != 2 || s.Evicted != 1 || s.Bytes != 80 {
		t.Fatalf("%d builds, %+v", n, s)
	}
	get("AAAAAA", 40)
	get("BBBBBB", 40) // built again
	if n != 4 {
		t.Fatalf("%d builds, want B's second", n)
	}
	get("DDDDDD", 101)
	get("DDDDDD", 101)
	if s := c.Stats(); n != 6 || s.Entries != 2 {
		t.Fatalf("a record over the cap: %d builds, %+v", n, s)
	}
}

// Requests that miss one version at the same time wait for one encoding; a
// failed one is not kept.
func TestAuditCacheEncodesOnceAtATime(t *testing.T) {
	t.Parallel()
	c, n, mu := NewAuditCache(1000), 0, &sync.Mutex{}
	started, release := make(chan struct{}), make(chan struct{})
	slow := func() (*auditEntry, error) {
		close(started)
		<-release
		return build(&n, mu, "AAAAAA", "v1", 100)()
	}
	var wg sync.WaitGroup
	wg.Go(func() { _, _ = c.get("AAAAAA", "v1", slow) })
	<-started
	for i := 0; i < 8; i++ {
		wg.Go(func() {
			if e, err := c.get("AAAAAA", "v1", build(&n, mu, "AAAAAA", "v1", 100)); err != nil || e == nil {
				t.Error(e, err)
			}
		})
	}
	close(release)
	wg.Wait()
	if n != 1 {
		t.Fatalf("%d encodings of one version", n)
	}
	boom := errors.New("boom")
	if _, err := c.get("BBBBBB", "v1", func() (*auditEntry, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if s := c.Stats(); s.Entries != 1 {
		t.Fatalf("a failed encoding was kept: %+v", s)
	}
}
