package main

import (
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// TestMetricsMoveAfterPushRefusalAndViewer scrapes METRICS_ADDR's listener
// after a push, a refused op and a public viewer's broadcast, and checks
// each counter moved; the public port does not serve them.
func TestMetricsMoveAfterPushRefusalAndViewer(t *testing.T) {
	t.Parallel()
	in := startInstance(t, map[string]string{"METRICS_ADDR": "127.0.0.1:0", "SQLITE_PATH": filepath.Join(t.TempDir(), "s.db")})
	if in.metrics == "" {
		t.Fatal("METRICS_ADDR set but no metrics listener announced")
	}
	before := scrape(t, in.metrics)

	d := signUp(t, in.base, "ana@exemplo.com", "segredo123")
	raffle, code := core.NewID(time.Now()), protocol.NewCode()
	d.mustPush(t, d.op(raffle, protocol.TypeRaffleCreate, raffleCreate(raffle, code)))
	untitled := raffleCreate(core.NewID(time.Now()), protocol.NewCode())
	untitled["title"] = ""
	if _, res, body := d.push(d.op(untitled["id"].(string), protocol.TypeRaffleCreate, untitled)); len(res) != 1 || res[0].Reason != "title_required" {
		t.Fatalf("untitled raffle: %s", body)
	}

	viewer, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(in.base, "http")+"/ws/public?code="+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer viewer.Close()
	readState := func() int64 {
		t.Helper()
		for {
			_ = viewer.SetReadDeadline(time.Now().Add(10 * time.Second))
			_, msg, err := viewer.ReadMessage()
			if err != nil {
				t.Fatalf("viewer: %v", err)
			}
			if m := regexp.MustCompile(`"type":"state".*"seq":(\d+)`).FindSubmatch(msg); m != nil {
				n, _ := strconv.ParseInt(string(m[1]), 10, 64)
				return n
			}
		}
	}
	first := readState()
	add, _ := tickets(1, 3, "exemplo.com")
	d.mustPush(t, d.op(raffle, protocol.TypeParticipantsAdd, add))
	if next := readState(); next <= first {
		t.Fatalf("viewer got seq %d after %d", next, first)
	}

	after := scrape(t, in.metrics)
	moved := func(name string, labels map[string]string, atLeast float64) {
		t.Helper()
		if got := after.value(name, labels) - before.value(name, labels); got < atLeast {
			t.Errorf("%s%v moved by %v, want at least %v", name, labels, got, atLeast)
		}
	}
	moved("sorteio_http_requests_total", map[string]string{"route": "/api/sync/push", "method": "POST", "status": "200"}, 3)
	moved("sorteio_http_requests_total", map[string]string{"route": "/api/auth/signup"}, 1)
	moved("sorteio_http_request_duration_seconds_count", map[string]string{"route": "/api/sync/push"}, 3)
	moved("sorteio_sync_ops_total", map[string]string{"status": "applied"}, 2)
	moved("sorteio_sync_ops_total", map[string]string{"status": "rejected", "reason": "title_required"}, 1)
	moved("sorteio_sync_push_duration_seconds_count", nil, 3)
	moved("sorteio_public_broadcast_viewers_total", nil, 1)
	moved("sorteio_public_broadcast_duration_seconds_count", nil, 1)
	if got := after.value("sorteio_websocket_connections", map[string]string{"kind": "public"}); got != 1 {
		t.Errorf("public connections = %v, want 1", got)
	}
	for _, name := range []string{"sorteio_mail_outbox_depth", "sorteio_db_pool_open", "sorteio_db_listen_up", "go_goroutines", "process_resident_memory_bytes"} {
		if !after.has(name) {
			t.Errorf("%s missing", name)
		}
	}
	if strings.Contains(after.text, "segredo123") || strings.Contains(after.text, "ana@exemplo.com") {
		t.Error("the metrics carry a password or an e-mail")
	}

	res, err := http.Get(in.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(body), "sorteio_http_requests_total") {
		t.Error("the public port serves the metrics")
	}
}

// TestMetricsOffByDefault: without METRICS_ADDR no listener starts.
func TestMetricsOffByDefault(t *testing.T) {
	t.Parallel()
	in := startInstance(t, map[string]string{"SQLITE_PATH": filepath.Join(t.TempDir(), "s.db")})
	if in.metrics != "" {
		t.Fatalf("metrics served at %s without METRICS_ADDR", in.metrics)
	}
}

// scraped is one scrape's text.
type scraped struct{ text string }

func scrape(t *testing.T, base string) scraped {
	t.Helper()
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("/metrics: %d %s", res.StatusCode, b)
	}
	return scraped{string(b)}
}

var labelRE = regexp.MustCompile(`(\w+)="([^"]*)"`)

// value sums the samples of name whose labels include labels.
func (s scraped) value(name string, labels map[string]string) float64 {
	sum := 0.0
	for _, line := range strings.Split(s.text, "\n") {
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		sp := strings.LastIndexByte(line, ' ')
		got := map[string]string{}
		for _, m := range labelRE.FindAllStringSubmatch(line[:sp], -1) {
			got[m[1]] = m[2]
		}
		match := true
		for k, v := range labels {
			match = match && got[k] == v
		}
		if v, err := strconv.ParseFloat(line[sp+1:], 64); err == nil && match {
			sum += v
		}
	}
	return sum
}

func (s scraped) has(name string) bool {
	return strings.Contains(s.text, "\n"+name+" ") || strings.Contains(s.text, "\n"+name+"{")
}

// TestMetricsBoundedUnderJunk sends made-up methods and paths, unsigned,
// to every part of the route table, in two rounds with values the first
// never used: the second round must add no series (every label is bounded:
// methods to the known set plus 'other', routes to the table's patterns
// plus 'other'), and no label carries a made-up value.
func TestMetricsBoundedUnderJunk(t *testing.T) {
	in := startInstance(t, map[string]string{"METRICS_ADDR": "127.0.0.1:0", "SQLITE_PATH": filepath.Join(t.TempDir(), "s.db")})
	junk := func(round int) {
		t.Helper()
		paths := []string{"/", "/x%d", "/api/x%d", "/api/auth/x%d", "/api/account/x%d", "/api/sync/raffles/r%d/changes",
			"/api/sync/raffles/r%d/x", "/api/public/raffles/C%d", "/api/public/raffles/C%d/x", "/ws/x%d", "/ws/public/x%d",
			"/healthz/x%d", "/api/raffles/r%d/import", "/assets/x%d.js", "//x%d", "/api//x%d", "/api/auth/session/x%d"}
		methods := []string{"GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH", "TRACE", "JUNK%d", "get%d", "X-%d"}
		for i := 0; i < 20; i++ {
			n := round*1000 + i
			for _, p := range paths {
				for _, m := range methods {
					if strings.Contains(m, "%d") {
						m = fmt.Sprintf(m, n)
					}
					path := p
					if strings.Contains(p, "%d") {
						path = fmt.Sprintf(p, n)
					}
					req, err := http.NewRequest(m, in.base+path, nil)
					if err != nil {
						t.Fatal(err)
					}
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatalf("%s %s: %v", m, path, err)
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
			}
		}
	}
	junk(1)
	first := scrape(t, in.metrics)
	junk(2)
	second := scrape(t, in.metrics)
	if a, b := first.series("sorteio_"), second.series("sorteio_"); b != a {
		t.Errorf("a second round of junk requests took the sorteio_ series from %d to %d; they must stay bounded", a, b)
	}
	known := map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true,
		"OPTIONS": true, "CONNECT": true, "TRACE": true, "other": true}
	for _, v := range second.labelValues("method") {
		if !known[v] {
			t.Errorf("method label %q: not a known method nor 'other'", v)
		}
	}
	for _, v := range second.labelValues("route") {
		if regexp.MustCompile(`\d`).MatchString(v) {
			t.Errorf("route label %q carries a value of a request", v)
		}
	}
}

// series counts the samples whose name starts with prefix.
func (s scraped) series(prefix string) int {
	n := 0
	for _, line := range strings.Split(s.text, "\n") {
		if strings.HasPrefix(line, prefix) {
			n++
		}
	}
	return n
}

// labelValues lists the values label takes on the sorteio_ samples.
func (s scraped) labelValues(label string) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(s.text, "\n") {
		if !strings.HasPrefix(line, "sorteio_") {
			continue
		}
		for _, m := range labelRE.FindAllStringSubmatch(line, -1) {
			if m[1] == label && !seen[m[2]] {
				seen[m[2]] = true
				out = append(out, m[2])
			}
		}
	}
	return out
}
