package protocol

import (
	"bytes"
	"encoding/json"
	"unicode"
	"unicode/utf8"
)

// DuplicateKey returns the first key that appears twice in one object of the
// JSON text data, at any depth, and whether there is one. Go's decoder keeps
// the last of repeated keys and gjson the first, so a body with one could be
// read as two different requests; every body the server reads is refused
// with one (docs/api.md, "Errors").
//
// Keys are compared as encoding/json matches them to fields: unescaped and
// without case (ASCII and Unicode simple folding), so "type", "Type" and
// "\u0074ype" are one key. It is one pass over the bytes that allocates
// nothing for plain lower-case keys. Text that is not JSON is left to the
// decoder that runs after it.
func DuplicateKey(data []byte) (string, bool) {
	var s dupScanner
	return s.scan(data)
}

// shortObject is how many keys an object holds before they go into a map:
// comparing each new key with every earlier one is quadratic.
const shortObject = 16

type dupFrame struct {
	object bool
	keys   [][]byte            // folded keys so far
	set    map[string]struct{} // the same, once past shortObject
}

type dupScanner struct {
	stack []dupFrame
	depth int
}

// structural marks the bytes scan stops at; it runs through the rest
// (digits, letters, white space, colons) in a tight loop.
var structural = [256]bool{'{': true, '}': true, '[': true, ']': true, ',': true, '"': true}

func (s *dupScanner) scan(data []byte) (string, bool) {
	wantKey := false
	for i := 0; i < len(data); i++ {
		for i < len(data) && !structural[data[i]] {
			i++
		}
		if i == len(data) {
			break
		}
		switch data[i] {
		case '{':
			s.push(true)
			wantKey = true
		case '[':
			s.push(false)
			wantKey = false
		case '}', ']':
			if s.depth > 0 {
				s.depth--
			}
			wantKey = false
		case ',':
			wantKey = s.depth > 0 && s.stack[s.depth-1].object
		case '"':
			end, escaped := stringEnd(data, i+1)
			if end < 0 {
				return "", false
			}
			if wantKey {
				if key, dup := s.add(data[i:end+1], escaped); dup {
					return key, true
				}
				wantKey = false
			}
			i = end
		}
	}
	return "", false
}

// push opens an object or array, reusing the frame (and its key list) a
// closed sibling left at that depth.
func (s *dupScanner) push(object bool) {
	if s.depth == len(s.stack) {
		s.stack = append(s.stack, dupFrame{})
	}
	f := &s.stack[s.depth]
	f.object, f.keys, f.set = object, f.keys[:0], nil
	s.depth++
}

// add records a key of the innermost object (quoted, as in the text) and
// reports it when the object has it already.
func (s *dupScanner) add(quoted []byte, escaped bool) (string, bool) {
	if s.depth == 0 {
		return "", false
	}
	f := &s.stack[s.depth-1]
	k := foldKey(quoted, escaped)
	if f.set != nil {
		if _, ok := f.set[string(k)]; ok {
			return keyText(quoted), true
		}
		f.set[string(k)] = struct{}{}
		return "", false
	}
	for _, prev := range f.keys {
		if bytes.Equal(prev, k) {
			return keyText(quoted), true
		}
	}
	f.keys = append(f.keys, k)
	if len(f.keys) > shortObject {
		f.set = make(map[string]struct{}, 2*shortObject)
		for _, p := range f.keys {
			f.set[string(p)] = struct{}{}
		}
	}
	return "", false
}

var stringMark = [256]bool{'"': true, '\\': true}

// stringEnd returns the index of the quote that closes the string starting
// at from (-1 if none), and whether it holds an escape.
func stringEnd(data []byte, from int) (int, bool) {
	escaped := false
	for j := from; j < len(data); j++ {
		if !stringMark[data[j]] {
			continue
		}
		if data[j] == '"' {
			return j, escaped
		}
		escaped = true
		j++
	}
	return -1, escaped
}

// foldKey is a key as encoding/json compares it: unescaped, every rune
// replaced by the smallest of its case-folding orbit, ASCII in lower case.
// A plain lower-case ASCII key is returned as it stands, without copying.
func foldKey(quoted []byte, escaped bool) []byte {
	raw := quoted[1 : len(quoted)-1]
	if !escaped && plainKey(raw) {
		return raw
	}
	s := string(raw)
	if escaped || !utf8.Valid(raw) {
		// The decoder's own reading: escapes resolved, broken bytes as U+FFFD.
		if json.Unmarshal(quoted, &s) != nil {
			s = string(raw)
		}
	}
	out := make([]byte, 0, len(s))
	for _, r := range s {
		for {
			next := unicode.SimpleFold(r)
			if next <= r {
				r = next
				break
			}
			r = next
		}
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}

func plainKey(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// keyText is a repeated key as the decoder reads it, for the message.
func keyText(quoted []byte) string {
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted[1 : len(quoted)-1])
	}
	return s
}
