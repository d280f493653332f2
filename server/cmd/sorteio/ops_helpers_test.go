package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/draw"
	"github.com/sorteio/sorteio/sync/protocol"
)

// instance is a server started through run, as the binary starts, with its
// logs kept for the tests that read them.
type instance struct {
	base, metrics string
	logs          *logBuffer
	stop          func() error
}

// logBuffer collects a server's stderr.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startInstance runs the server with env (ADDR defaults to a free loopback
// port) and waits for its start-up lines.
func startInstance(t testing.TB, env map[string]string) *instance {
	t.Helper()
	if env["ADDR"] == "" {
		env["ADDR"] = "127.0.0.1:0"
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	in := &instance{logs: &logBuffer{}}
	go func() {
		err := run(ctx, []string{"sorteio"}, func(k string) string { return env[k] }, outW, in.logs)
		outW.CloseWithError(fmt.Errorf("run: %v", err))
		done <- err
	}()
	lines := bufio.NewReader(outR)
	for in.base == "" {
		line, err := lines.ReadString('\n')
		if err != nil {
			t.Fatalf("no start-up line: %v; logs:\n%s", err, in.logs)
		}
		url := line[strings.Index(line, "http://"):]
		url = strings.TrimSuffix(strings.Fields(url)[0], "/metrics")
		if strings.HasPrefix(line, "Métricas") {
			in.metrics = url
		} else {
			in.base = url
		}
	}
	go func() { _, _ = io.Copy(io.Discard, lines) }()
	var once sync.Once
	var stopErr error
	in.stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(20 * time.Second):
				stopErr = fmt.Errorf("run did not stop after its context was cancelled")
			}
		})
		return stopErr
	}
	t.Cleanup(func() { _ = in.stop() })
	return in
}

// device is one signed-in organiser's device over the real HTTP API.
type device struct {
	base, client string
	http         *http.Client
	mu           sync.Mutex
	mutation     int64
}

// signUpJar is a device with a cookie jar and no account yet.
func signUpJar(base string) *device {
	jar, _ := cookiejar.New(nil)
	return &device{base: base, client: core.NewID(time.Now()), http: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

func signUp(t testing.TB, base, email, password string) *device {
	t.Helper()
	d := signUpJar(base)
	if status, body := d.post("/api/auth/signup", map[string]string{"email": email, "password": password}); status != 201 && status != 200 {
		t.Fatalf("sign-up: %d %s", status, body)
	}
	return d
}

// post sends body as JSON; a []byte goes as it is.
func (d *device) post(path string, body any) (int, []byte) {
	b, raw := body.([]byte)
	if !raw {
		b, _ = json.Marshal(body)
	}
	res, err := d.http.Post(d.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

func (d *device) get(path string, into any) int {
	res, err := d.http.Get(d.base + path)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	if into != nil && res.StatusCode == 200 {
		_ = json.NewDecoder(res.Body).Decode(into)
	}
	return res.StatusCode
}

type op map[string]any

// op numbers a new op of the device.
func (d *device) op(raffle, typ string, payload any) op {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.mutation++
	return op{"op_id": core.NewID(time.Now()), "mutation_id": d.mutation, "raffle_id": raffle, "type": typ, "payload": payload}
}

type result struct {
	OpID   string `json:"op_id"`
	Status string `json:"status"`
	Seq    int64  `json:"seq"`
	Reason string `json:"reason"`
}

// push sends ops; status 0 is a transport failure.
func (d *device) push(ops ...op) (int, []result, []byte) {
	status, body := d.post("/api/sync/push", map[string]any{"client_id": d.client, "schema_version": protocol.SchemaVersion, "ops": ops})
	var out struct {
		Results []result `json:"results"`
	}
	if status == 200 {
		_ = json.Unmarshal(body, &out)
	}
	return status, out.Results, body
}

// mustPush sends ops and wants each applied.
func (d *device) mustPush(t testing.TB, ops ...op) []result {
	t.Helper()
	status, res, body := d.push(ops...)
	if status != 200 || len(res) != len(ops) {
		t.Fatalf("push: %d %s", status, body)
	}
	for _, r := range res {
		if r.Status != "applied" {
			t.Fatalf("push: %s", body)
		}
	}
	return res
}

func raffleCreate(id, code string) map[string]any {
	return map[string]any{"id": id, "code": code, "title": "Rifa da quermesse", "description": "Prêmios",
		"type": "tickets", "winners_count": 2, "countdown_seconds": 0, "allow_duplicate_wins": false,
		"created_at": time.Now().UnixMilli()}
}

// tickets makes n people of one ticket each, numbered from first, with
// e-mails at domain; it returns the op's payload and the tickets as the
// draw's pool holds them.
func tickets(first, n int, domain string) (map[string]any, []draw.Ticket) {
	out := make([]map[string]any, n)
	pool := make([]draw.Ticket, n)
	for i := range out {
		num := fmt.Sprintf("%05d", first+i)
		id, group, name := core.NewID(time.Now()), core.NewID(time.Now()), "Pessoa "+num
		out[i] = map[string]any{"id": id, "group_id": group, "name": name, "ticket_number": num,
			"email": fmt.Sprintf("pessoa%s@%s", num, domain)}
		pool[i] = draw.Ticket{ID: id, GroupID: group, Name: name, TicketNumber: &num}
	}
	return map[string]any{"tickets": out}, pool
}

// drawOnce runs a round of raffle, whose tickets are pool, to its end: the
// start with the device's commitment, then the completion with its seed.
func (d *device) drawOnce(t *testing.T, raffle string, pool []draw.Ticket) {
	t.Helper()
	seed, drawID := draw.NewSeed(), core.NewID(time.Now())
	digest := draw.Digest(draw.Canonical(pool))
	d.mustPush(t, d.op(raffle, protocol.TypeDrawStart, map[string]any{"draw_id": drawID, "client_commitment": draw.Commitment(seed),
		"pool_digest": hex.EncodeToString(digest[:]), "pool_size": len(pool)}))
	d.mustPush(t, d.op(raffle, protocol.TypeDrawComplete, map[string]any{"draw_id": drawID, "client_seed": hex.EncodeToString(seed),
		"offline": false}))
}
