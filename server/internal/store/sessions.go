package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// CreateSession stores a new session (by its token hash).
func (db *DB) CreateSession(ctx context.Context, s core.Session) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error { return db.insertSession(ctx, tx, s) }))
}

// CreatePasswordSession stores a session opened with the password whose
// hash is passwordHash, only while the account still has that password;
// else CodeNotFound. Argon2 takes a while: a sign-in that checked the
// password just before a provider took the account over, or before the
// password changed, must not open a session after that. The account's row
// is locked first, as the takeover and the change lock it.
func (db *DB) CreatePasswordSession(ctx context.Context, s core.Session, passwordHash string) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error {
		var current string
		err := tx.QueryRowContext(ctx, db.q(`SELECT password_hash FROM users WHERE id = ?`+db.forUpdate()), s.UserID).Scan(&current)
		if err != nil {
			return err
		}
		if current == "" || current != passwordHash {
			return &core.Error{Code: core.CodeNotFound}
		}
		return db.insertSession(ctx, tx, s)
	}))
}

func (db *DB) insertSession(ctx context.Context, tx *sql.Tx, s core.Session) error {
	return db.exec(ctx, tx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`,
		s.TokenHash, s.UserID, millis(s.CreatedAt), millis(s.ExpiresAt))
}

// SessionByHash returns a session and its user; CodeNotFound when there is none.
func (db *DB) SessionByHash(ctx context.Context, hash []byte) (core.Session, core.User, error) {
	var s core.Session
	var u core.User
	var sCreated, sExpires, uCreated int64
	err := db.sql.QueryRowContext(ctx, db.q(`
		SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, u.id, u.email, u.password_hash, u.created_at,
			u.email_verified_at IS NOT NULL
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ?`), hash).
		Scan(&s.TokenHash, &s.UserID, &sCreated, &sExpires, &u.ID, &u.Email, &u.PasswordHash, &uCreated, &u.EmailVerified)
	if errors.Is(err, sql.ErrNoRows) {
		return core.Session{}, core.User{}, &core.Error{Code: core.CodeNotFound}
	}
	if err != nil {
		return core.Session{}, core.User{}, db.wrap(err)
	}
	s.CreatedAt, s.ExpiresAt, u.CreatedAt = fromMillis(sCreated), fromMillis(sExpires), fromMillis(uCreated)
	u.Email = shownEmail(u.Email)
	return s, u, nil
}

// ExtendSession moves a session's expiry (the sliding window).
func (db *DB) ExtendSession(ctx context.Context, hash []byte, expiresAt time.Time) error {
	_, err := db.sql.ExecContext(ctx, db.q(`UPDATE sessions SET expires_at = ? WHERE token_hash = ?`), millis(expiresAt), hash)
	return db.wrap(err)
}

// DeleteSession removes one session; removing a missing one is not an error.
func (db *DB) DeleteSession(ctx context.Context, hash []byte) error {
	if _, err := db.sql.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE token_hash = ?`), hash); err != nil {
		return db.wrap(err)
	}
	db.endSessions(ctx, SessionEnd{Session: hash})
	return nil
}

// DeleteExpiredSessions removes sessions that expired before now and says how many.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.sql.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE expires_at <= ?`), millis(now))
	if err != nil {
		return 0, db.wrap(err)
	}
	n, err := res.RowsAffected()
	return n, db.wrap(err)
}
