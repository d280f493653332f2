package protocol

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The e-mail rule (docs/api.md, "E-mail addresses"): one mailbox, one
// form, for accounts and for participants alike. An address is trimmed,
// refused if it holds an invisible or control character anywhere, folded
// with NFKC (full-width "ｕ" is "u", and "é" typed as e + U+0301 is one
// character) and its ASCII letters lower-cased; then it must be a plain
// address any mail server delivers to: an ASCII dot-atom local part and an
// ASCII host name. Letters from other alphabets that look Latin (Cyrillic
// "ԁ", Greek "ο") and accents are refused rather than kept as a second
// address; an internationalised domain is written in its xn-- form. The PWA
// applies the same rule (pwa/src/protocol/email.ts); both are tested with
// sync/testdata/text/emails.json.

// EmailFault says why the e-mail rule refuses an address.
type EmailFault int

const (
	EmailOK        EmailFault = iota
	EmailEmpty                // nothing but white space
	EmailInvalid              // not one address: no @, two @, too long, broken UTF-8
	EmailInvisible            // an invisible, control or space character anywhere
	EmailLocal                // the part before @ is not an ASCII dot-atom
	EmailDomain               // the part after @ is not an ASCII host name
)

const maxLocalLen = 64

// NormalizeEmail applies the e-mail rule, returning the one form an address
// is stored and looked up by, or why it is refused.
func NormalizeEmail(email string) (string, EmailFault) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", EmailEmpty
	}
	if len(email) > 4*MaxEmail || !utf8.ValidString(email) {
		return "", EmailInvalid
	}
	for _, r := range email {
		if !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) || r == ' ' {
			return "", EmailInvisible
		}
	}
	// Only ASCII letters are lower-cased: whatever else is left is refused
	// below, and Go's and JavaScript's case mappings differ outside ASCII
	// (Go folds "İ" to "i", JavaScript to "i" + U+0307).
	email = asciiLower(norm.NFKC.String(email))
	at := strings.LastIndexByte(email, '@')
	if at < 1 || at == len(email)-1 || len(email) > MaxEmail || strings.Count(email, "@") != 1 {
		return "", EmailInvalid
	}
	local, domain := email[:at], email[at+1:]
	if !isDotAtom(local) || len(local) > maxLocalLen {
		return "", EmailLocal
	}
	if !isHostName(domain) {
		return "", EmailDomain
	}
	return email, EmailOK
}

// ParticipantEmail is a participant's e-mail as stored: "" when none, or
// the e-mail rule's form. What the text rule refuses (a control character,
// a bidi override, broken text) is text_invalid, as in every other field;
// an address the e-mail rule refuses is invalid_email.
func ParticipantEmail(s string) (string, *Rejection) {
	if !utf8.ValidString(s) || strings.ContainsFunc(strings.TrimSpace(s), lineForbidden) {
		return "", Reject(ReasonTextInvalid)
	}
	email, fault := NormalizeEmail(s)
	switch fault {
	case EmailOK:
		return email, nil
	case EmailEmpty:
		return "", nil
	}
	return "", Reject(ReasonInvalidEmail)
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// isDotAtom: RFC 5322 atext characters in dot-separated runs (no quoted
// local parts, which few servers accept).
func isDotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte(".!#$%&'*+/=?^_`{|}~-", c) >= 0) {
			return false
		}
	}
	return true
}

// isHostName: two or more ASCII labels of letters, digits and inner
// hyphens, 1 to 63 characters each, and a top-level label that is not all
// digits.
func isHostName(s string) bool {
	labels := strings.Split(s, ".")
	if len(labels) < 2 || len(s) > 253 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			if c := l[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return strings.Trim(labels[len(labels)-1], "0123456789") != ""
}
