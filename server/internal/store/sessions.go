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
	_, err := db.sql.ExecContext(ctx, db.q(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`),
		s.TokenHash, s.UserID, millis(s.CreatedAt), millis(s.ExpiresAt))
	return db.wrap(err)
}

// SessionByHash returns a session and its user; CodeNotFound when there is none.
func (db *DB) SessionByHash(ctx context.Context, hash []byte) (core.Session, core.User, error) {
	var s core.Session
	var u core.User
	var sCreated, sExpires, uCreated int64
	err := db.sql.QueryRowContext(ctx, db.q(`
		SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, u.id, u.email, u.password_hash, u.created_at
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ?`), hash).
		Scan(&s.TokenHash, &s.UserID, &sCreated, &sExpires, &u.ID, &u.Email, &u.PasswordHash, &uCreated)
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
