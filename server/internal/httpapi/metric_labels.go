package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// routeLabels is the set of values the metrics' route label may take: the
// route table's patterns, and the partial patterns chi reports for a
// request refused inside a sub-router before its route matched
// ("/api/sync/*"). Anything else is "unmatched", so no request's path can
// add a series (docs/operations.md, "Metrics").
type routeLabels struct{ known map[string]bool }

// fill walks the table; addRoutes calls it last, before any request.
func (l *routeLabels) fill(r chi.Routes) {
	l.known = map[string]bool{}
	_ = chi.Walk(r, func(_ string, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		l.known[route] = true
		for i := 0; i < len(route); i++ {
			if route[i] == '/' {
				l.known[route[:i+1]+"*"] = true
			}
		}
		return nil
	})
}

// of is r's route label: chi's pattern when the table has it.
func (l *routeLabels) of(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" && l.known[p] {
			return p
		}
	}
	return "unmatched"
}
