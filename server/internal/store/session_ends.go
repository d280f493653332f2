package store

import (
	"context"
	"encoding/json"
	"time"
)

// Ending a session must also close the WebSockets it opened, on every
// instance: each function here that deletes sessions announces it after
// commit, the way pokes are announced (pokes.go), and ListenSessionEnds is
// the one way to hear it. Every path that ends sessions goes through these
// functions: sign-out, 'Sair de todos os dispositivos', a password change,
// an account's deletion.

// sessionEndChannel is the PostgreSQL NOTIFY channel of ended sessions.
const sessionEndChannel = "sorteio_session_ends"

// SessionEnd says which sessions ended: the one whose token hash is Session;
// or, when Session is empty, every session of UserID but the one whose token
// hash is Keep (none when Keep is empty).
type SessionEnd struct {
	UserID  string `json:"u,omitempty"`
	Session []byte `json:"s,omitempty"`
	Keep    []byte `json:"k,omitempty"`
}

type endNotice struct {
	SessionEnd
	From string `json:"f"`
}

// endSessions announces e to this process's listeners and, with PostgreSQL,
// to every other instance. Like a poke, a failed NOTIFY is logged: the
// sessions are gone, and a socket of another instance then lives on only
// until its client reconnects (its next request is refused).
func (db *DB) endSessions(ctx context.Context, e SessionEnd) {
	db.ends.deliver(e)
	if db.dialect != postgresDialect {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	msg, _ := json.Marshal(endNotice{SessionEnd: e, From: db.instance})
	if _, err := db.sql.ExecContext(ctx, `SELECT pg_notify($1, $2)`, sessionEndChannel, string(msg)); err != nil {
		db.log.Warn("aviso de sessões encerradas não enviado", "err", err)
	}
}

// ListenSessionEnds delivers the session ends of every instance to fn until
// ctx ends, as ListenPokes does for pokes (ready likewise).
func (db *DB) ListenSessionEnds(ctx context.Context, fn func(SessionEnd), ready func()) {
	remove := db.ends.add(fn)
	defer remove()
	db.listen(ctx, sessionEndChannel, func(payload string) {
		var e endNotice
		if json.Unmarshal([]byte(payload), &e) == nil && e.From != db.instance {
			fn(e.SessionEnd)
		}
	}, ready)
}
