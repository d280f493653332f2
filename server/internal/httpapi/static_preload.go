package httpapi

import (
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/sorteio/sorteio/sync/protocol"
)

// A lazily loaded screen's scripts are requested only once the entry script has run, a round trip
// and a parse after the page arrived. The build writes route-preloads.json (index.html's own
// scripts and stylesheets; route pattern → scripts); with index.html for a route the server names
// those scripts in Link headers, so they download beside the entry script. The session check every
// screen starts with goes the same way, and so does a raffle's public state on its public page and
// big screen: what the audience's phones wait for, asked by the entry's first module (pwa
// app/boot.ts) for the code in upper case.
//
// The entry's files come first: a browser starts a Link header's requests before the page's own,
// in order, and on HTTP/1.1 six at a time, so a screen's scripts named first went ahead of the
// entry script and the stylesheet the first paint waits for.
//
// Step 1 of "The start-up path" (docs/architecture.md), which follows a page
// from these headers to the service worker.

const preloadsFile = "route-preloads.json"

// sessionPreload: the app's first request; crossorigin gives the credentials mode of its fetch.
const sessionPreload = "</api/auth/session>; rel=preload; as=fetch; crossorigin"

// databaseCookie is set by the PWA each time its IndexedDB database opens (pwa db/device.ts). A
// signed-in browser without it, opening a raffle's screen, has never stored anything: the raffle's
// snapshot is what it will wait for, so the header names it too (the entry's first module asks for
// the same URL, app/early-snapshot.ts, and gets this download). A browser with the database is
// never sent it: it may hold the raffle, and its engine asks only for what it lacks.
const databaseCookie = "sorteio_db"

// setDatabaseCookie sets the same mark from the server, for a year: Safari keeps a cookie set by a
// script for 7 days only, and a device unopened that long would then be sent a snapshot it does not
// read. Only a browser with the database syncs, so the feed (asked at every sync) renews it. HttpOnly:
// the PWA's own script setting then no longer replaces it with a 7-day one.
func setDatabaseCookie(w http.ResponseWriter, r *http.Request, cfg Config) {
	http.SetCookie(w, &http.Cookie{Name: databaseCookie, Value: "1", Path: "/", MaxAge: 365 * 24 * 60 * 60,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isHTTPS(r, cfg.TrustProxy)})
}

// preloadTable is route-preloads.json as the server uses it: Link header values, ready.
type preloadTable struct {
	entry  string // index.html's scripts and stylesheets
	routes []routePreload
}

type routePreload struct {
	segments []string // ":x" matches any one segment; "*" anything
	links    string   // one Link header value
}

// loadPreloads reads the build's table; a binary without it (or with a bad one) sends no Links.
func loadPreloads(assets fs.FS) *preloadTable {
	if assets == nil {
		return nil
	}
	data, err := fs.ReadFile(assets, preloadsFile)
	if err != nil {
		return nil
	}
	var file struct {
		Entry  []string            `json:"entry"`
		Styles []string            `json:"styles"`
		Routes map[string][]string `json:"routes"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		slog.Warn("route preloads ignored", "file", preloadsFile, "err", err)
		return nil
	}
	if file.Routes == nil {
		// An older build's flat table decodes to nothing: say so rather than send half a header.
		slog.Warn("route preloads ignored", "file", preloadsFile, "err", "no routes")
		return nil
	}
	// crossorigin as in index.html's tags, or the browser would not use the preloaded copy.
	entry := append(linkValues(file.Entry, "rel=modulepreload; crossorigin"), linkValues(file.Styles, "rel=preload; as=style; crossorigin")...)
	table := &preloadTable{entry: strings.Join(entry, ", ")}
	for pattern, files := range file.Routes {
		links := linkValues(files, "rel=modulepreload; crossorigin")
		table.routes = append(table.routes, routePreload{segments: strings.Split(pattern, "/"), links: strings.Join(links, ", ")})
	}
	return table
}

// linkValues: one Link value per file. A name that could break the header is left out (the build
// names files [A-Za-z0-9_-.] under /assets/).
func linkValues(files []string, params string) []string {
	out := make([]string, 0, len(files))
	for _, f := range files {
		if !strings.HasPrefix(f, "/assets/") || strings.ContainsAny(f, "<>;,\" \r\n") {
			continue
		}
		out = append(out, "<"+f+">; "+params)
	}
	return out
}

// preloadLinks answers the Link header for a client route (name without its leading slash):
// index.html's own files, the session check (and a public page's state, or for a new device a
// raffle's snapshot), then the scripts of the most specific matching route. screen is false when
// only the catch-all (the not-found screen) matched.
func (t *preloadTable) preloadLinks(name string, newDevice bool) (links string, screen bool) {
	segs := strings.Split(name, "/")
	best, bestScore := "", -1
	for _, r := range t.routes {
		score, ok := matchRoute(r.segments, segs)
		if !ok {
			continue
		}
		if !(len(r.segments) == 1 && r.segments[0] == "*") {
			screen = true
		}
		if score > bestScore {
			best, bestScore = r.links, score
		}
	}
	state := ""
	if code, ok := publicPageCode(segs); ok {
		state = "</api/public/raffles/" + code + ">; rel=preload; as=fetch; crossorigin"
	}
	if id, ok := manageRaffleID(segs); ok && newDevice {
		// The very URL the PWA asks for (pwa/src/sync/paths.ts), its schema version included.
		state = "</api/sync/raffles/" + id + "/snapshot?format=" + protocol.SnapshotColumns + "&schema=" + strconv.Itoa(protocol.SchemaVersion) +
			">; rel=preload; as=fetch; crossorigin"
	}
	return joinLinks(t.entry, sessionPreload, state, best), screen
}

// landingLinks answers the Link header for the landing page, which is in the entry: index.html's
// own files and the session check.
func (t *preloadTable) landingLinks() string {
	return joinLinks(t.entry, sessionPreload)
}

// joinLinks joins Link values in order, leaving out empty ones.
func joinLinks(values ...string) string {
	out := values[:0]
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return strings.Join(out, ", ")
}

// publicPageCode: the raffle code of a public page's path (sorteio/{code} and sorteio/{code}/telao),
// in upper case as the page asks for it; only a well-formed code, so the header stays well formed.
func publicPageCode(segs []string) (string, bool) {
	if len(segs) < 2 || len(segs) > 3 || segs[0] != "sorteio" || (len(segs) == 3 && segs[2] != "telao") {
		return "", false
	}
	code := strings.ToUpper(segs[1])
	return code, protocol.IsCode(code)
}

// manageRaffleID: the raffle id of a raffle's screen (gerenciar/{id}); only a well-formed id, so
// the header stays well formed.
func manageRaffleID(segs []string) (string, bool) {
	if len(segs) != 2 || segs[0] != "gerenciar" || !protocol.IsUUID(segs[1]) {
		return "", false
	}
	return segs[1], true
}

// isNewDevice: a signed-in browser that has never opened the app's database (databaseCookie).
func isNewDevice(r *http.Request) bool {
	_, errSession := r.Cookie(sessionCookie)
	_, errDatabase := r.Cookie(databaseCookie)
	return errSession == nil && errDatabase != nil
}

// matchRoute: whether the pattern's segments match the path's, and how specifically (literal
// segments count two, parameters one, "*" nothing).
func matchRoute(pattern, path []string) (int, bool) {
	if len(pattern) == 1 && pattern[0] == "*" {
		return 0, true
	}
	if len(pattern) != len(path) {
		return 0, false
	}
	score := 0
	for i, p := range pattern {
		switch {
		case strings.HasPrefix(p, ":") && path[i] != "":
			score++
		case p == path[i]:
			score += 2
		default:
			return 0, false
		}
	}
	return score, true
}
