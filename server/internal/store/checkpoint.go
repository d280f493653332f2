package store

import (
	"context"
	"time"
)

// SQLite copies its WAL back into the database file (a checkpoint) here, in
// the background, not in the commit that crossed the WAL's threshold of
// 1,000 pages: with the default, the commit of nearly every op of a large
// push or import ran one, and waited for its writes and syncs
// (docs/bench/2026-11-25.md). A passive checkpoint
// waits for no reader and no writer; the WAL keeps every commit durable
// meanwhile, and SQLite checkpoints once more when the database closes.

// checkpointEvery is how often the background checkpoint runs.
const checkpointEvery = time.Second

// startCheckpoints runs a checkpoint every interval until Close.
func (db *DB) startCheckpoints(every time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	db.stopCheckpoints = func() {
		cancel()
		<-done
	}
	go func() {
		defer close(done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if db.walErased.Load() {
					// A truncation that cannot finish still copies what it can, as the passive one does.
					db.truncateWAL(ctx)
					continue
				}
				if err := db.checkpoint(ctx); err != nil && ctx.Err() == nil {
					db.log.Warn("checkpoint do SQLite falhou", "err", err)
				}
			}
		}
	}()
}

// checkpoint copies what it can of the WAL into the database file, through
// a reading connection, so it never waits for the writers' pool.
func (db *DB) checkpoint(ctx context.Context) error {
	_, err := db.read.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
	return err
}
