package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// The -proxy mode checks the topology of docker-compose.yml without Docker:
// two server processes on one PostgreSQL schema behind Caddy, run with
// deploy/Caddyfile itself (its upstreams and address replaced by local ones).
// Viewers and the organiser go through Caddy; least-connections balancing
// spreads the viewers over both instances, so whichever instance takes the
// draw's push, the viewers of the other must get it through NOTIFY.

// caddyConfig rewrites the compose file's Caddyfile for local processes.
func caddyConfig(caddyfile, listen string, upstreams []string) (string, error) {
	b, err := os.ReadFile(caddyfile)
	if err != nil {
		return "", err
	}
	s := string(b)
	for _, part := range []struct{ from, to string }{
		{"\n:8080 {", "\n" + listen + " {"},
		{"reverse_proxy app1:8080 app2:8080 {", "reverse_proxy " + strings.Join(upstreams, " ") + " {"},
	} {
		if !strings.Contains(s, part.from) {
			return "", fmt.Errorf("%s: %q não encontrado", caddyfile, strings.TrimSpace(part.from))
		}
		s = strings.Replace(s, part.from, part.to, 1)
	}
	// No admin endpoint: it would take a fixed port.
	return "{\n\tadmin off\n}\n" + s, nil
}

// startCaddy runs caddy in front of the upstreams; it returns the proxy's
// base URL and how to stop it.
func startCaddy(ctx context.Context, caddyfile string, upstreams []string, stderr io.Writer) (string, func(), error) {
	addr, err := freeAddr()
	if err != nil {
		return "", nil, err
	}
	// With a host, Caddy would serve HTTPS; the compose file's bare :8080 is plain HTTP.
	conf, err := caddyConfig(caddyfile, "http://"+addr, upstreams)
	if err != nil {
		return "", nil, err
	}
	dir, err := os.MkdirTemp("", "loadviewers-caddy")
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	cmd := exec.CommandContext(ctx, "caddy", "run", "--config", path, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	stop := func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
		os.RemoveAll(dir)
	}
	base := "http://" + addr
	if err := waitHealthy(base); err != nil {
		stop()
		return "", nil, fmt.Errorf("caddy: %w", err)
	}
	fmt.Fprintf(stderr, "caddy em %s na frente de %s\n", base, strings.Join(upstreams, " e "))
	return base, stop, nil
}

// established counts the open TCP connections accepted on addr's port
// (/proc/net/tcp: local port, state 01).
func established(addr string) int {
	_, port, _ := strings.Cut(addr, ":")
	p, _ := strconv.Atoi(port)
	want := fmt.Sprintf(":%04X", p)
	f, err := os.Open("/proc/net/tcp")
	if err != nil {
		return -1
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) > 3 && strings.HasSuffix(fields[1], want) && fields[3] == "01" {
			n++
		}
	}
	return n
}
