package httpapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// index.html for a client route names its own files, the session check and that route's scripts
// in a Link header (from the build's route-preloads.json), so they download beside the entry script.
func TestStaticPreloadLinks(t *testing.T) {
	t.Parallel()
	get := func(path string) request { return request{method: "GET", path: path} }
	links := func(want []string, notWant ...string) func(t *testing.T, e *env, res *http.Response) {
		return func(t *testing.T, e *env, res *http.Response) {
			got := res.Header.Get("Link")
			for _, w := range want {
				if !strings.Contains(got, w) {
					t.Errorf("Link = %q, want it to contain %q", got, w)
				}
			}
			for _, n := range notWant {
				if strings.Contains(got, n) {
					t.Errorf("Link = %q, must not contain %q", got, n)
				}
			}
		}
	}
	exactly := func(want string) func(t *testing.T, e *env, res *http.Response) {
		return func(t *testing.T, e *env, res *http.Response) {
			if got := res.Header.Get("Link"); got != want {
				t.Errorf("Link =\n  %q, want\n  %q", got, want)
			}
		}
	}
	session := "</api/auth/session>; rel=preload; as=fetch; crossorigin"
	// index.html's script, its import and its stylesheet, crossorigin as in its tags.
	entry := "</assets/index-Ab12Cd.js>; rel=modulepreload; crossorigin, </assets/react-9z.js>; rel=modulepreload; crossorigin, " +
		"</assets/index-7y.css>; rel=preload; as=style; crossorigin"
	raffle := "0190d3c4-5b6a-7c8d-9e0f-a1b2c3d4e5f6"
	runScenarios(t, []scenario{
		{name: "the entry's files first (a screen's scripts named first took HTTP/1.1's connections), then the session, then the route",
			req: get("/dashboard"), status: 200,
			after: exactly(entry + ", " + session + ", </assets/Dash-1a.js>; rel=modulepreload; crossorigin, </assets/Dexie-2b.js>; rel=modulepreload; crossorigin")},
		{name: "the landing page, in the entry, gets its own files and the session", req: get("/"), status: 200, want: []string{"<div id=root>"},
			after: exactly(entry + ", " + session)},
		{name: "on a public page the raffle's state comes after the session, before the screen's scripts", req: get("/sorteio/K7P2QX"), status: 200,
			after: exactly(entry + ", " + session + ", </api/public/raffles/K7P2QX>; rel=preload; as=fetch; crossorigin, </assets/Public-3c.js>; rel=modulepreload; crossorigin")},
		{name: "a route's scripts and the session check", req: get("/dashboard"), status: 200, want: []string{"<div id=root>"},
			after: links([]string{session, "</assets/Dash-1a.js>; rel=modulepreload; crossorigin", "</assets/Dexie-2b.js>; rel=modulepreload"}, "Public-3c")},
		{name: "a parameter matches one segment", req: get("/sorteio/K7P2QX"), status: 200,
			after: links([]string{"</assets/Public-3c.js>"}, "Big-4d", "NotFound-5e")},
		{name: "the most specific route wins over a shorter one and over *", req: get("/sorteio/K7P2QX/telao"), status: 200,
			after: links([]string{"</assets/Big-4d.js>"}, "Public-3c", "NotFound-5e")},
		{name: "an unknown page gets the 404 screen's script; names outside /assets/ or that would break the header are left out",
			req: get("/nao/existe"), status: 404, after: links([]string{session, "</assets/NotFound-5e.js>"}, "elsewhere", "rel=preload,", "x.js>")},
		{name: "a public page preloads its raffle's state, by the code in upper case", req: get("/sorteio/k7p2qx"), status: 200,
			after: links([]string{session, "</api/public/raffles/K7P2QX>; rel=preload; as=fetch; crossorigin", "</assets/Public-3c.js>"})},
		{name: "so does the big screen", req: get("/sorteio/K7P2QX/telao"), status: 200,
			after: links([]string{"</api/public/raffles/K7P2QX>; rel=preload; as=fetch; crossorigin"})},
		{name: "the verification page and other screens do not", req: get("/sorteio/K7P2QX/verificar"), status: 200,
			after: links([]string{session}, "/api/public/")},
		{name: "nor a segment that is no code (it would go into the header)", req: get("/sorteio/K7P2Q%3E"), status: 200,
			after: links([]string{session}, "/api/public/")},
		{name: "nor the code entry page", req: get("/sorteio"), status: 200, after: links([]string{session}, "/api/public/")},
		{name: "a path below a screen that is no screen is not found too", req: get("/sorteio/K7P2QX/outra"), status: 404,
			after: links([]string{"</assets/NotFound-5e.js>"}, "/api/public/")},
		{name: "a signed-in browser without the app's database, on a raffle's screen, gets its snapshot after the session",
			req: request{method: "GET", path: "/gerenciar/" + raffle, headers: map[string]string{"Cookie": "sorteio_session=abc"}}, status: 200,
			headers: map[string]string{"Vary": "Cookie"}, // a cache must not hand this header to another browser
			after:   links([]string{entry + ", " + session + ", </api/sync/raffles/" + raffle + "/snapshot?format=columns&schema=" + strconv.Itoa(protocol.SchemaVersion) + ">; rel=preload; as=fetch; crossorigin"})},
		{name: "one with the database does not: its engine asks only for what it lacks",
			req: request{method: "GET", path: "/gerenciar/" + raffle, headers: map[string]string{"Cookie": "sorteio_session=abc; sorteio_db=1"}}, status: 200,
			after: links([]string{session}, "/api/sync/")},
		{name: "nor one signed out (the snapshot would be refused)", req: get("/gerenciar/" + raffle), status: 200,
			after: links([]string{session}, "/api/sync/")},
		{name: "nor a segment that is no raffle id", req: request{method: "GET", path: "/gerenciar/abc%3E", headers: map[string]string{"Cookie": "sorteio_session=abc"}},
			status: 200, after: links([]string{session}, "/api/sync/")},
		{name: "nor another screen", req: request{method: "GET", path: "/dashboard", headers: map[string]string{"Cookie": "sorteio_session=abc"}},
			status: 200, after: links([]string{session}, "/api/sync/")},
		{name: "a file gets no Link header", req: get("/assets/index-Ab12Cd.js"), status: 200, after: links(nil, "modulepreload", "session")},
	})
}

// The feed, asked at every sync, renews the database mark from the server: a year, HttpOnly (a
// script's 7-day copy cannot replace it), Secure behind a trusted proxy's https.
func TestFeedRenewsDatabaseCookie(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for _, https := range []bool{false, true} {
			e := newEnv(t, db, httpapi.Config{TrustProxy: true})
			c := newClient(mustSignUp(t, e, fmt.Sprintf("ana%v@example.com", https), "segredo1"))
			headers := map[string]string{}
			if https {
				headers["X-Forwarded-Proto"] = "https"
			}
			res := e.do(t, request{method: "GET", path: "/api/sync/raffles?after=", cookie: c.cookie, headers: headers})
			readBody(t, res)
			var mark *http.Cookie
			for _, ck := range res.Cookies() {
				if ck.Name == "sorteio_db" {
					mark = ck
				}
			}
			if res.StatusCode != 200 || mark == nil || mark.Value != "1" || mark.Path != "/" || mark.MaxAge != 31_536_000 ||
				!mark.HttpOnly || mark.SameSite != http.SameSiteLaxMode || mark.Secure != https {
				t.Fatalf("https %v: %d %+v", https, res.StatusCode, mark)
			}
			// Not for a request the feed refuses.
			res = e.do(t, request{method: "GET", path: "/api/sync/raffles?after=", headers: headers})
			readBody(t, res)
			if res.StatusCode != 401 || len(res.Cookies()) != 0 {
				t.Fatalf("signed out: %d %v", res.StatusCode, res.Cookies())
			}
		}
	})
}
