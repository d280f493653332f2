package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// startRun runs the server with env until stop, and returns its base URL.
// stop cancels run and returns what run returned.
func startRun(t *testing.T, env map[string]string) (base string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"sorteio"}, func(k string) string { return env[k] }, outW, t.Output())
		outW.Close()
	}()

	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil {
		t.Fatalf("no start-up line: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("start-up line %q has no address", line)
	}
	return strings.Fields(line[i:])[0], func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(20 * time.Second):
			t.Fatal("run did not stop after its context was cancelled")
			return nil
		}
	}
}

func TestRunServesAndShutsDown(t *testing.T) {
	// Not parallel: it reads every goroutine of the process.
	dbPath := filepath.Join(t.TempDir(), "dados", "sorteio.db")
	base, stop := startRun(t, map[string]string{"ADDR": "127.0.0.1:0", "SQLITE_PATH": dbPath})

	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("/healthz = %d, want 200", res.StatusCode)
	}
	if _, err := os.Stat(dbPath); err != nil {
		t.Fatalf("SQLite file not created in a missing folder: %v", err)
	}

	if err := stop(); err != nil {
		t.Fatalf("run after cancel: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("server still answers after shutdown")
	}
	// run returned only after its goroutines, and then closed the database:
	// none of them is left, and SQLite removed its WAL on the last close.
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, fn := range []string{"main.sweepSessions", "(*DB).ListenPokes", "(*DB).ListenSessionEnds"} {
		if strings.Contains(stacks, fn) {
			t.Errorf("%s still runs after run returned", fn)
		}
	}
	if _, err := os.Stat(dbPath + "-wal"); !os.IsNotExist(err) {
		t.Errorf("the database was not closed: its WAL is still there (%v)", err)
	}
}

func TestRunRejectsBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"unknown command", []string{"sorteio", "voar"}, nil, "comando desconhecido"},
		{"bad DATABASE_URL", []string{"sorteio"}, map[string]string{"DATABASE_URL": "mysql://x"}, "DATABASE_URL"},
		{"bad TRUST_PROXY", []string{"sorteio"}, map[string]string{"TRUST_PROXY": "talvez"}, "TRUST_PROXY"},
		{"bad RATE_LIMIT_SCALE", []string{"sorteio"}, map[string]string{"RATE_LIMIT_SCALE": "0"}, "RATE_LIMIT_SCALE"},
		{"MAX_BODY_BYTES too small", []string{"sorteio"}, map[string]string{"MAX_BODY_BYTES": "1024"}, "MAX_BODY_BYTES"},
		{"MAX_BODY_BYTES not a number", []string{"sorteio"}, map[string]string{"MAX_BODY_BYTES": "32MiB"}, "MAX_BODY_BYTES"},
		{"bad LOG_LEVEL", []string{"sorteio"}, map[string]string{"LOG_LEVEL": "alto"}, "LOG_LEVEL"},
		{"METRICS_ADDR on the public port", []string{"sorteio"}, map[string]string{"ADDR": "127.0.0.1:8080", "METRICS_ADDR": "127.0.0.1:8080"}, "METRICS_ADDR"},
		{"backup without a file", []string{"sorteio", "backup"}, nil, "uso: sorteio backup"},
		{"backup of PostgreSQL", []string{"sorteio", "backup", "x.db"}, map[string]string{"DATABASE_URL": "postgres://h/db"}, "pg_dump"},
		{"restore without a file", []string{"sorteio", "restore"}, nil, "uso: sorteio restore"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(context.Background(), tc.args, func(k string) string { return tc.env[k] }, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}
