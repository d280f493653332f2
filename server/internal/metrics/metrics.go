// Package metrics publishes what an operator watches, in Prometheus's format,
// on a listener of its own (METRICS_ADDR; docs/operations.md lists each
// metric). The HTTP layer and the public fan-out record into it through the
// small interfaces they declare; what is a level rather than an event
// (connections, the mail outbox, the database pool) is read at scrape time,
// so it costs the hot paths nothing.
package metrics

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Sources are the levels read at each scrape; a nil one is left out.
type Sources struct {
	OrganiserSockets func() int
	PublicViewers    func() int
	// MailOutbox counts the messages waiting to be sent.
	MailOutbox func(ctx context.Context) (int, error)
	// Pool is the database pool's use.
	Pool func() sql.DBStats
	// Listening says whether PostgreSQL's LISTEN connection is up (always
	// true with SQLite).
	Listening func() bool
}

// Metrics holds the server's collectors in a registry of its own.
type Metrics struct {
	reg       *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	refused   *prometheus.CounterVec
	ops       *prometheus.CounterVec
	push      prometheus.Histogram
	pull      *prometheus.HistogramVec
	broadcast prometheus.Histogram
	reached   prometheus.Counter
	routes    routeSet
}

// Buckets of request latencies, in seconds: 1 ms to 10 s.
var latencyBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// New registers the collectors, the Go runtime's and the process's.
func New(src Sources) *Metrics {
	m := &Metrics{
		reg:    prometheus.NewRegistry(),
		routes: routeSet{seen: map[string]bool{}},
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sorteio_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status."}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sorteio_http_request_duration_seconds",
			Help: "Time to answer an HTTP request, by route pattern and method.", Buckets: latencyBuckets}, []string{"route", "method"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sorteio_websocket_refused_total",
			Help: "WebSocket connections refused, by kind (organiser, public) and reason (rate, address, cap)."}, []string{"kind", "reason"}),
		ops: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sorteio_sync_ops_total",
			Help: "Sync ops answered, by status (applied, duplicate, rejected) and reason code."}, []string{"status", "reason"}),
		push: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sorteio_sync_push_duration_seconds",
			Help: "Time to apply a push, decoding to answer.", Buckets: latencyBuckets}),
		pull: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sorteio_sync_pull_duration_seconds",
			Help: "Time to answer a pull, by kind (changes, snapshot, feed).", Buckets: latencyBuckets}, []string{"kind"}),
		broadcast: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "sorteio_public_broadcast_duration_seconds",
			Help:    "Time from framing a raffle's public state to its last viewer's write.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1}}),
		reached: prometheus.NewCounter(prometheus.CounterOpts{Name: "sorteio_public_broadcast_viewers_total",
			Help: "Viewers the public broadcasts reached."}),
	}
	m.reg.MustRegister(m.requests, m.latency, m.refused, m.ops, m.push, m.pull, m.broadcast, m.reached,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if src.OrganiserSockets != nil || src.PublicViewers != nil {
		m.reg.MustRegister(socketsCollector{src.OrganiserSockets, src.PublicViewers})
	}
	if src.MailOutbox != nil {
		m.reg.MustRegister(outboxCollector(src.MailOutbox))
	}
	if src.Pool != nil {
		m.reg.MustRegister(poolCollector(src.Pool))
	}
	if src.Listening != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sorteio_db_listen_up",
			Help: "1 while PostgreSQL's LISTEN connection is up (always 1 with SQLite)."}, func() float64 {
			if src.Listening() {
				return 1
			}
			return 0
		}))
	}
	return m
}

// Handler serves the metrics, for METRICS_ADDR's listener only.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	return mux
}

// Registry is for tests that read values without HTTP.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Request records an answered HTTP request. route is a pattern of the
// route table (at most MaxRoutes values are kept); a method outside the
// known set is "other".
func (m *Metrics) Request(route, method string, code int, d time.Duration) {
	route, method = m.routes.label(route), Method(method)
	m.requests.WithLabelValues(route, method, status(code)).Inc()
	m.latency.WithLabelValues(route, method).Observe(d.Seconds())
}

// Ops records n ops answered with status (and reason, when rejected): a
// reason outside the catalogue is "other".
func (m *Metrics) Ops(status, why string, n int) {
	m.ops.WithLabelValues(status, reason(why)).Add(float64(n))
}

// Push records a push's time.
func (m *Metrics) Push(d time.Duration) { m.push.Observe(d.Seconds()) }

// Pull records a pull's time; kind is the caller's constant.
func (m *Metrics) Pull(kind string, d time.Duration) {
	m.pull.WithLabelValues(kind).Observe(d.Seconds())
}

// SocketRefused records a refused WebSocket; kind and reason are the callers' own constants, never a request's.
func (m *Metrics) SocketRefused(kind, reason string) { m.refused.WithLabelValues(kind, reason).Inc() }

// Broadcast records one public broadcast: its viewers and how long it took.
func (m *Metrics) Broadcast(viewers int, d time.Duration) {
	m.broadcast.Observe(d.Seconds())
	m.reached.Add(float64(viewers))
}
