//go:build chaos

// Package chaos holds the slow fault tests of `make chaos`: PostgreSQL
// restarted under load and one of two instances killed behind the proxy.
// They drive bin/sorteio as child processes over a PostgreSQL cluster of
// their own, in a temporary folder, so stopping it touches nobody else's.
package chaos

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// cluster is a throwaway PostgreSQL cluster on a free loopback port.
type cluster struct {
	t         *testing.T
	bin, data string
	port      int
	cred      *syscall.Credential
	sockets   string
	DSN       string
}

// newCluster runs initdb and starts the server. PostgreSQL refuses to run
// as root: when the test is root, the cluster runs as the postgres user.
func newCluster(t *testing.T) *cluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(bins) == 0 {
		t.Skip("pg_ctl não encontrado em /usr/lib/postgresql/*/bin: instale o postgresql")
	}
	c := &cluster{t: t, bin: filepath.Dir(bins[len(bins)-1])}
	dir, err := os.MkdirTemp("", "sorteio-chaos-pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c.data, c.sockets = filepath.Join(dir, "data"), dir
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("rodando como root sem o usuário postgres")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	c.run("initdb", "-D", c.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
	c.start()
	t.Cleanup(func() { c.pgctl("stop", "-m", "immediate") })
	c.DSN = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
	return c
}

func (c *cluster) run(name string, args ...string) {
	c.t.Helper()
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	cmd.Dir = c.sockets
	if out, err := cmd.CombinedOutput(); err != nil {
		c.t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

func (c *cluster) pgctl(args ...string) {
	c.t.Helper()
	c.run("pg_ctl", append([]string{"-D", c.data, "-w", "-t", "60"}, args...)...)
}

// start starts the cluster and returns once it accepts connections.
func (c *cluster) start() {
	c.t.Helper()
	opts := strings.Join([]string{"-p", strconv.Itoa(c.port), "-k", c.sockets, "-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=off", "-c", "max_connections=100"}, " ")
	c.pgctl("start", "-o", opts, "-l", filepath.Join(c.sockets, "pg.log"))
}

// stop stops it at once, as a crash would (no checkpoint, connections cut).
func (c *cluster) stop() { c.t.Helper(); c.pgctl("stop", "-m", "immediate") }
