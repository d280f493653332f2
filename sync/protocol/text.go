package protocol

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The text rule (docs/sync-protocol.md, "Text"), applied to every text a
// person types or imports: titles, descriptions, names, e-mails, ticket
// numbers and invalidation reasons. The PWA applies the same rule
// (pwa/src/protocol/text.ts); sync/testdata/text/vectors.json holds the cases
// both are tested with.
//
//  1. Broken text is refused: invalid UTF-8, and U+FFFD, which is what a
//     lone surrogate (\ud800) becomes when JSON is decoded.
//  2. NFC: "é" typed as e + U+0301 is stored as the one character U+00E9.
//  3. White space and invisible characters (zero-width space, joiners,
//     marks, BOM, soft hyphen) are removed at both ends. Inside a one-line
//     text, a format character is refused unless a script or an emoji
//     needs it there (joiners.go); a description keeps them.
//  4. What is left must hold no control character (C0, DEL, C1: NUL, ESC
//     and with it every ANSI sequence), no bidirectional override or isolate
//     (U+202A–U+202E, U+2066–U+2069), no line or paragraph separator
//     (U+2028, U+2029) and no noncharacter U+FFFE or U+FFFF. A description
//     may hold line feeds and tabs; nothing else may.
//
// Refusing rather than silently removing keeps what the organiser sees on
// the device equal to what everyone else sees, and a refused text names the
// reason (text_invalid) instead of changing under the user's fingers.

// CleanLine applies the text rule to a one-line text.
func CleanLine(s string) (string, bool) { return cleanText(s, false) }

// CleanMultiline applies the text rule to a description (line feeds and
// tabs allowed inside).
func CleanMultiline(s string) (string, bool) { return cleanText(s, true) }

func cleanText(s string, multiline bool) (string, bool) {
	if !utf8.ValidString(s) {
		return "", false
	}
	s = strings.TrimFunc(norm.NFC.String(s), isEdge)
	if strings.ContainsFunc(s, func(r rune) bool { return forbiddenRune(r, multiline) }) {
		return "", false
	}
	// A description may keep invisible characters inside (pasted text
	// carries soft hyphens); a one-line text names something and may not.
	if !multiline && strayFormat([]rune(s)) {
		return "", false
	}
	return s, true
}

// lineForbidden is what the text rule refuses in a one-line text besides
// format characters.
func lineForbidden(r rune) bool { return forbiddenRune(r, false) }

// isEdge is what trimming removes: Go's white space (the set
// strings.TrimSpace uses) and the invisible format characters.
func isEdge(r rune) bool {
	return unicode.IsSpace(r) || isInvisible(r)
}

// isInvisible: characters that render as nothing, trimmed at a text's ends
// (inside, joiners.go decides).
func isInvisible(r rune) bool {
	switch {
	case r == 0x00AD, r == 0x180E, r == 0xFEFF:
		return true
	case 0x200B <= r && r <= 0x200F, 0x2060 <= r && r <= 0x2064:
		return true
	}
	return false
}

func forbiddenRune(r rune, multiline bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return !multiline
	case r < 0x20, 0x7F <= r && r <= 0x9F:
		return true
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return true
	case r == 0x2028, r == 0x2029, r == utf8.RuneError, r == 0xFFFE, r == 0xFFFF:
		return true
	}
	return false
}

// SafeForTerminal renders a text from an untrusted record for printing:
// every character the text rule refuses, every format character (bidi marks
// such as U+061C, tags such as U+E0041: invisible, and some reorder what
// follows) and white space other than the plain space are written as \u
// escapes (a backslash is doubled, a broken byte is \x..), so a record
// cannot move the cursor, hide lines or reorder them on a terminal.
func SafeForTerminal(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\\':
			b.WriteString(`\\`)
		case forbiddenRune(r, false) || isInvisible(r) || unicode.Is(unicode.Cf, r) || (unicode.IsSpace(r) && r != ' '):
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08x`, r) // \u takes four digits: U+E0041 would read as U+E004 and "1"
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return b.String()
}
