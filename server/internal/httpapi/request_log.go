package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
)

// Observer records what operators watch (server/internal/metrics); a nil
// Deps.Metrics records nothing.
type Observer interface {
	Request(route, method string, status int, d time.Duration)
	Ops(status, reason string, n int)
	Push(d time.Duration)
	Pull(kind string, d time.Duration)
	SocketRefused(kind, reason string)
}

type noObserver struct{}

func (noObserver) Request(string, string, int, time.Duration) {}
func (noObserver) Ops(string, string, int)                    {}
func (noObserver) Push(time.Duration)                         {}
func (noObserver) Pull(string, time.Duration)                 {}
func (noObserver) SocketRefused(string, string)               {}

// requestInfo is what the log line of a request learns on the way in:
// requireUser fills the account, deeper than the middleware that logs.
type requestInfo struct {
	id      string
	account string
}

type requestKey struct{}

func infoFrom(ctx context.Context) *requestInfo {
	ri, _ := ctx.Value(requestKey{}).(*requestInfo)
	return ri
}

// requestID is the request's id for log lines ("" outside logRequests).
func requestID(r *http.Request) string {
	if ri := infoFrom(r.Context()); ri != nil {
		return ri.id
	}
	return ""
}

// logRequests writes one structured line per request and records it in the
// metrics: the request id (the trusted proxy's X-Request-Id, else a new
// one; echoed in the answer), the route table's pattern rather than the
// path's values (routeLabels), status, duration and account. It never
// logs a header, a query string or a body: passwords, tokens, cookies and
// e-mails travel only there (a link's token rides in the fragment, which no request carries).
func logRequests(log *slog.Logger, trustProxy bool, obs Observer, routes *routeLabels) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ri := &requestInfo{}
			if trustProxy {
				ri.id = cleanRequestID(r.Header.Get("X-Request-Id"))
			}
			if ri.id == "" {
				ri.id = newRequestID()
			}
			w.Header().Set("X-Request-Id", ri.id)
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			r = r.WithContext(context.WithValue(r.Context(), requestKey{}, ri))
			next.ServeHTTP(ww, r)
			d := time.Since(start)
			status := ww.Status()
			if status == 0 {
				status = http.StatusOK
			}
			route := routes.of(r)
			obs.Request(route, r.Method, status, d)
			level := slog.LevelInfo
			if status >= 500 {
				level = slog.LevelError
			}
			if !log.Enabled(r.Context(), level) {
				return
			}
			log.LogAttrs(r.Context(), level, "requisição",
				slog.String("request_id", ri.id), slog.String("method", r.Method), slog.String("route", route),
				slog.String("path", r.URL.Path), slog.Int("status", status), slog.Int("bytes", ww.BytesWritten()),
				slog.Float64("dur_ms", float64(d.Microseconds())/1000), slog.String("account", ri.account))
		})
	}
}

// cleanRequestID keeps a proxy's id when it is short and plain (letters,
// digits, '-', '_', '.', ':'), so a log line cannot be forged through it.
func cleanRequestID(s string) string {
	if s == "" || len(s) > 64 {
		return ""
	}
	for _, c := range []byte(s) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':'
		if !ok {
			return ""
		}
	}
	return s
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
