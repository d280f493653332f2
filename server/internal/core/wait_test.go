package core

import (
	"testing"
	"time"
)

// The wait in a 429's message is rounded up, in seconds under a minute,
// singular and plural right.
func TestWaitText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "1 segundo"},
		{time.Second, "1 segundo"},
		{1200 * time.Millisecond, "2 segundos"},
		{59 * time.Second, "59 segundos"},
		{59500 * time.Millisecond, "1 minuto"},
		{time.Minute, "1 minuto"},
		{61 * time.Second, "2 minutos"},
		{10 * time.Minute, "10 minutos"},
	} {
		if got := WaitText(tc.d); got != tc.want {
			t.Errorf("WaitText(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
	e := RateLimited(90 * time.Second)
	if e.Message != "Muitas tentativas. Tente de novo em 2 minutos." || e.RetryAfter != 90*time.Second || e.Code != CodeRateLimited {
		t.Errorf("RateLimited(90s) = %+v", e)
	}
}
