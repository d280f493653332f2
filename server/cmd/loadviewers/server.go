package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

// server is the server under test, a child process.
type server struct {
	cmd  *exec.Cmd
	addr string // host:port
	base string
	done func()
}

// startServer runs the binary on a free 127.0.0.1 port over a database:
// dsn, or a temporary SQLite file when dsn is empty. extra adds to its
// environment.
func startServer(ctx context.Context, bin, dsn string, extra []string, stderr io.Writer) (*server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "loadviewers")
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), "ADDR="+addr, "LOG_LEVEL=warn", "RATE_LIMIT_SCALE=10000",
		"PUBLIC_VIEWERS_MAX=30000", "PUBLIC_VIEWERS_PER_IP=30000", "SQLITE_PATH="+filepath.Join(dir, "sorteio.db"), "DATABASE_URL="+dsn)
	cmd := exec.CommandContext(ctx, bin, "serve")
	cmd.Env, cmd.Stdout, cmd.Stderr = append(env, extra...), io.Discard, stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s := &server{cmd: cmd, addr: addr, base: "http://" + addr, done: func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}}
	if err := waitHealthy(s.base); err != nil {
		s.done()
		return nil, err
	}
	return s, nil
}

// freeAddr picks a free port on 127.0.0.1.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitHealthy waits up to 20 s for base/healthz to answer 200.
func waitHealthy(base string) error {
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s não respondeu em 20 s: %v", base, err)
		}
	}
}

// freshSchema creates an empty schema and returns a URL that uses it.
func freshSchema(base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	schema := "lv_" + hex.EncodeToString(raw[:])
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	}, nil
}

// rss is the servers' resident memory in bytes.
func rss(servers []*server) (sum int64) {
	for _, s := range servers {
		sum += rssOf(s.cmd.Process.Pid)
	}
	return sum
}

// cpu is the servers' user and system CPU time so far.
func cpu(servers []*server) (sum time.Duration) {
	for _, s := range servers {
		sum += cpuOf(s.cmd.Process.Pid)
	}
	return sum
}

// rssOf is a process's resident memory in bytes (/proc/<pid>/status VmRSS).
func rssOf(pid int) int64 { return statusBytes(pid, "VmRSS:") }

// peakRSSOf is a process's peak resident memory so far (VmHWM).
func peakRSSOf(pid int) int64 { return statusBytes(pid, "VmHWM:") }

// statusBytes reads one size field (kB) of /proc/<pid>/status, in bytes.
func statusBytes(pid int, field string) int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// cpuOf is a process's user and system CPU time so far (/proc/<pid>/stat).
func cpuOf(pid int) time.Duration {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+k) * time.Second / 100 // USER_HZ
}
