package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

type dupVector struct {
	Name     string  `json:"name"`
	JSON     string  `json:"json"`
	Repeated *string `json:"repeated"`
}

// readDupVectors reads the shared vectors of repeated keys.
func readDupVectors(t testing.TB) []dupVector {
	raw, err := os.ReadFile("../testdata/json/duplicate-keys.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []dupVector `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Cases) < 15 {
		t.Fatalf("%d vectors read: %v", len(file.Cases), err)
	}
	return file.Cases
}

func TestDuplicateKeyVectors(t *testing.T) {
	for _, v := range readDupVectors(t) {
		t.Run(v.Name, func(t *testing.T) {
			key, found := DuplicateKey([]byte(v.JSON))
			switch {
			case v.Repeated == nil && found:
				t.Fatalf("found %q repeated in %s", key, v.JSON)
			case v.Repeated != nil && (!found || key != *v.Repeated):
				t.Fatalf("found %q (%v), want %q", key, found, *v.Repeated)
			}
			if ref := referenceDuplicate(t, []byte(v.JSON)); ref != found {
				t.Fatalf("the token reader says %v", ref)
			}
		})
	}
}

// Text that is not JSON never makes it panic; what it says then does not
// matter (the decoder refuses the text).
func TestDuplicateKeyOnBrokenText(t *testing.T) {
	for _, s := range []string{``, `"`, `{"a`, `{"a\`, `]]]}}`, `{"a":1}}}],"a":2`, `{"\u00zz":1,"\u00zz":2}`, "{\"\xff\":1,\"\xfe\":2}",
		strings.Repeat("[", 100000), strings.Repeat(`{"a":`, 50000)} {
		DuplicateKey([]byte(s))
	}
	if key, found := DuplicateKey([]byte("{\"\xff\":1,\"\xfe\":2}")); !found || key != "\uFFFD" {
		t.Fatalf("broken bytes, read as U+FFFD by the decoder: %q %v", key, found)
	}
}

// FuzzDuplicateKey: on any valid JSON, DuplicateKey agrees with a reader of
// encoding/json's tokens that compares every pair of keys of an object as
// the decoder matches fields (strings.EqualFold).
func FuzzDuplicateKey(f *testing.F) {
	for _, v := range readDupVectors(f) {
		f.Add([]byte(v.JSON))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, found := DuplicateKey(data)
		if !json.Valid(data) {
			return
		}
		if ref := referenceDuplicate(t, data); ref != found {
			t.Fatalf("DuplicateKey says %v, the token reader %v, for %q", found, ref, data)
		}
	})
}

// referenceDuplicate is the slow, obvious reading: encoding/json's tokens,
// every key of an object compared with every other one.
func referenceDuplicate(t testing.TB, data []byte) bool {
	type frame struct {
		object  bool
		wantKey bool
		keys    []string
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	var stack []*frame
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return false
		}
		if err != nil {
			t.Fatalf("token reader: %v", err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantKey = true
			}
			continue
		}
		if top != nil && top.object && top.wantKey {
			key := tok.(string)
			for _, k := range top.keys {
				if strings.EqualFold(k, key) {
					return true
				}
			}
			top.keys = append(top.keys, key)
			top.wantKey = false
			continue
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, &frame{object: d == '{', wantKey: d == '{'})
			continue
		}
		if top != nil && top.object {
			top.wantKey = true
		}
	}
}

// A push of 100,000 tickets (10,000 people of 10), about 14 MB: the scan
// each push body now gets before it is decoded.
func BenchmarkDuplicateKeyPush100k(b *testing.B) {
	body := pushBody100k()
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, found := DuplicateKey(body); found {
			b.Fatal("a repeat found")
		}
	}
}

// pushBody100k is a push of 100,000 tickets in 20 ops, as the PWA sends them.
func pushBody100k() []byte {
	var sb strings.Builder
	sb.WriteString(`{"client_id":"0192f0c1-0000-7000-8000-0000000000c1","schema_version":2,"ops":[`)
	for op := 0; op < 20; op++ {
		if op > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"op_id":"0192f0c1-0000-7000-8000-%012d","mutation_id":%d,"raffle_id":"0192f0c1-0000-7000-8000-00000000a001",`+
			`"type":"participants.add","base_seq":0,"payload":{"tickets":[`, op, op+1)
		for i := 0; i < 5000; i++ {
			if i > 0 {
				sb.WriteByte(',')
			}
			n := op*5000 + i
			fmt.Fprintf(&sb, `{"id":"0192f0c1-0000-7000-8000-%012d","name":"Pessoa %d","email":"pessoa%d@example.com",`+
				`"ticket_number":"%06d","group_id":"0192f0c1-0000-7000-9000-%012d","created_at":1763700000000}`, n, n/10, n/10, n, n/10)
		}
		sb.WriteString(`]}}`)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}
