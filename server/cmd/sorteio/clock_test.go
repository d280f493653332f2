package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The test clock moves by the file's milliseconds, and is time.Now without it.
func TestAPIClock(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	file := filepath.Join(t.TempDir(), "clock")
	clock := apiClock(file, log)
	if d := time.Until(clock()); d < -time.Minute || d > time.Minute {
		t.Fatalf("without the file the clock is %v off", d)
	}
	if err := os.WriteFile(file, []byte("7200000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(clock()); d < 119*time.Minute || d > 121*time.Minute {
		t.Fatalf("with 2 h in the file the clock is %v ahead", d)
	}
}
