package metrics_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/metrics"
)

// Made-up methods, more routes than the cap, unknown reasons and statuses
// end as "other": the series stop growing, whatever the callers pass.
func TestLabelsBounded(t *testing.T) {
	m := metrics.New(metrics.Sources{})
	send := func(from, to int) {
		for i := from; i < to; i++ {
			m.Request(fmt.Sprintf("/r%d", i), fmt.Sprintf("JUNK%d", i), 200+i%3, time.Millisecond)
			m.Request("/api/sync/push", fmt.Sprintf("get%d", i), 1000+i, time.Millisecond)
			m.Ops("rejected", fmt.Sprintf("made_up_%d", i), 1)
		}
	}
	send(0, 2*metrics.MaxRoutes)
	before := count(t, m)
	send(2*metrics.MaxRoutes, 4*metrics.MaxRoutes)
	if after := count(t, m); after != before {
		t.Errorf("series went from %d to %d", before, after)
	}
	families, _ := m.Registry().Gather()
	for _, f := range families {
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				if l.GetName() == "method" && l.GetValue() != "other" {
					t.Errorf("method label %q", l.GetValue())
				}
				if l.GetName() == "reason" && l.GetValue() != "other" {
					t.Errorf("reason label %q", l.GetValue())
				}
			}
		}
	}
	m.Request("/x", "GET", 200, time.Millisecond)
	m.Ops("rejected", "title_required", 1)
	families, _ = m.Registry().Gather()
	got := map[string]bool{}
	for _, f := range families {
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				got[l.GetName()+"="+l.GetValue()] = true
			}
		}
	}
	for _, want := range []string{"method=GET", "reason=title_required", "status=200", "status=other", "route=other"} {
		if !got[want] {
			t.Errorf("no series with %s", want)
		}
	}
}

// count is the number of series (histograms count once each).
func count(t *testing.T, m *metrics.Metrics) int {
	t.Helper()
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range families {
		n += len(f.GetMetric())
	}
	return n
}
