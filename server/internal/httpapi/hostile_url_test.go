package httpapi_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// hostileValues turn a value a route accepts into one it must refuse
// without reaching the database in a form it cannot hold: a NUL (which
// PostgreSQL's text refuses with an error), bytes that are not UTF-8, and a
// value far past any limit. They are written as they travel in a URL.
var hostileValues = []struct {
	name string
	of   func(valid string) string
}{
	{"nul", func(string) string { return "%00" }},
	{"nul after", func(v string) string { return v + "%00" }},
	{"nul inside", func(v string) string { return "x%00" + v }},
	{"not utf-8", func(v string) string { return v + "%ff" }},
	{"not utf-8 upper", func(v string) string { return "%FF%FE" + v }},
	{"half a rune", func(v string) string { return v + "%c3" }},
	{"over-long", func(v string) string { return v + strings.Repeat("9", 4096) }},
}

// pathParams holds a valid value for each path parameter of the route
// table; a new parameter fails the test until it is given one here.
func pathParams(raffleID string) map[string]string {
	return map[string]string{"id": raffleID, "code": "K7P2QX", "*": "sorteio"}
}

// Every route of the route table, reached with hostile path parameters and
// query values, answers without a 500 on both databases: bad input is
// refused (400 or 404) before it reaches a query. The routes come from the
// router itself and the query names from the handlers' source, so a new
// route or query value is covered without changing this test.
func TestHostileURLs(t *testing.T) {
	t.Parallel()
	names := queryNames(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := withRaffle(t, db)
		userID := userIDOf(t, e, c)
		valid := pathParams(rid)
		routes, ok := e.handler.(chi.Routes)
		if !ok {
			t.Fatal("the handler is not a chi router: the route table cannot be walked")
		}
		seen, s := 0, &session{db: db, userID: userID}
		err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
			seen++
			for _, h := range hostileValues {
				for _, path := range hostilePaths(t, route, valid, h.of) {
					checkNo500(t, e, method, path, s)
				}
				// One hostile value at a time: a first refused one would hide the rest.
				path := fillRoute(t, route, valid, func(string) string { return "" })
				for _, n := range names {
					checkNo500(t, e, method, path+"?"+n+"="+h.of("1"), s)
				}
			}
			return nil
		})
		if err != nil || seen < 20 {
			t.Fatalf("walked %d routes: %v", seen, err)
		}
	})
}

// What the hostile values of the routes that reach a query answer exactly:
// an unknown raffle for an id, a named field for a query value.
func TestHostileURLAnswers(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, c, rid := withRaffle(t, db)
		cases := []struct {
			path   string
			status int
			want   string
		}{
			{"/api/sync/raffles/" + rid + "%00/snapshot", 404, `"code":"not_found"`},
			{"/api/sync/raffles/%00/changes", 404, `"code":"not_found"`},
			{"/api/sync/raffles/%FF" + rid[2:] + "/changes", 404, `"code":"not_found"`},
			{"/api/sync/raffles/" + rid + "/changes?after=%00", 400, `"field":"after"`},
			{"/api/sync/raffles/" + rid + "/snapshot?format=%00", 200, `"participants"`},
			{"/api/public/raffles/K7P2QX/participants?q=%00", 400, `"field":"q"`},
			{"/api/public/raffles/K7P2QX/participants?q=Ana%00", 400, `"field":"q"`},
			{"/api/public/raffles/K7P2QX/participants?q=%ff", 400, `"field":"q"`},
			{"/api/public/raffles/K7P2QX%00", 404, `"code":"raffle_not_found"`},
			{"/api/public/raffles/K7P2QX%00/audit", 404, `"code":"not_found"`},
		}
		for _, tc := range cases {
			res := e.do(t, request{method: "GET", path: tc.path, cookie: c.cookie})
			if body := readBody(t, res); res.StatusCode != tc.status || !strings.Contains(body, tc.want) {
				t.Errorf("GET %s: %d %s, want %d with %s", tc.path, res.StatusCode, body, tc.status, tc.want)
			}
		}
	})
}

// withRaffle is a server without rate limits where Ana holds a raffle
// (code K7P2QX).
func withRaffle(t *testing.T, db *store.DB) (*env, *client, string) {
	t.Helper()
	e := newEnv(t, db, httpapi.Config{})
	e.handler = wire(t, e.db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
	c := newClient(mustSignUp(t, e, "ana@example.com", "segredo1"))
	rid := core.NewID(time.Now())
	wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "K7P2QX"))), "applied")
	return e, c, rid
}

// hostilePaths are the route with each of its parameters made hostile in
// turn, the others valid.
func hostilePaths(t *testing.T, route string, valid map[string]string, hostile func(string) string) []string {
	var out []string
	for _, p := range routeParams(route) {
		out = append(out, fillRoute(t, route, valid, func(name string) string {
			if name == p {
				return hostile(valid[name])
			}
			return ""
		}))
	}
	return out
}

var paramPattern = regexp.MustCompile(`\{([^}]+)\}|\*$`)

func routeParams(route string) []string {
	var out []string
	for _, m := range paramPattern.FindAllStringSubmatch(route, -1) {
		if m[0] == "*" {
			out = append(out, "*")
		} else {
			out = append(out, m[1])
		}
	}
	return out
}

// fillRoute writes each parameter of route as override(name), or its valid
// value when that is empty.
func fillRoute(t *testing.T, route string, valid map[string]string, override func(string) string) string {
	return paramPattern.ReplaceAllStringFunc(route, func(m string) string {
		name := strings.Trim(m, "{}")
		if v := override(name); v != "" {
			return v
		}
		v, ok := valid[name]
		if !ok {
			t.Fatalf("route %s: no valid value for {%s} in pathParams", route, name)
		}
		return v
	})
}

func checkNo500(t *testing.T, e *env, method, path string, s *session) {
	t.Helper()
	rq := request{method: method, path: path, cookie: s.cookie(t), headers: map[string]string{"Origin": "http://example.com"}}
	if method == http.MethodPost {
		rq.body = "{}"
	}
	res := e.do(t, rq)
	if body := readBody(t, res); res.StatusCode >= 500 {
		t.Errorf("%s %.120s: %d %s", method, path, res.StatusCode, body)
	}
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_session" && c.MaxAge < 0 {
			s.current = nil
		}
	}
}

// session keeps the account signed in across routes that end sessions
// (sign-out): a cleared cookie is replaced by a new session, made without a
// password hash.
type session struct {
	db      *store.DB
	userID  string
	current *http.Cookie
}

func (s *session) cookie(t *testing.T) *http.Cookie {
	t.Helper()
	if s.current != nil {
		return s.current
	}
	token := rand.Text()
	sum := sha256.Sum256([]byte(token))
	now := time.Now()
	err := s.db.CreateSession(context.Background(), core.Session{TokenHash: sum[:], UserID: s.userID, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	s.current = &http.Cookie{Name: "sorteio_session", Value: token}
	return s.current
}

// queryNames lists every query value the package's handlers read (r.URL.Query().Get("name")
// or a Values' Get), plus those the sign-in provider's callback reads.
func queryNames(t *testing.T) []string {
	t.Helper()
	names := []string{"code", "state", "error", "iss"}
	get := regexp.MustCompile(`(?:Query\(\)|qs|q)\.Get\("([a-z_]+)"\)`)
	for _, m := range get.FindAllStringSubmatch(handlerSource(t), -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	names = slices.Compact(names)
	for _, want := range []string{"after", "limit", "format", "q", "offset"} {
		if !slices.Contains(names, want) {
			t.Fatalf("query names %v lack %q: the source scan no longer finds them", names, want)
		}
	}
	return names
}

// handlerSource is the package's own source (its test files left out), for
// tests that must notice a new route parameter or JSON body.
func handlerSource(t *testing.T) string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(src)
	}
	return all.String()
}
