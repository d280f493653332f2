//go:build chaos

package chaos

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// binary is the server the tests run: make chaos builds it first.
func binary(t *testing.T) string {
	t.Helper()
	bin, _ := filepath.Abs("../../bin/sorteio")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("%s: compile antes com make build (%v)", bin, err)
	}
	return bin
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// instance is bin/sorteio as a child process.
type instance struct {
	cmd  *exec.Cmd
	addr string
	base string
	logs *bytes.Buffer
	mu   sync.Mutex
}

func startInstance(t *testing.T, dsn string, extra ...string) *instance {
	t.Helper()
	in := &instance{addr: freeAddr(t), logs: &bytes.Buffer{}}
	in.base = "http://" + in.addr
	in.cmd = exec.Command(binary(t), "serve")
	in.cmd.Env = append(os.Environ(), "ADDR="+in.addr, "DATABASE_URL="+dsn, "LOG_LEVEL=warn", "RATE_LIMIT_SCALE=10000",
		"PUSHES_PER_MINUTE=0", "PUBLIC_VIEWERS_MAX=30000", "PUBLIC_VIEWERS_PER_IP=30000")
	in.cmd.Env = append(in.cmd.Env, extra...)
	in.cmd.Stdout, in.cmd.Stderr = io.Discard, syncWriter{in}
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.kill() })
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(in.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return in
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("instance %s never ready:\n%s", in.addr, in.logText())
		}
	}
}

type syncWriter struct{ in *instance }

func (w syncWriter) Write(p []byte) (int, error) {
	w.in.mu.Lock()
	defer w.in.mu.Unlock()
	return w.in.logs.Write(p)
}

func (in *instance) logText() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.logs.String()
}

// kill ends the instance at once (SIGKILL): no drain, no goodbye.
func (in *instance) kill() {
	if in.cmd.ProcessState == nil {
		_ = in.cmd.Process.Kill()
		_ = in.cmd.Wait()
	}
}

// readyStatus is /readyz's status code, 0 when unreachable.
func readyStatus(base string) int {
	res, err := http.Get(base + "/readyz")
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// device is one organiser's device: an outbox it pushes oldest first,
// keeping every op until the server answers it, as the PWA does.
type device struct {
	base, client, raffle, code string
	http                       *http.Client
	mu                         sync.Mutex
	mutation                   int64
	outbox                     []map[string]any
	made                       []string // every op id the device made
	statuses                   map[int]int
}

func newDevice(t *testing.T, base, email string) *device {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	d := &device{base: base, client: core.NewID(time.Now()), http: &http.Client{Jar: jar, Timeout: 10 * time.Second}, statuses: map[int]int{}}
	b, _ := json.Marshal(map[string]string{"email": email, "password": "segredo123"})
	res, err := d.http.Post(base+"/api/auth/signup", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 201 && res.StatusCode != 200 {
		t.Fatalf("sign-up: %d", res.StatusCode)
	}
	d.raffle, d.code = core.NewID(time.Now()), protocol.NewCode()
	d.queue(protocol.TypeRaffleCreate, map[string]any{"id": d.raffle, "code": d.code, "title": "Rifa do caos", "description": "",
		"type": "tickets", "winners_count": 1, "countdown_seconds": 0, "allow_duplicate_wins": false, "created_at": time.Now().UnixMilli()})
	return d
}

// queue adds an op to the outbox, as a screen's write does.
func (d *device) queue(typ string, payload any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.mutation++
	id := core.NewID(time.Now())
	d.outbox = append(d.outbox, map[string]any{"op_id": id, "mutation_id": d.mutation, "raffle_id": d.raffle, "type": typ, "payload": payload})
	d.made = append(d.made, id)
}

// addPeople queues an add of n people numbered from first.
func (d *device) addPeople(first, n int) {
	tickets := make([]map[string]any, n)
	for i := range tickets {
		num := fmt.Sprintf("%06d", first+i)
		tickets[i] = map[string]any{"id": core.NewID(time.Now()), "group_id": core.NewID(time.Now()), "name": "Pessoa " + num, "ticket_number": num}
	}
	d.queue(protocol.TypeParticipantsAdd, map[string]any{"tickets": tickets})
}

// pushOnce sends the outbox's head (up to 20 ops) and drops what the
// server answered; it returns the HTTP status (0: no answer).
func (d *device) pushOnce() int {
	d.mu.Lock()
	batch := d.outbox[:min(20, len(d.outbox))]
	d.mu.Unlock()
	if len(batch) == 0 {
		return 200
	}
	b, _ := json.Marshal(map[string]any{"client_id": d.client, "schema_version": protocol.SchemaVersion, "ops": batch})
	res, err := d.http.Post(d.base+"/api/sync/push", "application/json", bytes.NewReader(b))
	status := 0
	if err == nil {
		status = res.StatusCode
		var out struct {
			Results []struct{ Status string } `json:"results"`
		}
		if status == 200 {
			_ = json.NewDecoder(res.Body).Decode(&out)
		}
		res.Body.Close()
		if status == 200 && len(out.Results) == len(batch) {
			d.mu.Lock()
			d.outbox = d.outbox[len(batch):]
			d.mu.Unlock()
		}
	}
	d.mu.Lock()
	d.statuses[status]++
	d.mu.Unlock()
	return status
}

func (d *device) pending() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.outbox)
}

// logged reads the raffle's whole log: its op ids in order.
func (d *device) logged(t *testing.T) (ids []string, head int64) {
	t.Helper()
	cursor := ""
	for {
		res, err := d.http.Get(d.base + "/api/sync/raffles/" + d.raffle + "/changes?limit=1000&after=" + url.QueryEscape(cursor))
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Changes []struct {
				Seq  int64  `json:"seq"`
				OpID string `json:"op_id"`
			} `json:"changes"`
			Cursor string `json:"cursor"`
			More   bool   `json:"more"`
		}
		err = json.NewDecoder(res.Body).Decode(&page)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("changes: %d %v", res.StatusCode, err)
		}
		for _, c := range page.Changes {
			ids = append(ids, c.OpID)
			head = c.Seq
		}
		if !page.More {
			return ids, head
		}
		cursor = page.Cursor
	}
}

// viewer watches a raffle's public page and reconnects, with after set to
// the last state it got, whenever its socket drops.
type viewer struct {
	last       atomic.Int64
	reconnects atomic.Int64
}

var seqRE = regexp.MustCompile(`"seq":(\d+)`)

func watch(ctx context.Context, base, code string) *viewer {
	v := &viewer{}
	wsURL := "ws" + strings.TrimPrefix(base, "http") + "/ws/public?code=" + code
	go func() {
		for ctx.Err() == nil {
			conn, _, err := websocket.DefaultDialer.DialContext(ctx, wsURL+"&after="+strconv.FormatInt(v.last.Load(), 10), nil)
			if err != nil {
				select {
				case <-ctx.Done():
				case <-time.After(200 * time.Millisecond):
				}
				continue
			}
			stop := context.AfterFunc(ctx, func() { conn.Close() })
			for {
				_, msg, err := conn.ReadMessage()
				if err != nil {
					break
				}
				if bytes.Contains(msg, []byte(`"type":"state"`)) {
					if m := seqRE.FindSubmatch(msg); m != nil {
						n, _ := strconv.ParseInt(string(m[1]), 10, 64)
						if n > v.last.Load() {
							v.last.Store(n)
						}
					}
				}
			}
			stop()
			conn.Close()
			v.reconnects.Add(1)
		}
	}()
	return v
}

// raiseFileLimit lifts the open-file limit to 20,000 (or the hard limit):
// a thousand viewers and their server side share this machine.
func raiseFileLimit(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	lim.Cur = min(max(lim.Cur, 20_000), lim.Max)
	_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}
