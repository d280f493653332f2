package importfile

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// xmlHandler receives a part's markup in order. Names are local (the prefix
// dropped); attrs is the tag's raw attribute text (see attrValue); text is
// character data, raw unless cdata.
type xmlHandler interface {
	start(name, attrs []byte) error
	end(name []byte) error
	text(raw []byte, cdata bool) error
}

var errMalformed = failed(reasonCorrupt)

// scanXML checks that a part is well-formed XML while it hands its markup
// to h, in one pass over bytes held whole: valid UTF-8, no character XML
// forbids (a NUL, other controls but tab and line breaks), entity
// references that exist, every tag closed in order, one root element, no
// DOCTYPE. Anything else, a part cut off included, is a corrupt file. It is
// the same check as the PWA's (pwa/src/protocol/import/xml-check.ts) and
// several times faster than encoding/xml's tokens on a sheet.
func scanXML(b []byte, h xmlHandler) error {
	if !utf8.Valid(b) {
		return errMalformed
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	var stack [][]byte
	roots := 0
	for i := 0; i < len(b); {
		if b[i] != '<' {
			j := bytes.IndexByte(b[i:], '<')
			if j < 0 {
				j = len(b) - i
			}
			raw := b[i : i+j]
			if !validText(raw) {
				return errMalformed
			}
			if len(stack) == 0 {
				if len(bytes.TrimLeft(raw, " \t\r\n")) > 0 {
					return errMalformed
				}
			} else if err := h.text(raw, false); err != nil {
				return err
			}
			i += j
			continue
		}
		rest := b[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<?")):
			n, ok := skipPast(rest, 2, "?>")
			if !ok {
				return errMalformed
			}
			i += n
		case bytes.HasPrefix(rest, []byte("<!--")):
			n, ok := skipPast(rest, 4, "-->")
			if !ok {
				return errMalformed
			}
			i += n
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			n, ok := skipPast(rest, 9, "]]>")
			if !ok || len(stack) == 0 {
				return errMalformed
			}
			if err := h.text(rest[9:n-3], true); err != nil {
				return err
			}
			i += n
		case bytes.HasPrefix(rest, []byte("<!")): // a DOCTYPE: never in a spreadsheet
			return errMalformed
		case bytes.HasPrefix(rest, []byte("</")):
			name, n := xmlName(rest, 2)
			n = skipSpace(rest, n)
			if len(stack) == 0 || n >= len(rest) || rest[n] != '>' || !bytes.Equal(name, stack[len(stack)-1]) {
				return errMalformed
			}
			stack = stack[:len(stack)-1]
			if err := h.end(localName(name)); err != nil {
				return err
			}
			i += n + 1
		default:
			name, attrs, n, empty, ok := startTag(rest)
			if !ok || (len(stack) == 0 && roots > 0) {
				return errMalformed
			}
			if len(stack) == 0 {
				roots++
			}
			if err := h.start(localName(name), attrs); err != nil {
				return err
			}
			if empty {
				if err := h.end(localName(name)); err != nil {
					return err
				}
			} else {
				stack = append(stack, name)
			}
			i += n
		}
	}
	if len(stack) > 0 || roots != 1 {
		return errMalformed
	}
	return nil
}

// skipPast is the length up to and including end, searched from 'from'; it
// checks the characters between.
func skipPast(b []byte, from int, end string) (int, bool) {
	j := bytes.Index(b[from:], []byte(end))
	if j < 0 || !validChars(b[from:from+j]) {
		return 0, false
	}
	return from + j + len(end), true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isNameByte(c byte) bool {
	return !isSpace(c) && c != '<' && c != '>' && c != '/' && c != '=' && c != '"' && c != '\'' && c != '&' && c >= 0x20
}

// xmlName is the name at i (empty if none) and the index after it.
func xmlName(b []byte, i int) ([]byte, int) {
	j := i
	for j < len(b) && isNameByte(b[j]) {
		j++
	}
	return b[i:j], j
}

func localName(name []byte) []byte {
	if k := bytes.IndexByte(name, ':'); k >= 0 {
		return name[k+1:]
	}
	return name
}

// startTag reads "<name a="v" ...>" or ".../>": its name, raw attributes,
// length, and whether it closes itself.
func startTag(b []byte) (name, attrs []byte, n int, empty, ok bool) {
	name, i := xmlName(b, 1)
	if len(name) == 0 {
		return nil, nil, 0, false, false
	}
	from := i
	for {
		j := skipSpace(b, i)
		if j >= len(b) {
			return nil, nil, 0, false, false
		}
		if b[j] == '>' {
			return name, b[from:j], j + 1, false, true
		}
		if b[j] == '/' {
			if j+1 < len(b) && b[j+1] == '>' {
				return name, b[from:j], j + 2, true, true
			}
			return nil, nil, 0, false, false
		}
		if j == i { // an attribute must follow a space
			return nil, nil, 0, false, false
		}
		an, k := xmlName(b, j)
		k = skipSpace(b, k)
		if len(an) == 0 || k >= len(b) || b[k] != '=' {
			return nil, nil, 0, false, false
		}
		k = skipSpace(b, k+1)
		if k >= len(b) || (b[k] != '"' && b[k] != '\'') {
			return nil, nil, 0, false, false
		}
		q := bytes.IndexByte(b[k+1:], b[k])
		if q < 0 {
			return nil, nil, 0, false, false
		}
		v := b[k+1 : k+1+q]
		if bytes.IndexByte(v, '<') >= 0 || !validText(v) {
			return nil, nil, 0, false, false
		}
		i = k + 1 + q + 1
	}
}

// validChars refuses the control characters XML 1.0 forbids.
func validChars(b []byte) bool {
	for _, c := range b {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// validText is validChars with every '&' starting a known reference.
func validText(b []byte) bool {
	if !validChars(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		if b[i] == '&' {
			r, n := entity(b[i:])
			if n == 0 || r < 0 {
				return false
			}
			i += n - 1
		}
	}
	return true
}

var entities = map[string]rune{"lt": '<', "gt": '>', "amp": '&', "quot": '"', "apos": '\''}

// entity is the character of the reference at b[0] ('&') and its length; 0
// when it is not one.
func entity(b []byte) (rune, int) {
	end := bytes.IndexByte(b[:min(len(b), 12)], ';')
	if end < 2 {
		return 0, 0
	}
	ref := string(b[1:end])
	if r, ok := entities[ref]; ok {
		return r, end + 1
	}
	if ref[0] != '#' {
		return 0, 0
	}
	var v uint64
	var err error
	if strings.HasPrefix(ref, "#x") {
		v, err = strconv.ParseUint(ref[2:], 16, 32)
	} else {
		v, err = strconv.ParseUint(ref[1:], 10, 32)
	}
	if err != nil || v > utf8.MaxRune {
		return 0, 0
	}
	r := rune(v)
	if (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0xD800 && r <= 0xDFFF) {
		return 0, 0
	}
	return r, end + 1
}

// decodeText is character data as text: references replaced, line breaks
// as XML reads them (\r\n and \r are \n).
func decodeText(raw []byte, cdata bool) string {
	if !cdata && bytes.IndexByte(raw, '&') >= 0 {
		var out []byte
		for i := 0; i < len(raw); i++ {
			if raw[i] == '&' {
				r, n := entity(raw[i:])
				out = utf8.AppendRune(out, r)
				i += n - 1
				continue
			}
			out = append(out, raw[i])
		}
		raw = out
	}
	if bytes.IndexByte(raw, '\r') >= 0 {
		return strings.ReplaceAll(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\r", "\n")
	}
	return string(raw)
}

// attrValue is the decoded value of the attribute named name (no prefix) in
// a tag's raw attributes, already checked by startTag.
func attrValue(attrs []byte, name string) string {
	for i := 0; i < len(attrs); {
		i = skipSpace(attrs, i)
		an, k := xmlName(attrs, i)
		if len(an) == 0 {
			return ""
		}
		k = skipSpace(attrs, k)
		k = skipSpace(attrs, k+1)
		q := bytes.IndexByte(attrs[k+1:], attrs[k])
		v := attrs[k+1 : k+1+q]
		if string(an) == name {
			return decodeText(v, false)
		}
		i = k + 1 + q + 1
	}
	return ""
}
