package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestReadyFollowsSchemaAndListen: a fresh database is ready; PostgreSQL's
// instance is not while its LISTEN is down; a schema at another version
// (a newer build migrated it) is not ready either.
func TestReadyFollowsSchemaAndListen(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if r, ok := db.Ready(ctx); !ok {
			t.Fatalf("fresh database not ready: %+v", r)
		}
		lctx, cancel := context.WithCancel(ctx)
		stopped := make(chan struct{})
		ready := make(chan struct{})
		go func() {
			db.ListenPokes(lctx, func(store.Poke) {}, func() { close(ready) })
			close(stopped)
		}()
		<-ready
		if r, ok := db.Ready(ctx); !ok {
			t.Fatalf("listening database not ready: %+v", r)
		}
		cancel()
		<-stopped
		if _, ok := db.Ready(ctx); ok == (db.Dialect() == "postgres") {
			t.Errorf("%s: ready = %v after its LISTEN stopped", db.Dialect(), ok)
		}

		sqlDB, q := db.Raw()
		if _, err := sqlDB.ExecContext(ctx, q(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`),
			999999, "9999_newer.sql", time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		r, ok := db.Ready(ctx)
		if ok || !strings.Contains(r.Migrations, "999999") {
			t.Errorf("schema ahead: ready = %v %+v, want the migrations check to fail", ok, r)
		}
	})
}
