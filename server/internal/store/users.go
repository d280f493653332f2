package store

import (
	"context"
	"database/sql"

	"github.com/sorteio/sorteio/server/internal/core"
)

// CreateUser inserts a new account; a taken e-mail answers CodeEmailTaken.
func (db *DB) CreateUser(ctx context.Context, u core.User) error {
	_, err := db.sql.ExecContext(ctx, db.q(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)`),
		u.ID, u.Email, u.PasswordHash, millis(u.CreatedAt))
	if isUniqueViolation(err) {
		return &core.Error{Code: core.CodeEmailTaken, Field: "email", Err: err}
	}
	return db.wrap(err)
}

// UserByEmail finds an account by its (already normalised) e-mail.
func (db *DB) UserByEmail(ctx context.Context, email string) (core.User, error) {
	return db.scanUser(db.sql.QueryRowContext(ctx,
		db.q(`SELECT id, email, password_hash, created_at, email_verified_at IS NOT NULL FROM users WHERE email = ?`), email))
}

func (db *DB) scanUser(row *sql.Row) (core.User, error) {
	u, err := scanUser(row)
	return u, db.wrap(err)
}
