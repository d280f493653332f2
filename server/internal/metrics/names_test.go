package metrics_test

import (
	"context"
	"database/sql"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/metrics"
)

// Every sorteio_ metric that the dashboard, the alert rules and the list in
// docs/operations.md name is one the server exports, and every one it
// exports is listed there: a renamed metric fails here, not on a quiet
// dashboard panel.
func TestDocumentedMetricsExist(t *testing.T) {
	m := metrics.New(metrics.Sources{OrganiserSockets: func() int { return 0 }, PublicViewers: func() int { return 0 },
		MailOutbox: func(context.Context) (int, error) { return 0, nil }, Pool: func() sql.DBStats { return sql.DBStats{} },
		Listening: func() bool { return true }})
	m.Request("/x", "GET", 200, time.Millisecond)
	m.Ops("applied", "", 1)
	m.Push(time.Millisecond)
	m.Pull("changes", time.Millisecond)
	m.SocketRefused("public", "rate")
	m.Broadcast(1, time.Millisecond)
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	exported := map[string]bool{}
	for _, f := range families {
		exported[f.GetName()] = true
	}
	name := regexp.MustCompile(`sorteio_[a-z_]+`)
	docs, _ := os.ReadFile("../../../docs/operations.md")
	listed := map[string]bool{}
	// The docs' "Metrics" section only: cookies are named sorteio_ too.
	section := string(docs)
	if i := strings.Index(section, "## Metrics"); i >= 0 {
		section = section[i:]
	}
	if i := strings.Index(section, "## Health and readiness"); i >= 0 {
		section = section[:i]
	}
	dashboard, err := os.ReadFile("../../../deploy/grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	for file, text := range map[string]string{"deploy/grafana-dashboard.json": string(dashboard), "docs/operations.md": section} {
		for _, n := range name.FindAllString(text, -1) {
			base := n
			for _, suffix := range []string{"_bucket", "_count", "_sum"} {
				base = strings.TrimSuffix(base, suffix)
			}
			if strings.HasSuffix(base, "_") {
				continue // a prefix in prose ("sorteio_db_pool_max_open, _open")
			}
			if !exported[base] {
				t.Errorf("%s names %s, which the server does not export", file, n)
			}
			listed[base] = true
		}
	}
	for n := range exported {
		if strings.HasPrefix(n, "sorteio_") && !strings.Contains(section, n) && !listed[n] {
			t.Errorf("%s is exported but not listed in docs/operations.md", n)
		}
	}
}
