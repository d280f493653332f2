package httpapi_test

import (
	"net/http"
	"testing"
)

func TestServerScenarios(t *testing.T) {
	t.Parallel()
	get := func(path string) request { return request{method: "GET", path: path} }
	runScenarios(t, []scenario{
		{name: "health pings the database", req: get("/healthz"), status: 200, want: []string{`{"status":"ok"}`},
			headers: map[string]string{"Cache-Control": "no-store"}},
		{name: "unknown API path is JSON 404", req: get("/api/nada"), status: 404,
			want: []string{`"code":"not_found"`, "Recurso não encontrado."}, notWant: []string{"<!doctype"},
			headers: map[string]string{"Content-Type": "application/json"}},
		{name: "wrong method on an API path is JSON 405", req: request{method: "DELETE", path: "/api/auth/session"},
			status: 405, want: []string{`"code":"method_not_allowed"`}},
		{name: "index is never cached", req: get("/"), status: 200, want: []string{"<title>Sorteio</title>"},
			headers: map[string]string{"Cache-Control": "no-cache", "Content-Type": "text/html"}},
		{name: "client route gets index.html", req: get("/gerenciar/0192abcd"), status: 200,
			want: []string{"<title>Sorteio</title>"}, headers: map[string]string{"Cache-Control": "no-cache"}},
		{name: "unknown page gets index.html with 404 (the app shows its not-found screen)", req: get("/nao/existe"), status: 404,
			want: []string{"<div id=root>"}},
		{name: "hashed asset is cached for a year", req: get("/assets/index-Ab12Cd.js"), status: 200,
			want: []string{"console.log"}, headers: map[string]string{"Cache-Control": "max-age=31536000, immutable"}},
		{name: "missing asset is 404, not index.html", req: get("/assets/index-Old999.js"), status: 404,
			notWant: []string{"<title>"}},
		{name: "service worker is never cached", req: get("/sw.js"), status: 200,
			headers: map[string]string{"Cache-Control": "no-cache"}},
		{name: "manifest is never cached, served as a manifest", req: get("/manifest.webmanifest"), status: 200,
			headers: map[string]string{"Cache-Control": "no-cache", "Content-Type": "application/manifest+json"}},
		{name: "registerSW.js (not built: the app registers itself) is 404, not index.html", req: get("/registerSW.js"),
			status: 404, notWant: []string{"<title>"}},
		{name: "the assets folder itself is 404", req: get("/assets/"), status: 404, notWant: []string{"<title>"}},
		{name: "a folder under assets is 404", req: get("/assets/nested/dir"), status: 404, notWant: []string{"<title>"}},
		{name: "any missing file with an extension is 404", req: get("/favicon-old.png"), status: 404, notWant: []string{"<title>"}},
		{name: "a public raffle route gets index.html", req: get("/sorteio/K7P2QX/verificar"), status: 200,
			want: []string{"<title>Sorteio</title>"}},
		{name: "workbox runtime is never cached", req: get("/workbox-1a2b3c.js"), status: 200,
			headers: map[string]string{"Cache-Control": "no-cache"}},
		{name: "icons are cached briefly", req: get("/icons/icon-192.png"), status: 200,
			headers: map[string]string{"Cache-Control": "max-age=3600"}},
		{name: "path traversal stays inside the app", req: get("/../../etc/passwd"), status: 404,
			want: []string{"<title>Sorteio</title>"}},
		{name: "security headers on pages", req: get("/"), status: 200, headers: map[string]string{
			"Content-Security-Policy": "script-src 'self';",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "strict-origin-when-cross-origin",
			"X-Frame-Options":         "DENY",
		}},
		{name: "security headers on API answers", req: get("/api/auth/session"), status: 200, headers: map[string]string{
			"Content-Security-Policy": "frame-ancestors 'none'",
			"X-Content-Type-Options":  "nosniff",
		}},
		{name: "POST to a page is refused", req: request{method: "POST", path: "/dashboard"},
			status: http.StatusMethodNotAllowed},
	})
}
