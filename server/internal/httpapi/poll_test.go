package httpapi_test

import (
	"testing"
	"time"
)

// waitCount polls count until it gives want, and fails the test after 20 s
// naming what it counted: the server registers a socket or a viewer just
// after the handshake the dialer returns from, and drops it just after the
// close.
func waitCount(t testing.TB, what string, count func() int, want int) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		n := count()
		if n == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d %s, want %d", n, what, want)
		}
	}
}
