package auth

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/sorteio/sorteio/server/internal/core"
)

// The e-mail policy (docs/api.md, "E-mail addresses"): one mailbox, one
// account. An address is trimmed, refused if it holds an invisible or
// control character anywhere, folded with NFKC (full-width "ｕ" is "u", and
// "é" typed as e + U+0301 is one character) and lower-cased; then it must be
// a plain address any mail server delivers to: an ASCII dot-atom local part
// and an ASCII host name. Letters from other alphabets that look Latin
// (Cyrillic "ԁ", Greek "ο") and accents are refused rather than kept as a
// second account; an internationalised domain is written in its xn-- form.

var (
	errEmailEmpty     = core.FieldError("email", "Informe o e-mail.")
	errEmailInvalid   = core.FieldError("email", "Informe um e-mail válido.")
	errEmailInvisible = core.FieldError("email", "O e-mail tem caracteres invisíveis ou de controle: digite-o de novo.")
	errEmailLocal     = core.FieldError("email", "Antes do @, use só letras sem acento, números e . _ - +.")
	errEmailDomain    = core.FieldError("email", "Domínio do e-mail inválido: use letras sem acento, números, - e . (domínios com acento na forma xn--).")
)

const maxLocalLen = 64

// NormalizeEmail applies the e-mail policy, returning the one form an
// address is stored and looked up by.
func NormalizeEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", errEmailEmpty
	}
	if len(email) > 4*maxEmailLen || !utf8.ValidString(email) {
		return "", errEmailInvalid
	}
	for _, r := range email {
		if !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r) || r == ' ' {
			return "", errEmailInvisible
		}
	}
	email = strings.ToLower(norm.NFKC.String(email))
	at := strings.LastIndexByte(email, '@')
	if at < 1 || at == len(email)-1 || len(email) > maxEmailLen || strings.Count(email, "@") != 1 {
		return "", errEmailInvalid
	}
	local, domain := email[:at], email[at+1:]
	if !isDotAtom(local) || len(local) > maxLocalLen {
		return "", errEmailLocal
	}
	if !isHostName(domain) {
		return "", errEmailDomain
	}
	return email, nil
}

// EmailKey is what rate limits count an e-mail under: its normal form, or
// the trimmed lower-case text when the policy refuses it.
func EmailKey(email string) string {
	if norm, err := NormalizeEmail(email); err == nil {
		return norm
	}
	return strings.ToLower(strings.TrimSpace(email))
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
