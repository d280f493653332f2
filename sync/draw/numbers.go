package draw

import (
	"cmp"
	"strings"
)

// All-digit ticket numbers by value: the Loteria Federal reads them here, and
// sync/protocol numbers new tickets with them (protocol imports draw, so the
// rules live on this side). pwa/src/lib/ticket-numbers.ts is the PWA's twin,
// both tested against sync/testdata/tickets/numbers.json.

// IsDigits reports whether s is one or more ASCII digits.
func IsDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// NumberValue is the number an all-digit ticket stands for: its digits
// without leading zeros ("0366" is "366", "000" is "0").
func NumberValue(n string) string {
	if v := strings.TrimLeft(n, "0"); v != "" {
		return v
	}
	return "0"
}

// LessNumber reports whether the all-digit number a is of lower value than b,
// without a size limit ("7" is less than "010"; "7" and "007" are equal).
func LessNumber(a, b string) bool {
	return compareValues(NumberValue(a), NumberValue(b)) < 0
}

// compareValues orders numbers without leading zeros of any length.
func compareValues(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}
