package protocol

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The phone rule (docs/api.md, "Phone numbers"): a participant's phone is
// stored in E.164 ("+5511912345678"), the one form it is searched, shown
// and linked to WhatsApp by. Brazilian numbers may be typed as people
// write them: "(11) 91234-5678", "11 3234-5678", with 55, with the trunk
// 0 ("011 …") or the 0 and a carrier code ("0 21 11 …"). A Brazilian
// number needs a known area code (DDD) and either a 9-digit mobile number
// starting with 9 or an 8-digit landline starting with 2 to 5: an 8-digit
// mobile from before the ninth digit is refused, not guessed. Other
// countries are accepted only in E.164, with "+" and 8 to 15 digits. The
// PWA applies the same rule (pwa/src/protocol/phone.ts); both are tested
// with sync/testdata/text/phones.json.

// PhoneFault says why the phone rule refuses a number.
type PhoneFault int

const (
	PhoneOK      PhoneFault = iota
	PhoneEmpty              // nothing but white space
	PhoneInvalid            // a character that is not a digit, space, ( ) - . or a leading +
	PhoneArea               // a Brazilian number with an area code that does not exist
	PhoneNumber             // the digits do not make a Brazilian or an E.164 number
)

// MaxPhoneInput bounds what the rule reads: a number with its spaces and
// punctuation is far shorter.
const MaxPhoneInput = 40

// brAreas are Brazil's area codes (Anatel's DDD list).
var brAreas = func() map[string]bool {
	m := map[string]bool{}
	for _, a := range strings.Fields("11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 " +
		"41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 " +
		"81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99") {
		m[a] = true
	}
	return m
}()

// NormalizePhone applies the phone rule: the number in E.164, or why it is
// refused.
func NormalizePhone(s string) (string, PhoneFault) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", PhoneEmpty
	}
	if len(s) > 4*MaxPhoneInput || !utf8.ValidString(s) {
		return "", PhoneInvalid
	}
	// Full-width digits (from some keyboards) are digits.
	s = norm.NFKC.String(s)
	plus := strings.HasPrefix(s, "+")
	digits := make([]byte, 0, len(s))
	for i, r := range s {
		switch {
		case '0' <= r && r <= '9':
			digits = append(digits, byte(r))
		case r == ' ' || r == '(' || r == ')' || r == '-' || r == '.':
		case r == '+' && i == 0:
		default:
			return "", PhoneInvalid
		}
	}
	if utf8.RuneCountInString(s) > MaxPhoneInput {
		return "", PhoneInvalid
	}
	d := string(digits)
	if plus {
		if strings.HasPrefix(d, "55") {
			return brazilian(d[2:])
		}
		if len(d) < 8 || len(d) > 15 || d[0] == '0' {
			return "", PhoneNumber
		}
		return "+" + d, PhoneOK
	}
	switch {
	case d == "":
		return "", PhoneNumber
	case d[0] == '0' && (len(d) == 11 || len(d) == 12): // the trunk 0, then the area code
		return brazilian(d[1:])
	case d[0] == '0' && (len(d) == 13 || len(d) == 14): // 0 and a carrier code
		return brazilian(d[3:])
	case (len(d) == 12 || len(d) == 13) && strings.HasPrefix(d, "55"):
		return brazilian(d[2:])
	}
	return brazilian(d)
}

// brazilian checks a national number: area code and subscriber.
func brazilian(d string) (string, PhoneFault) {
	if len(d) != 10 && len(d) != 11 {
		return "", PhoneNumber
	}
	if !brAreas[d[:2]] {
		return "", PhoneArea
	}
	sub := d[2:]
	mobile := len(sub) == 9 && sub[0] == '9'
	landline := len(sub) == 8 && sub[0] >= '2' && sub[0] <= '5'
	if !mobile && !landline {
		return "", PhoneNumber
	}
	return "+55" + d, PhoneOK
}

// FormatPhone shows a stored number: "+55 11 91234-5678" for Brazil, the
// E.164 form for other countries (whose grouping the rule does not know).
func FormatPhone(e164 string) string {
	if !strings.HasPrefix(e164, "+55") || (len(e164) != 13 && len(e164) != 14) {
		return e164
	}
	area, sub := e164[3:5], e164[5:]
	cut := len(sub) - 4
	return "+55 " + area + " " + sub[:cut] + "-" + sub[cut:]
}

// ParticipantPhone is a participant's phone as stored: "" when none, or the
// E.164 form. What the text rule refuses is text_invalid, as in every other
// field; a number the phone rule refuses is invalid_phone.
func ParticipantPhone(s string) (string, *Rejection) {
	if !utf8.ValidString(s) || strings.ContainsFunc(strings.TrimSpace(s), lineForbidden) {
		return "", Reject(ReasonTextInvalid)
	}
	phone, fault := NormalizePhone(s)
	switch fault {
	case PhoneOK:
		return phone, nil
	case PhoneEmpty:
		return "", nil
	}
	return "", Reject(ReasonInvalidPhone)
}
