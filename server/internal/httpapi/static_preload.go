package httpapi

import (
	"encoding/json"
	"io/fs"
	"log/slog"
	"strings"
)

// A lazily loaded screen's scripts are requested only once the entry script has run, a round trip
// and a parse after the page arrived. The build writes route-preloads.json (route pattern →
// scripts); with index.html for a route the server names those scripts in Link headers, so they
// download beside the entry script. The session check every screen starts with goes the same way.

const preloadsFile = "route-preloads.json"

// sessionPreload: the app's first request; crossorigin gives the credentials mode of its fetch.
const sessionPreload = "</api/auth/session>; rel=preload; as=fetch; crossorigin"

type routePreload struct {
	segments []string // ":x" matches any one segment; "*" anything
	links    string   // one Link header value
}

// loadPreloads reads the build's table; a binary without it (or with a bad one) sends no Links.
func loadPreloads(assets fs.FS) []routePreload {
	if assets == nil {
		return nil
	}
	data, err := fs.ReadFile(assets, preloadsFile)
	if err != nil {
		return nil
	}
	var table map[string][]string
	if err := json.Unmarshal(data, &table); err != nil {
		slog.Warn("route preloads ignored", "file", preloadsFile, "err", err)
		return nil
	}
	out := make([]routePreload, 0, len(table))
	for pattern, files := range table {
		links := make([]string, 0, len(files))
		for _, f := range files {
			// A name that could break the header is left out (the build names files [A-Za-z0-9_-.]).
			if !strings.HasPrefix(f, "/assets/") || strings.ContainsAny(f, "<>;,\" \r\n") {
				continue
			}
			links = append(links, "<"+f+">; rel=modulepreload; crossorigin")
		}
		out = append(out, routePreload{segments: strings.Split(pattern, "/"), links: strings.Join(links, ", ")})
	}
	return out
}

// preloadLinks answers the Link header for a client route (name without its leading slash): the
// session check, then the scripts of the most specific matching route.
func preloadLinks(table []routePreload, name string) string {
	segs := strings.Split(name, "/")
	best, bestScore := "", -1
	for _, r := range table {
		if score, ok := matchRoute(r.segments, segs); ok && score > bestScore {
			best, bestScore = r.links, score
		}
	}
	if best == "" {
		return sessionPreload
	}
	return sessionPreload + ", " + best
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
