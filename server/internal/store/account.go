package store

import (
	"context"
	"database/sql"
	"time"
)

// ChangePassword stores a new password hash and ends every session of the
// account but the one whose token hash is keep, and every e-mailed link of
// it not yet used (endLinks).
func (db *DB) ChangePassword(ctx context.Context, userID, hash string, keep []byte) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		if err := db.exec(ctx, tx, `UPDATE users SET password_hash = ? WHERE id = ?`, hash, userID); err != nil {
			return err
		}
		if err := db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keep); err != nil {
			return err
		}
		return db.endLinks(ctx, tx, userID)
	})
	if err != nil {
		return db.wrap(err)
	}
	db.endSessions(ctx, SessionEnd{UserID: userID, Keep: keep})
	return nil
}

// SignOutEverywhere ends every session of an account and every e-mailed
// link of it not yet used (endLinks), and says how many sessions ended:
// 'Sair de todos os dispositivos', a reset link's new password, an
// identity's takeover.
func (db *DB) SignOutEverywhere(ctx context.Context, userID string) (n int64, err error) {
	err = db.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, db.q(`DELETE FROM sessions WHERE user_id = ?`), userID)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		return db.endLinks(ctx, tx, userID)
	})
	if err != nil {
		return 0, db.wrap(err)
	}
	db.endSessions(ctx, SessionEnd{UserID: userID})
	return n, nil
}

// endLinks deletes the account's e-mailed links not yet used (reset,
// confirmation, address change): a link sent before a password change or
// 'Sair de todos os dispositivos' may be in a mailbox someone else reads,
// so it ends with them and answers link_invalid. Used links stay, so a
// link followed twice still answers link_used.
func (db *DB) endLinks(ctx context.Context, tx *sql.Tx, userID string) error {
	return db.exec(ctx, tx, `DELETE FROM email_tokens WHERE user_id = ? AND used_at IS NULL`, userID)
}

// DeleteAccount deletes every raffle of the account the way a raffle.delete
// op does (deleteRaffle), then its sessions, identities and devices, and
// strips the account row to its id and dates: the row stays only so that
// raffle tombstones keep an owner. Nobody can sign in to it again and its
// e-mail is free for a new account.
func (db *DB) DeleteAccount(ctx context.Context, userID string, now time.Time) error {
	err := db.tx(ctx, func(tx *sql.Tx) error {
		ids, err := db.liveRafflesOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := db.deleteRaffle(ctx, tx, id, now); err != nil {
				return err
			}
		}
		for _, table := range []string{"sessions", "identities", "sync_clients", "email_tokens"} {
			if err := db.exec(ctx, tx, `DELETE FROM `+table+` WHERE user_id = ?`, userID); err != nil {
				return err
			}
		}
		// Mail not sent yet to the address goes too (a confirmation, a reset link).
		if err := db.exec(ctx, tx, `DELETE FROM mail_outbox WHERE to_addr = (SELECT email FROM users WHERE id = ?)`, userID); err != nil {
			return err
		}
		return db.exec(ctx, tx, `UPDATE users SET email = ?, password_hash = '', deleted_at = ? WHERE id = ?`,
			unclaimedEmail(userID, ""), millis(now), userID)
	})
	if err != nil {
		return db.wrap(err)
	}
	db.endSessions(ctx, SessionEnd{UserID: userID})
	db.afterErasure(ctx)
	return nil
}

func (db *DB) liveRafflesOf(ctx context.Context, tx *sql.Tx, userID string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT id FROM raffles WHERE owner_id = ? AND deleted_at IS NULL ORDER BY id`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// CountSessionsOf says how many sessions an account has open.
func (db *DB) CountSessionsOf(ctx context.Context, userID string) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, db.q(`SELECT COUNT(*) FROM sessions WHERE user_id = ?`), userID).Scan(&n)
	return n, db.wrap(err)
}
