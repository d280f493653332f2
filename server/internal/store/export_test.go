package store

import (
	"context"
	"time"
)

// OpenWith opens dsn migrated with the migrations in files only, as a build
// that shipped just those would.
var OpenWith = open

// StopCheckpoints ends the background checkpoints, so a test decides when
// one runs (CheckpointNow).
func (db *DB) StopCheckpoints() {
	db.stopCheckpoints()
	db.stopCheckpoints = nil
}

// CheckpointNow runs the background checkpoint once.
func (db *DB) CheckpointNow(ctx context.Context) error { return db.checkpoint(ctx) }

// StartCheckpoints runs the background checkpoints again, every interval.
func (db *DB) StartCheckpoints(every time.Duration) { db.startCheckpoints(every) }
