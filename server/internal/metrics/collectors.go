package metrics

import (
	"context"
	"database/sql"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

var socketsDesc = prometheus.NewDesc("sorteio_websocket_connections",
	"WebSocket connections open, by kind (organiser, public).", []string{"kind"}, nil)

// socketsCollector reads the open connections at scrape time.
type socketsCollector struct{ organiser, public func() int }

func (c socketsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- socketsDesc }

func (c socketsCollector) Collect(ch chan<- prometheus.Metric) {
	if c.organiser != nil {
		ch <- prometheus.MustNewConstMetric(socketsDesc, prometheus.GaugeValue, float64(c.organiser()), "organiser")
	}
	if c.public != nil {
		ch <- prometheus.MustNewConstMetric(socketsDesc, prometheus.GaugeValue, float64(c.public()), "public")
	}
}

var (
	outboxDesc = prometheus.NewDesc("sorteio_mail_outbox_depth",
		"E-mails waiting in the outbox (sent ones leave it).", nil, nil)
	outboxErrDesc = prometheus.NewDesc("sorteio_mail_outbox_depth_error",
		"1 when the last scrape could not count the outbox.", nil, nil)
)

// outboxCollector counts the outbox at scrape time, within a second: a
// database that does not answer gives an error gauge, not a stuck scrape.
type outboxCollector func(ctx context.Context) (int, error)

func (c outboxCollector) Describe(ch chan<- *prometheus.Desc) { ch <- outboxDesc; ch <- outboxErrDesc }

func (c outboxCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	n, err := c(ctx)
	failed := 0.0
	if err != nil {
		failed = 1
	} else {
		ch <- prometheus.MustNewConstMetric(outboxDesc, prometheus.GaugeValue, float64(n))
	}
	ch <- prometheus.MustNewConstMetric(outboxErrDesc, prometheus.GaugeValue, failed)
}

var (
	poolMaxDesc   = prometheus.NewDesc("sorteio_db_pool_max_open", "The database pool's cap of open connections.", nil, nil)
	poolOpenDesc  = prometheus.NewDesc("sorteio_db_pool_open", "Open database connections, in use or idle.", nil, nil)
	poolInUseDesc = prometheus.NewDesc("sorteio_db_pool_in_use", "Database connections in use.", nil, nil)
	poolWaitDesc  = prometheus.NewDesc("sorteio_db_pool_waits_total", "Times a request waited for a free connection.", nil, nil)
	poolWaitSDesc = prometheus.NewDesc("sorteio_db_pool_wait_seconds_total", "Time spent waiting for a free connection.", nil, nil)
)

// poolCollector reads the writing pool's statistics at scrape time.
type poolCollector func() sql.DBStats

func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{poolMaxDesc, poolOpenDesc, poolInUseDesc, poolWaitDesc, poolWaitSDesc} {
		ch <- d
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c()
	ch <- prometheus.MustNewConstMetric(poolMaxDesc, prometheus.GaugeValue, float64(s.MaxOpenConnections))
	ch <- prometheus.MustNewConstMetric(poolOpenDesc, prometheus.GaugeValue, float64(s.OpenConnections))
	ch <- prometheus.MustNewConstMetric(poolInUseDesc, prometheus.GaugeValue, float64(s.InUse))
	ch <- prometheus.MustNewConstMetric(poolWaitDesc, prometheus.CounterValue, float64(s.WaitCount))
	ch <- prometheus.MustNewConstMetric(poolWaitSDesc, prometheus.CounterValue, s.WaitDuration.Seconds())
}
