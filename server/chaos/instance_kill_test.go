//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startCaddy runs deploy/Caddyfile (the compose file's proxy) in front of
// the instances, its addresses made local, as make check-proxy does.
func startCaddy(t *testing.T, upstreams ...string) string {
	t.Helper()
	if _, err := exec.LookPath("caddy"); err != nil {
		t.Skip("caddy não está no PATH (apt-get install caddy): teste pulado")
	}
	b, err := os.ReadFile("../../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	conf := strings.Replace(string(b), "\n:8080 {", "\nhttp://"+addr+" {", 1)
	conf = strings.Replace(conf, "reverse_proxy app1:8080 app2:8080 {", "reverse_proxy "+strings.Join(upstreams, " ")+" {", 1)
	if !strings.Contains(conf, addr) || !strings.Contains(conf, upstreams[0]) {
		t.Fatal("deploy/Caddyfile mudou: endereços não encontrados")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(path, []byte("{\n\tadmin off\n}\n"+conf), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("caddy", "run", "--config", path, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() })
	base := "http://" + addr
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return base
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("caddy never answered")
		}
	}
}

// TestInstanceKilledBehindProxy: two instances on one PostgreSQL behind
// Caddy, viewers spread over both; one instance is killed (SIGKILL). Its
// viewers reconnect through the proxy to the other, from their after, and
// every viewer gets the states pushed since, through the surviving one.
func TestInstanceKilledBehindProxy(t *testing.T) {
	raiseFileLimit(t)
	pg := newCluster(t)
	a := startInstance(t, pg.DSN, "TRUST_PROXY=true")
	b := startInstance(t, pg.DSN, "TRUST_PROXY=true")
	proxy := startCaddy(t, a.addr, b.addr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	// The proxy names each request; the instance logs that id and echoes it.
	req, _ := http.NewRequest("GET", proxy+"/healthz", nil)
	req.Header.Set("X-Request-Id", "escolhido-pelo-cliente")
	if res, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
		if id := res.Header.Get("X-Request-Id"); len(id) != 36 || strings.Count(id, "-") != 4 {
			t.Errorf("X-Request-Id through the proxy %q, want Caddy's UUID", id)
		}
	}

	d := newDevice(t, proxy, "organizador@exemplo.com")
	d.addPeople(1, 10)
	pushAll := func(within time.Duration) {
		t.Helper()
		for deadline := time.Now().Add(within); d.pending() > 0; {
			if d.pushOnce() != 200 {
				if time.Now().After(deadline) {
					t.Fatalf("pushes through the proxy failing for %v: %v", within, d.statuses)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
	pushAll(10 * time.Second)
	viewers := make([]*viewer, 400)
	for i := range viewers {
		viewers[i] = watch(ctx, proxy, d.code)
	}
	waitAll := func(head int64, within time.Duration) {
		t.Helper()
		deadline := time.Now().Add(within)
		for i, v := range viewers {
			for v.last.Load() < head {
				if time.Now().After(deadline) {
					t.Fatalf("viewer %d at seq %d, want %d", i, v.last.Load(), head)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
	_, head := d.logged(t)
	waitAll(head, 30*time.Second)
	held := established(a.addr)
	t.Logf("viewers on the instance to be killed: %d of %d", held, len(viewers))
	if held < len(viewers)/4 {
		t.Fatalf("viewers badly spread: %d of %d on one instance", held, len(viewers))
	}

	a.kill()
	killed := time.Now()
	for i := range 3 {
		d.addPeople(100+10*i, 5)
		pushAll(15 * time.Second)
	}
	ids, head := d.logged(t)
	waitAll(head, 30*time.Second)
	reconnected := 0
	for _, v := range viewers {
		if v.reconnects.Load() > 0 {
			reconnected++
		}
	}
	t.Logf("all %d viewers at seq %d %v after the kill; %d reconnected; push answers %v", len(viewers), head,
		time.Since(killed).Round(time.Millisecond), reconnected, d.statuses)
	// held counts Caddy's own connections to the instance too (a few).
	if reconnected < held-5 {
		t.Errorf("%d viewers reconnected, want the %d the killed instance held", reconnected, held)
	}
	// Pushes that failed meanwhile (502 or 503 from Caddy on a machine
	// too busy to answer in time) were sent again, as the PWA does; that
	// they all arrived once is checked below, their count is reported above.
	if !slices.Equal(ids, d.made) {
		t.Errorf("log of %d ops, made %d (lost or doubled)", len(ids), len(d.made))
	}
	if s := readyStatus(b.base); s != 200 {
		t.Errorf("the surviving instance's /readyz: %d", s)
	}
}

// established counts the open TCP connections accepted on addr's port
// (/proc/net/tcp: local port, state 01).
func established(addr string) int {
	_, port, _ := strings.Cut(addr, ":")
	var p int
	if _, err := fmt.Sscan(port, &p); err != nil {
		return 0
	}
	b, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		return 0
	}
	n := 0
	for _, line := range strings.Split(string(b), "\n")[1:] {
		f := strings.Fields(line)
		if len(f) > 3 && strings.HasSuffix(f[1], fmt.Sprintf(":%04X", p)) && f[3] == "01" {
			n++
		}
	}
	return n
}
