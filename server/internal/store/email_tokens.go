package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// ConfirmEmail uses a confirmation link: the account's address, if it is
// still the one the link was sent to, becomes proven (markEmailVerified, the
// column a provider's verified address sets too).
func (db *DB) ConfirmEmail(ctx context.Context, hash []byte, now time.Time) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error {
		t, err := db.useEmailToken(ctx, tx, hash, core.TokenConfirm, now)
		if err != nil {
			return err
		}
		if err := db.lockSameEmail(ctx, tx, t); err != nil {
			return err
		}
		return db.markEmailVerified(ctx, tx, t.UserID, now)
	}))
}

// ResetPassword uses a reset link: the account gets the password hash
// passwordHash, and its address, which the link reached, becomes proven.
// The caller then ends the account's sessions.
func (db *DB) ResetPassword(ctx context.Context, hash []byte, passwordHash string, now time.Time) (u core.User, err error) {
	err = db.tx(ctx, func(tx *sql.Tx) error {
		t, err := db.useEmailToken(ctx, tx, hash, core.TokenReset, now)
		if err != nil {
			return err
		}
		if err := db.lockSameEmail(ctx, tx, t); err != nil {
			return err
		}
		u = core.User{ID: t.UserID, Email: shownEmail(t.Email), PasswordHash: passwordHash}
		if err := db.exec(ctx, tx, `UPDATE users SET password_hash = ? WHERE id = ?`, passwordHash, t.UserID); err != nil {
			return err
		}
		return db.markEmailVerified(ctx, tx, t.UserID, now)
	})
	return u, db.wrap(err)
}

// CheckEmailToken answers as using the link whose token hash is hash, for
// purpose, would (CodeLinkInvalid, CodeLinkUsed, CodeLinkExpired, or nil),
// without using it: a reset looks its token up before it hashes the new
// password, so a made-up token costs no hash.
func (db *DB) CheckEmailToken(ctx context.Context, hash []byte, purpose string, now time.Time) error {
	var expires int64
	var used sql.NullInt64
	err := db.sql.QueryRowContext(ctx, db.q(`SELECT expires_at, used_at FROM email_tokens WHERE token_hash = ? AND purpose = ?`),
		hash, purpose).Scan(&expires, &used)
	return db.wrap(tokenState(err, used, expires, now))
}

// tokenState is a link's state from its row: CodeLinkInvalid when there is
// none, CodeLinkUsed, CodeLinkExpired, or nil when it still works.
func tokenState(err error, used sql.NullInt64, expires int64, now time.Time) error {
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return &core.Error{Code: core.CodeLinkInvalid}
	case err != nil:
		return err
	case used.Valid:
		return &core.Error{Code: core.CodeLinkUsed}
	case !now.Before(fromMillis(expires)):
		return &core.Error{Code: core.CodeLinkExpired}
	}
	return nil
}

// ChangeEmail uses an address-change link: the account moves to the new
// address, proven now. It answers the old address (to send it a notice) and
// the new one; CodeEmailTaken when another account took the new one meanwhile.
func (db *DB) ChangeEmail(ctx context.Context, hash []byte, now time.Time) (old, next string, err error) {
	err = db.tx(ctx, func(tx *sql.Tx) error {
		t, err := db.useEmailToken(ctx, tx, hash, core.TokenChange, now)
		if err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, db.q(`SELECT email FROM users WHERE id = ?`+db.forUpdate()), t.UserID).Scan(&old); err != nil {
			return err
		}
		next = t.Email
		err = db.exec(ctx, tx, `UPDATE users SET email = ?, email_verified_at = NULL WHERE id = ?`, next, t.UserID)
		if isUniqueViolation(err) {
			return &core.Error{Code: core.CodeEmailTaken, Field: "email", Err: err}
		}
		if err != nil {
			return err
		}
		return db.markEmailVerified(ctx, tx, t.UserID, now)
	})
	return old, next, db.wrap(err)
}

// EmailVerified says whether the account's address is proven.
func (db *DB) EmailVerified(ctx context.Context, userID string) (bool, error) {
	var at sql.NullInt64
	err := db.sql.QueryRowContext(ctx, db.q(`SELECT email_verified_at FROM users WHERE id = ?`), userID).Scan(&at)
	return at.Valid, db.wrap(err)
}

func (db *DB) insertEmailToken(ctx context.Context, tx *sql.Tx, t core.EmailToken) error {
	return db.exec(ctx, tx, `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		t.Hash, t.UserID, t.Purpose, t.Email, millis(t.CreatedAt), millis(t.ExpiresAt))
}

// useEmailToken spends the link whose token hash is hash, for purpose, with
// every other unused link of the same account and purpose: a link works
// once, and only the newest one asked for matters. CodeLinkInvalid for an
// unknown token, CodeLinkUsed or CodeLinkExpired for one that no longer works.
func (db *DB) useEmailToken(ctx context.Context, tx *sql.Tx, hash []byte, purpose string, now time.Time) (core.EmailToken, error) {
	t := core.EmailToken{Hash: hash, Purpose: purpose}
	var expires int64
	var used sql.NullInt64
	err := tx.QueryRowContext(ctx, db.q(`SELECT user_id, email, expires_at, used_at FROM email_tokens WHERE token_hash = ? AND purpose = ?`+db.forUpdate()),
		hash, purpose).Scan(&t.UserID, &t.Email, &expires, &used)
	if err := tokenState(err, used, expires, now); err != nil {
		return t, err
	}
	t.ExpiresAt = fromMillis(expires)
	return t, db.exec(ctx, tx, `UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`,
		millis(now), t.UserID, purpose)
}

// lockSameEmail locks the account's row and checks that its address is
// still the one the link was sent to; else the link no longer applies.
func (db *DB) lockSameEmail(ctx context.Context, tx *sql.Tx, t core.EmailToken) error {
	var email string
	if err := tx.QueryRowContext(ctx, db.q(`SELECT email FROM users WHERE id = ?`+db.forUpdate()), t.UserID).Scan(&email); err != nil {
		return err
	}
	if email != t.Email {
		return &core.Error{Code: core.CodeLinkInvalid}
	}
	return nil
}
