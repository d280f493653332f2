package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// env is one test server over a fresh database.
type env struct {
	db      *store.DB
	handler http.Handler
	cfg     httpapi.Config
	hub     *ws.Hub
	viewers *ws.Viewers
	clock   *testClock
}

// testClock is the server's clock in a test: the real one plus an offset the
// test moves, so a countdown or a grace passes without waiting.
type testClock struct{ offset atomic.Int64 }

func (c *testClock) Now() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) }

// advance moves the clock forward by d.
func (c *testClock) advance(d time.Duration) { c.offset.Add(int64(d)) }

// bigScript is a script past the size from which static files are compressed.
var bigScript = strings.Repeat("export const texto = 'Sorteio online simples e justo';\n", 100)

// assets stands in for the built PWA.
func assets() fstest.MapFS {
	return fstest.MapFS{
		"index.html":                 {Data: []byte("<!doctype html><title>Sorteio</title><div id=root></div>")},
		"assets/index-Ab12Cd.js":     {Data: []byte("console.log('app')")},
		"assets/screen-Ef34Gh.js":    {Data: []byte(bigScript)},
		"sw.js":                      {Data: []byte("self.addEventListener('fetch',()=>{})")},
		"manifest.webmanifest":       {Data: []byte(`{"name":"Sorteio"}`)},
		"icons/icon-192.png":         {Data: []byte("png")},
		"workbox-1a2b3c.js":          {Data: []byte("wb")},
		"assets/nested/dir/keep.txt": {Data: []byte("x")},
		"route-preloads.json": {Data: []byte(`{"entry": ["/assets/index-Ab12Cd.js", "/assets/react-9z.js"], "styles": ["/assets/index-7y.css"],
			"routes": {"dashboard": ["/assets/Dash-1a.js", "/assets/Dexie-2b.js"],
			"sorteio/:code": ["/assets/Public-3c.js"], "sorteio/:code/telao": ["/assets/Big-4d.js"],
			"sorteio": ["/assets/Code-6f.js"], "sorteio/:code/verificar": ["/assets/Verify-7g.js"], "gerenciar/:id": ["/assets/Manage-8h.js"],
			"*": ["/assets/NotFound-5e.js", "/elsewhere.js", "/assets/x.js>; rel=preload"]}}`)},
	}
}

// testHandler wires the real handler the way run does (pokes reach hub only
// after listenPokes), with now as the server's clock.
func testHandler(t testing.TB, db *store.DB, cfg httpapi.Config, hub *ws.Hub, limits httpapi.Limits, now func() time.Time) http.Handler {
	t.Helper()
	return wire(t, db, cfg, hub, newViewers(t, db), limits, now)
}

// newViewers is a public fan-out over db with roomy limits.
func newViewers(t testing.TB, db *store.DB) *ws.Viewers {
	return ws.NewViewers(storetest.Logger(t), httpapi.PublicLoader(db, time.Now), ws.ViewerLimits{Total: 1000, PerIP: 1000})
}

// wire builds the handler with its public fan-out, with now as the server's
// clock; each option may replace a dependency.
func wire(t testing.TB, db *store.DB, cfg httpapi.Config, hub *ws.Hub, viewers *ws.Viewers, limits httpapi.Limits, now func() time.Time,
	options ...func(*httpapi.Deps)) http.Handler {
	t.Helper()
	return wireGate(t, db, cfg, hub, viewers, limits, now, authtest.Gate(), options...)
}

// wireGate is wire with the password gate given.
func wireGate(t testing.TB, db *store.DB, cfg httpapi.Config, hub *ws.Hub, viewers *ws.Viewers, limits httpapi.Limits, now func() time.Time,
	passwords auth.Passwords, options ...func(*httpapi.Deps)) http.Handler {
	t.Helper()
	accounts, err := auth.NewService(db, time.Now, passwords)
	if err != nil {
		t.Fatal(err)
	}
	deps := httpapi.Deps{
		Log: storetest.Logger(t), DB: db, Accounts: accounts, Account: accounts, Exports: db, Limits: limits, Assets: assets(),
		Sync: db, Audits: db, Imports: db, Public: db, Live: db, Viewers: viewers, Hub: hub, Now: now,
	}
	for _, o := range options {
		o(&deps)
	}
	return httpapi.NewHandler(cfg, deps)
}

// looseLimits never get in the way of tests that are not about rate limits,
// nor of benchmarks, whose loops send a request more often than once a
// millisecond from one address (a burst of 1,000 ran out in BenchmarkPublic100k).
func looseLimits() httpapi.Limits {
	lim := func() *ratelimit.Limiter { return ratelimit.New(1_000_000, time.Millisecond, time.Now) }
	return httpapi.Limits{SignInIP: lim(), SignInPair: lim(), SignInEmail: lim(), SignInSuspect: lim(), SignUpIP: lim(), SignUpEmail: lim(), PublicIP: lim(),
		PublicCheckIP: lim(), PublicLiveIP: lim(), PasswordAccount: lim(), PasswordSession: lim()}
}

// noLineWait ends every wait of the viewers' line at its deadline, at
// once: a viewer that finds its address's bucket spent is refused.
func noLineWait(d time.Duration) <-chan time.Time {
	if d != httpapi.ViewerLineWait {
		return nil // a token never comes before the deadline
	}
	c := make(chan time.Time, 1)
	c <- time.Time{}
	return c
}

func newEnv(t testing.TB, db *store.DB, cfg httpapi.Config) *env {
	t.Helper()
	hub := ws.NewHub(storetest.Logger(t))
	// Small limits, so the rate-limit tests reach them quickly.
	limits := httpapi.Limits{
		SignInIP:      ratelimit.New(8, time.Minute, time.Now),
		SignInPair:    ratelimit.New(3, time.Minute, time.Now),
		SignInEmail:   ratelimit.New(4, time.Minute, time.Now),
		SignInSuspect: ratelimit.New(1, 10*time.Minute, time.Now),
		SignUpIP:      ratelimit.New(6, time.Minute, time.Now),
		SignUpEmail:   ratelimit.New(3, time.Minute, time.Now),
		PublicIP:      ratelimit.New(10, time.Minute, time.Now),
		PublicCheckIP: ratelimit.New(5, time.Minute, time.Now),
		PublicLiveIP:  ratelimit.New(10, time.Minute, time.Now),
		// A viewer past the bucket is refused at once: its wait in the
		// line ends as it starts (public_live_churn_test.go waits).
		PublicLiveAfter: noLineWait,
		// A password change: 3 per session, 5 per account.
		PasswordSession: ratelimit.New(3, time.Minute, time.Now),
		PasswordAccount: ratelimit.New(5, time.Minute, time.Now),
	}
	viewers := newViewers(t, db)
	clock := &testClock{}
	return &env{db: db, handler: wire(t, db, cfg, hub, viewers, limits, clock.Now), cfg: cfg, hub: hub, viewers: viewers, clock: clock}
}

// listenPokes feeds the store's pokes to the hub and the public viewers,
// and its session ends to the hub, as run does, until the test ends, and
// returns once they flow.
func (e *env) listenPokes(t testing.TB) {
	ctx, cancel := context.WithCancel(context.Background())
	var done sync.WaitGroup
	ready := make(chan struct{}, 2)
	done.Go(func() {
		e.db.ListenPokes(ctx, func(p store.Poke) {
			e.hub.Publish(httpapi.UserTopic(p.UserID), ws.Event{Type: "poke", RaffleID: p.RaffleID, Seq: p.Seq})
			e.viewers.Changed(p.Key, p.Seq)
		}, func() { ready <- struct{}{} })
	})
	done.Go(func() {
		e.db.ListenSessionEnds(ctx, httpapi.CloseEndedSessions(e.hub), func() { ready <- struct{}{} })
	})
	t.Cleanup(func() { cancel(); done.Wait() })
	for range 2 {
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatal("the listeners did not start")
		}
	}
}

// serverOn runs one more server instance, with its own database handle, on
// the database at dsn, as run does; several share a PostgreSQL schema.
func serverOn(t *testing.T, dsn string) (*env, string) {
	t.Helper()
	db, err := store.Open(context.Background(), dsn, storetest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e := newEnv(t, db, httpapi.Config{})
	e.listenPokes(t)
	srv := httptest.NewServer(e.handler)
	t.Cleanup(srv.Close)
	return e, srv.URL
}

// request is one HTTP call.
type request struct {
	method, path, body string
	headers            map[string]string
	cookie             *http.Cookie
	cookies            []*http.Cookie // more cookies, after cookie
	remote             string
}

func (e *env) do(t *testing.T, rq request) *http.Response {
	t.Helper()
	var body io.Reader
	if rq.body != "" {
		body = strings.NewReader(rq.body)
	}
	r := httptest.NewRequest(rq.method, rq.path, body)
	if rq.body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for k, v := range rq.headers {
		r.Header.Set(k, v)
	}
	if rq.cookie != nil {
		r.AddCookie(rq.cookie)
	}
	for _, c := range rq.cookies {
		r.AddCookie(c)
	}
	if rq.remote != "" {
		r.RemoteAddr = rq.remote
	}
	w := httptest.NewRecorder()
	e.handler.ServeHTTP(w, r)
	return w.Result()
}

func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// scenario is one row of an API table test.
type scenario struct {
	name    string
	setup   func(t *testing.T, e *env)
	req     request
	status  int
	want    []string          // substrings the body must contain
	notWant []string          // substrings it must not contain
	headers map[string]string // headers the answer must carry (substring match)
	after   func(t *testing.T, e *env, res *http.Response)
}

func runScenarios(t *testing.T, scenarios []scenario) {
	t.Helper()
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) {
				e := newEnv(t, db, httpapi.Config{})
				if sc.setup != nil {
					sc.setup(t, e)
				}
				res := e.do(t, sc.req)
				body := readBody(t, res)
				if res.StatusCode != sc.status {
					t.Fatalf("status = %d, want %d; body: %s", res.StatusCode, sc.status, body)
				}
				for _, s := range sc.want {
					if !strings.Contains(body, s) {
						t.Errorf("body lacks %q; body: %s", s, body)
					}
				}
				for _, s := range sc.notWant {
					if strings.Contains(body, s) {
						t.Errorf("body has %q; body: %s", s, body)
					}
				}
				for k, v := range sc.headers {
					if got := res.Header.Get(k); !strings.Contains(got, v) {
						t.Errorf("header %s = %q, want it to contain %q", k, got, v)
					}
				}
				if sc.after != nil {
					res.Body = io.NopCloser(strings.NewReader(body)) // read again by after
					sc.after(t, e, res)
				}
			})
		})
	}
}

// mustSignUp creates an account through the API and returns its cookie.
func mustSignUp(t *testing.T, e *env, email, password string) *http.Cookie {
	t.Helper()
	res := e.do(t, request{method: "POST", path: "/api/auth/signup",
		body: `{"email":"` + email + `","password":"` + password + `"}`, remote: "10.9.9.9:1"})
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("sign-up %s: status %d: %s", email, res.StatusCode, readBody(t, res))
	}
	return sessionCookie(t, res)
}

func sessionCookie(t *testing.T, res *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_session" {
			return c
		}
	}
	t.Fatal("no sorteio_session cookie in the answer")
	return nil
}

func wantCounts(users, sessions int) func(t *testing.T, e *env, _ *http.Response) {
	return func(t *testing.T, e *env, _ *http.Response) {
		t.Helper()
		if n := storetest.CountUsers(t, e.db); n != users {
			t.Errorf("users = %d, want %d", n, users)
		}
		if n := storetest.CountSessions(t, e.db); n != sessions {
			t.Errorf("sessions = %d, want %d", n, sessions)
		}
	}
}
