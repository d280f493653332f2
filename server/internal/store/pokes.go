package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jackc/pgx/v5"
)

// pokeChannel is the PostgreSQL NOTIFY channel that tells every server
// instance sharing the database that a raffle's log advanced.
const pokeChannel = "sorteio_pokes"

// Poke says that an owner's raffle log reached seq.
type Poke struct {
	UserID   string `json:"u"`
	RaffleID string `json:"r"`
	Seq      int64  `json:"s"`
}

func pokeMessage(userID, raffleID string, seq int64) string {
	b, _ := json.Marshal(Poke{UserID: userID, RaffleID: raffleID, Seq: seq})
	return string(b)
}

// SharesPokes says whether pokes travel through the database (PostgreSQL,
// several instances) rather than only inside this process (SQLite).
func (db *DB) SharesPokes() bool { return db.dialect == postgresDialect }

// ListenPokes delivers the pokes of every instance to fn until ctx ends,
// reconnecting after failures. Only for PostgreSQL; with SQLite it returns
// at once (one instance: the handlers publish directly).
func (db *DB) ListenPokes(ctx context.Context, fn func(Poke)) {
	if db.dialect != postgresDialect {
		return
	}
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, fn)
		if ctx.Err() != nil {
			return
		}
		db.log.Warn("escuta de avisos do PostgreSQL caiu; reconectando", "err", err, "em", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
	}
}

func (db *DB) listenOnce(ctx context.Context, fn func(Poke)) error {
	conn, err := pgx.Connect(ctx, db.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pokeChannel); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var p Poke
		if json.Unmarshal([]byte(n.Payload), &p) == nil {
			fn(p)
		}
	}
}
