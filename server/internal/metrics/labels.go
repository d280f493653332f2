package metrics

import (
	"net/http"
	"strconv"
	"sync"

	"github.com/sorteio/sorteio/sync/protocol"
)

// Every label value comes from a closed set, whatever a request carries:
// a made-up method, path or code must not add a series (each series of the
// request histogram costs about 15 samples and lives until the process
// ends). The HTTP layer gives route patterns from its table; the values
// below are the last guard.

// Other is the label of a value outside its set.
const Other = "other"

// knownMethods are RFC 9110's methods and PATCH.
var knownMethods = map[string]bool{http.MethodGet: true, http.MethodHead: true, http.MethodPost: true,
	http.MethodPut: true, http.MethodPatch: true, http.MethodDelete: true, http.MethodConnect: true,
	http.MethodOptions: true, http.MethodTrace: true}

// Method is m when it is a known method, else "other".
func Method(m string) string {
	if knownMethods[m] {
		return m
	}
	return Other
}

// status is a three-digit HTTP status as text, else "other".
func status(code int) string {
	if code < 100 || code > 599 {
		return Other
	}
	return strconv.Itoa(code)
}

var reasonSet = func() map[string]bool {
	set := map[string]bool{"": true}
	for _, r := range protocol.Reasons() {
		set[r] = true
	}
	return set
}()

// reason is a reason code of the catalogue (or ""), else "other".
func reason(r string) string {
	if reasonSet[r] {
		return r
	}
	return Other
}

// MaxRoutes caps the route label's values: the table has about 40 patterns
// and their prefixes; past the cap a new value is "other".
const MaxRoutes = 128

// routeSet remembers the route values seen, up to MaxRoutes.
type routeSet struct {
	mu   sync.RWMutex
	seen map[string]bool
}

func (s *routeSet) label(route string) string {
	s.mu.RLock()
	ok := s.seen[route]
	s.mu.RUnlock()
	if ok {
		return route
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen[route] {
		return route
	}
	if len(s.seen) >= MaxRoutes {
		return Other
	}
	s.seen[route] = true
	return route
}
