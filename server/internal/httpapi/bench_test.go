package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// benchClient talks to a real HTTP server, as a device does.
type benchClient struct {
	b        *testing.B
	base     string
	http     *http.Client
	id       string
	mutation int64
}

func newBenchClient(b *testing.B, base, email string, signUp bool) *benchClient {
	jar, _ := cookiejar.New(nil)
	c := &benchClient{b: b, base: base, http: &http.Client{Jar: jar}, id: core.NewID(time.Now())}
	path := "/api/auth/signin"
	if signUp {
		path = "/api/auth/signup"
	}
	c.send("POST", path, fmt.Sprintf(`{"email":%q,"password":"segredo1"}`, email))
	return c
}

func (c *benchClient) send(method, path, body string) []byte {
	req, _ := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.b.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		c.b.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
	}
	return out
}

func (c *benchClient) push(ops ...testOp) {
	c.sendPushes([]string{pushBody(c.id, ops...)})
}

func (c *benchClient) op(raffleID, typ string, payload any) testOp {
	c.mutation++
	return testOp{OpID: core.NewID(time.Now()), MutationID: c.mutation, RaffleID: raffleID, Type: typ, Payload: payload}
}

// pushPeople adds people of 10 tickets as the PWA's import does: ops of
// 500 people (5,000 tickets), 4 ops a push.
func (c *benchClient) pushPeople(raffleID string, people [][]ticket) {
	c.sendPushes(c.peoplePushes(raffleID, people))
}

// peoplePushes are pushPeople's request bodies, encoded before a benchmark
// times them: building them is the device's work, not the server's.
func (c *benchClient) peoplePushes(raffleID string, people [][]ticket) []string {
	var bodies []string
	for start := 0; start < len(people); start += 2000 {
		var ops []testOp
		for s := start; s < min(start+2000, len(people)); s += 500 {
			ops = append(ops, c.op(raffleID, "participants.add", addPayload(people[s:min(s+500, len(people))]...)))
		}
		bodies = append(bodies, pushBody(c.id, ops...))
	}
	return bodies
}

func (c *benchClient) sendPushes(bodies []string) {
	for _, body := range bodies {
		if out := c.send("POST", "/api/sync/push", body); strings.Contains(string(out), `"rejected"`) {
			c.b.Fatalf("rejected: %.300s", out)
		}
	}
}

// raffleOf creates raffle K7P2QX of people, to draw winners from.
func (c *benchClient) raffleOf(winners int, people [][]ticket) string {
	rid := core.NewID(time.Now())
	create := createPayload(rid, "K7P2QX")
	create["winners_count"] = winners
	c.push(c.op(rid, "raffle.create", create))
	c.pushPeople(rid, people)
	return rid
}

// pullAll reads a raffle's whole log as a second device does and returns
// the number of tickets it carried.
func (c *benchClient) pullAll(raffleID string) int {
	tickets, cursor := 0, ""
	for {
		var page struct {
			Changes []struct {
				Type    string          `json:"type"`
				Payload json.RawMessage `json:"payload"`
			} `json:"changes"`
			Cursor string `json:"cursor"`
			More   bool   `json:"more"`
		}
		if err := json.Unmarshal(c.send("GET", "/api/sync/raffles/"+raffleID+"/changes?limit=50&after="+cursor, ""), &page); err != nil {
			c.b.Fatal(err)
		}
		for _, ch := range page.Changes {
			if ch.Type == "participants.add" {
				var p struct{ Tickets []json.RawMessage }
				_ = json.Unmarshal(ch.Payload, &p)
				tickets += len(p.Tickets)
			}
		}
		cursor = page.Cursor
		if !page.More {
			return tickets
		}
	}
}

func benchServer(b *testing.B, dialect string) string {
	db := storetest.MustOpenDB(b, dialect)
	e := newEnv(b, db, httpapi.Config{})
	e.handler = testHandler(b, db, e.cfg, e.hub, looseLimits(), time.Now)
	srv := httptest.NewServer(e.handler)
	b.Cleanup(srv.Close)
	return srv.URL
}

// 100,000 tickets (10,000 people of 10) from one device to the server and
// on to a second device. push-ms is the server's share of the push (the
// request bodies are encoded before the timer), pull-ms the second device's
// pull, page by page, JSON decoded; ns/op is both. push-cpu-ms is the CPU
// time this process spent during the push (the server and SQLite, not
// PostgreSQL's own processes): steadier than wall time on a busy machine.
func BenchmarkSync100kTickets(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			var people [][]ticket
			for i := 0; i < 10_000; i++ {
				people = append(people, person(fmt.Sprintf("Pessoa %d", i), 10))
			}
			var pushing, pulling, pushCPU time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				base := benchServer(b, dialect)
				email := fmt.Sprintf("org%d@example.com", i)
				one := newBenchClient(b, base, email, true)
				two := newBenchClient(b, base, email, false)
				rid := core.NewID(time.Now())
				one.push(one.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
				bodies := one.peoplePushes(rid, people)
				b.StartTimer()

				t0, cpu0 := time.Now(), processCPU()
				one.sendPushes(bodies)
				pushed := time.Now()
				pushCPU += processCPU() - cpu0
				if got := two.pullAll(rid); got != 100_000 {
					b.Fatalf("second device got %d tickets", got)
				}
				pushing += pushed.Sub(t0)
				pulling += time.Since(pushed)
			}
			b.ReportMetric(float64(pushing.Milliseconds())/float64(b.N), "push-ms")
			b.ReportMetric(float64(pulling.Milliseconds())/float64(b.N), "pull-ms")
			b.ReportMetric(float64(pushCPU.Milliseconds())/float64(b.N), "push-cpu-ms")
			b.ReportMetric(100_000*float64(b.N)/b.Elapsed().Seconds(), "tickets/s")
		})
	}
}

// Small ops (settings changes), one op a push, as an organiser types.
func BenchmarkPushSmallOps(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			base := benchServer(b, dialect)
			c := newBenchClient(b, base, "org@example.com", true)
			rid := core.NewID(time.Now())
			c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.push(c.op(rid, "raffle.update", map[string]any{"countdown_seconds": i % 300}))
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

// Pulling a log of small ops, 500 a page.
func BenchmarkPullSmallOps(b *testing.B) {
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			base := benchServer(b, dialect)
			c := newBenchClient(b, base, "org@example.com", true)
			rid := core.NewID(time.Now())
			ops := []testOp{c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))}
			for i := 0; i < 499; i++ {
				ops = append(ops, c.op(rid, "raffle.update", map[string]any{"title": fmt.Sprintf("Rifa %d", i)}))
			}
			c.push(ops...)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.send("GET", "/api/sync/raffles/"+rid+"/changes?limit=500", "")
			}
			b.ReportMetric(500*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

// The server's side of an online draw of 100 winners among 100,000 tickets
// (10,000 people of 10): the start reads the pool and checks its digest; the
// completion reads it again, recomputes the winners from both seeds and
// records them. The timer covers the completion; the start is reported too.
func BenchmarkDrawComplete100Of100k(b *testing.B) {
	people := crowd(10_000, 10)
	pool := poolOf(people...)
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			var starting time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				base := benchServer(b, dialect)
				c := newBenchClient(b, base, fmt.Sprintf("org%d@example.com", i), true)
				rid := c.raffleOf(100, people)
				rd := newRound()
				t0 := time.Now()
				c.push(c.op(rid, "draw.start", rd.start(pool)))
				starting += time.Since(t0)
				b.StartTimer()

				c.push(c.op(rid, "draw.complete", rd.complete()))
			}
			b.ReportMetric(float64(starting.Milliseconds())/float64(b.N), "start-ms")
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "complete-ms")
		})
	}
}

// The public audit of a raffle of 100,000 tickets with one completed draw,
// gzip-compressed as browsers ask for it.
func BenchmarkPublicAudit100k(b *testing.B) {
	people := crowd(10_000, 10)
	pool := poolOf(people...)
	for _, dialect := range storetest.Dialects() {
		b.Run(dialect, func(b *testing.B) {
			base := benchServer(b, dialect)
			c := newBenchClient(b, base, "org@example.com", true)
			rid := c.raffleOf(100, people)
			rd := newRound()
			c.push(c.op(rid, "draw.start", rd.start(pool)), c.op(rid, "draw.complete", rd.complete()))
			b.ResetTimer()
			var size int64
			for i := 0; i < b.N; i++ {
				req, _ := http.NewRequest("GET", base+"/api/public/raffles/K7P2QX/audit", nil)
				req.Header.Set("Accept-Encoding", "gzip") // set by hand, so the client does not unzip it
				res, err := http.DefaultClient.Do(req)
				if err != nil || res.StatusCode != 200 {
					b.Fatalf("audit: %v %v", err, res)
				}
				size, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
			b.ReportMetric(float64(size)/1e6, "gzip-MB")
		})
	}
}

// processCPU is the CPU time (user and system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
