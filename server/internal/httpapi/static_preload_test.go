package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// index.html for a client route names the session check and that route's scripts in a Link
// header (from the build's route-preloads.json), so they download beside the entry script.
func TestStaticPreloadLinks(t *testing.T) {
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
	session := "</api/auth/session>; rel=preload; as=fetch; crossorigin"
	runScenarios(t, []scenario{
		{name: "a route's scripts and the session check", req: get("/dashboard"), status: 200, want: []string{"<div id=root>"},
			after: links([]string{session, "</assets/Dash-1a.js>; rel=modulepreload; crossorigin", "</assets/Dexie-2b.js>; rel=modulepreload"}, "Public-3c")},
		{name: "a parameter matches one segment", req: get("/sorteio/K7P2QX"), status: 200,
			after: links([]string{"</assets/Public-3c.js>"}, "Big-4d", "NotFound-5e")},
		{name: "the most specific route wins over a shorter one and over *", req: get("/sorteio/K7P2QX/telao"), status: 200,
			after: links([]string{"</assets/Big-4d.js>"}, "Public-3c", "NotFound-5e")},
		{name: "an unknown page gets the 404 screen's script; names outside /assets/ or that would break the header are left out",
			req: get("/nao/existe"), status: 200, after: links([]string{session, "</assets/NotFound-5e.js>"}, "elsewhere", "rel=preload,", "x.js>")},
		{name: "a file gets no Link header", req: get("/assets/index-Ab12Cd.js"), status: 200, after: links(nil, "modulepreload", "session")},
	})
}
