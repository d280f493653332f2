package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// EnqueueMail adds a message (or a reset request, core.MailForgot) to the
// outbox, due at m.NextAt.
func (db *DB) EnqueueMail(ctx context.Context, m core.Mail) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error { return db.insertMail(ctx, tx, m) }))
}

// CreateEmailToken stores a link's token and the message that carries it, together.
func (db *DB) CreateEmailToken(ctx context.Context, t core.EmailToken, m core.Mail) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error {
		if err := db.insertEmailToken(ctx, tx, t); err != nil {
			return err
		}
		return db.insertMail(ctx, tx, m)
	}))
}

// ResolveForgot turns the reset request id into the message m, storing the
// link's token t with it; the request is removed when t is nil (no account
// has its address).
func (db *DB) ResolveForgot(ctx context.Context, id string, t *core.EmailToken, m core.Mail) error {
	return db.wrap(db.tx(ctx, func(tx *sql.Tx) error {
		if t == nil {
			return db.exec(ctx, tx, `DELETE FROM mail_outbox WHERE id = ?`, id)
		}
		if err := db.insertEmailToken(ctx, tx, *t); err != nil {
			return err
		}
		return db.exec(ctx, tx, `UPDATE mail_outbox SET kind = ?, subject = ?, text_body = ?, html_body = ? WHERE id = ?`,
			core.MailMessage, m.Subject, m.Text, m.HTML, id)
	}))
}

// ClaimMail takes up to limit messages due at now for one sending attempt:
// each one's attempts grow by one and it is not due again until now+lease,
// so another instance (or this one after a crash) retries it only then.
// A row another instance claimed first is skipped.
func (db *DB) ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]core.Mail, error) {
	rows, err := db.sql.QueryContext(ctx, db.q(`SELECT id, kind, to_addr, subject, text_body, html_body, attempts, next_at, last_error, created_at
		FROM mail_outbox WHERE next_at <= ? ORDER BY next_at, id LIMIT ?`), millis(now), limit)
	if err != nil {
		return nil, db.wrap(err)
	}
	var due []core.Mail
	for rows.Next() {
		var m core.Mail
		var next, created int64
		if err := rows.Scan(&m.ID, &m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Attempts, &next, &m.LastError, &created); err != nil {
			rows.Close()
			return nil, db.wrap(err)
		}
		m.NextAt, m.CreatedAt = fromMillis(next), fromMillis(created)
		due = append(due, m)
	}
	if err := rows.Close(); err != nil {
		return nil, db.wrap(err)
	}
	claimed := due[:0]
	for _, m := range due {
		res, err := db.sql.ExecContext(ctx, db.q(`UPDATE mail_outbox SET attempts = attempts + 1, next_at = ? WHERE id = ? AND next_at = ?`),
			millis(now.Add(lease)), m.ID, millis(m.NextAt))
		if err != nil {
			return nil, db.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, db.wrap(err)
		} else if n == 1 {
			m.Attempts++
			claimed = append(claimed, m)
		}
	}
	return claimed, nil
}

// MailSent removes a sent message: the outbox keeps no copy of a link.
func (db *DB) MailSent(ctx context.Context, id string) error {
	_, err := db.sql.ExecContext(ctx, db.q(`DELETE FROM mail_outbox WHERE id = ?`), id)
	return db.wrap(err)
}

// MailFailed records a failed attempt and when to try again.
func (db *DB) MailFailed(ctx context.Context, id string, next time.Time, reason string) error {
	_, err := db.sql.ExecContext(ctx, db.q(`UPDATE mail_outbox SET next_at = ?, last_error = ? WHERE id = ?`), millis(next), reason, id)
	return db.wrap(err)
}

func (db *DB) insertMail(ctx context.Context, tx *sql.Tx, m core.Mail) error {
	return db.exec(ctx, tx, `INSERT INTO mail_outbox (id, kind, to_addr, subject, text_body, html_body, attempts, next_at, last_error, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, ?, '', ?)`, m.ID, m.Kind, m.To, m.Subject, m.Text, m.HTML, millis(m.NextAt), millis(m.CreatedAt))
}
