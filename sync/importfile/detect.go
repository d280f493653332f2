package importfile

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// Kind is what a file is, by its extension and its first bytes together.
type Kind string

const (
	KindCSV  Kind = "csv"
	KindXLSX Kind = "xlsx"
	KindXLS  Kind = "xls"
)

var (
	magicZip = []byte{0x50, 0x4b, 0x03, 0x04}
	magicOLE = []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}
)

// DetectKind checks the extension against the content. An .xlsx that starts
// with the OLE header is an encrypted package (a password); a CSV must be text
// (no NUL byte in its first 8 KB).
func DetectKind(fileName string, b []byte) (Kind, error) {
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(fileName), "."))
	if ext == "txt" { // Excel's 'Texto Unicode' and other text exports
		ext = "csv"
	}
	if ext != "csv" && ext != "xlsx" && ext != "xls" {
		return "", refuse("%s", msgWrongKind)
	}
	if len(b) > MaxBytes {
		return "", failed(reasonTooBig)
	}
	if len(b) == 0 {
		return "", refuse("%s", msgNoRows)
	}
	zip, ole := bytes.HasPrefix(b, magicZip), bytes.HasPrefix(b, magicOLE)
	if ext == "csv" {
		if utf16BOM(b) != "" {
			return KindCSV, nil
		}
		if zip || ole || bytes.IndexByte(b[:min(len(b), 8192)], 0) >= 0 {
			return "", refuse("%s", msgWrongKind)
		}
		return KindCSV, nil
	}
	switch {
	case ext == "xlsx" && ole:
		return "", failed(reasonPassword)
	case zip:
		return KindXLSX, nil
	case ole:
		return KindXLS, nil
	}
	return "", refuse("%s", msgWrongKind)
}

// utf16BOM is the encoding a UTF-16 byte order mark names, or "".
func utf16BOM(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		return "utf-16le"
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		return "utf-16be"
	}
	return ""
}

// DecodeText is UTF-16 after its byte order mark (Excel's 'Texto Unicode');
// else UTF-8 (BOM dropped) when the bytes are valid UTF-8, else
// Windows-1252, as Excel pt-BR writes CSV.
func DecodeText(b []byte) (text, encoding string) {
	if enc := utf16BOM(b); enc != "" {
		order := unicode.LittleEndian
		if enc == "utf-16be" {
			order = unicode.BigEndian
		}
		out, _ := unicode.UTF16(order, unicode.ExpectBOM).NewDecoder().Bytes(b)
		return string(out), enc
	}
	if utf8.Valid(b) {
		return strings.TrimPrefix(string(b), "\uFEFF"), "utf-8"
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil { // not reached: every byte maps to a rune
		return string(b), "windows-1252"
	}
	return string(out), "windows-1252"
}

// delimiterLines is how many lines DetectDelimiter reads: title rows may
// come before the header.
const delimiterLines = 10

// DetectDelimiter is the most frequent of ; , and tab (outside quotes) in
// the line of the first ten that holds most of them (the first on a tie);
// a tie between them goes in that order; none is ','.
func DetectDelimiter(text string) rune {
	best, most := ',', 0
	counts := map[rune]int{}
	quoted, line := false, 0
	done := func() bool {
		total := counts[';'] + counts[','] + counts['\t']
		if total > most {
			most, best = total, ','
			top := 0
			for _, d := range []rune{';', ',', '\t'} {
				if counts[d] > top {
					best, top = d, counts[d]
				}
			}
		}
		counts = map[rune]int{}
		line++
		return line >= delimiterLines
	}
	for i, c := range text {
		switch {
		case c == '"':
			quoted = !quoted
		case !quoted && c == '\r' && i+1 < len(text) && text[i+1] == '\n':
		case !quoted && (c == '\n' || c == '\r'):
			if done() {
				return best
			}
		case !quoted && (c == ';' || c == ',' || c == '\t'):
			counts[c]++
		}
	}
	done()
	return best
}
