package store

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// A poke tells an organiser's devices that a raffle's log advanced, so they
// pull. Push sends one per raffle it advanced, with the highest seq, after
// the op that reached it committed. It goes straight to this process's
// listeners, so the instance that committed broadcasts at once; with
// PostgreSQL it also travels by NOTIFY to every other server instance sharing
// the database (an instance skips its own). Either way ListenPokes is the one
// way to receive them.

// pokeChannel is the PostgreSQL NOTIFY channel of pokes.
const pokeChannel = "sorteio_pokes"

// Poke says that an owner's raffle log reached seq. RaffleID is the raffle
// as the owner's devices know it; Key is its server key, which public pages
// know (they differ only when the devices' id was another account's key).
type Poke struct {
	UserID   string `json:"u"`
	RaffleID string `json:"r"`
	Key      string `json:"k"`
	Seq      int64  `json:"s"`
}

// notice is a poke as NOTIFY carries it, with the instance that sent it.
type notice struct {
	Poke
	From string `json:"f"`
}

// pokeTarget names a raffle a push advanced, both ways.
type pokeTarget struct{ local, key string }

// listeners are this process's receivers of one kind of event.
type listeners[T any] struct {
	mu   sync.Mutex
	next int
	fns  map[int]func(T)
}

func (l *listeners[T]) add(fn func(T)) (remove func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fns == nil {
		l.fns = map[int]func(T){}
	}
	id := l.next
	l.next++
	l.fns[id] = fn
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		delete(l.fns, id)
	}
}

func (l *listeners[T]) deliver(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, fn := range l.fns {
		fn(v)
	}
}

// poke announces the raffles a push advanced (raffle id → highest seq).
// A poke that cannot be sent is logged, not returned: the push itself
// succeeded, and devices also pull when they reconnect or come back.
func (db *DB) poke(ctx context.Context, userID string, heads map[pokeTarget]int64) {
	if len(heads) == 0 {
		return
	}
	// The ops are committed: announce them even if the request just ended.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	for t, seq := range heads {
		p := Poke{UserID: userID, RaffleID: t.local, Key: t.key, Seq: seq}
		db.pokes.deliver(p)
		if db.dialect != postgresDialect {
			continue
		}
		msg, _ := json.Marshal(notice{Poke: p, From: db.instance})
		if _, err := db.sql.ExecContext(ctx, `SELECT pg_notify($1, $2)`, pokeChannel, string(msg)); err != nil {
			db.log.Warn("aviso de alteração não enviado", "raffle", t.local, "err", err)
		}
	}
}

// ListenPokes delivers the pokes of every instance to fn until ctx ends:
// this one's as they are sent, the others' (PostgreSQL) through LISTEN,
// reconnecting after failures. It calls ready (when not nil) once it
// receives both: with PostgreSQL after its LISTEN; with SQLite at once.
func (db *DB) ListenPokes(ctx context.Context, fn func(Poke), ready func()) {
	remove := db.pokes.add(fn)
	defer remove()
	db.listen(ctx, pokeChannel, func(payload string) {
		var p notice
		if json.Unmarshal([]byte(payload), &p) == nil && p.From != db.instance {
			fn(p.Poke)
		}
	}, ready)
}

// listen runs fn on every notification of channel (PostgreSQL) until ctx
// ends, reconnecting after failures; with SQLite there is nothing to hear
// from other processes, so it calls ready and waits for ctx.
func (db *DB) listen(ctx context.Context, channel string, fn func(payload string), ready func()) {
	if ready == nil {
		ready = func() {}
	}
	if db.dialect != postgresDialect {
		ready()
		<-ctx.Done()
		return
	}
	db.listening.set(channel, false) // a listener not yet connected counts as down
	var once sync.Once
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := db.listenOnce(ctx, channel, fn, func() { once.Do(ready) })
		if ctx.Err() != nil {
			return
		}
		db.log.Warn("escuta de avisos do PostgreSQL caiu; reconectando", "channel", channel, "err", err, "em", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
	}
}

func (db *DB) listenOnce(ctx context.Context, channel string, fn func(payload string), ready func()) error {
	conn, err := pgx.Connect(ctx, db.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	db.listening.set(channel, true)
	defer db.listening.set(channel, false)
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		fn(n.Payload)
	}
}
