package main

import (
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"
)

// apiClock is the clock the API decides by, and the e-mailed links' expiry
// and the outbox with it: time.Now in production, or with TEST_CLOCK_FILE
// (end-to-end tests only) time.Now plus the milliseconds that file holds, so
// a test can move the server past a Loteria Federal extraction or a reset
// link's expiry without waiting for it. A missing or unreadable file adds
// nothing.
func apiClock(file string, log *slog.Logger) func() time.Time {
	if file == "" {
		return time.Now
	}
	log.Warn("TEST_CLOCK_FILE is set: the API's clock follows that file (tests only)", "file", file)
	return func() time.Time {
		raw, err := os.ReadFile(file) //nolint:gosec // the path is the operator's own TEST_CLOCK_FILE setting
		if err != nil {
			return time.Now()
		}
		ms, err := strconv.ParseInt(strings.TrimSpace(string(raw)), 10, 64)
		if err != nil {
			return time.Now()
		}
		return time.Now().Add(time.Duration(ms) * time.Millisecond)
	}
}
