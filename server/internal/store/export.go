package store

import (
	"context"
	"database/sql"
	"time"
)

// Export is everything the server keeps about an account (LGPD, art. 18):
// the account, its provider sign-ins, its sessions' dates, and every raffle
// with its participants, draws (rounds) and winners, as stored. Its names
// are snake_case and its times Unix milliseconds, as everywhere in the API.
type Export struct {
	Account      ExportAccount    `json:"account"`
	Identities   []ExportIdentity `json:"identities"`
	Sessions     []ExportSession  `json:"sessions"`
	Raffles      []map[string]any `json:"raffles"`
	Participants []map[string]any `json:"participants"`
	Draws        []map[string]any `json:"draws"`
	Winners      []map[string]any `json:"winners"`
	// RefusedRounds are the offline rounds the server refused (kept for
	// the public record).
	RefusedRounds []map[string]any `json:"refused_rounds"`
	ExportedAt    int64            `json:"exported_at"`
}

// ExportAccount is the account row without its password hash.
type ExportAccount struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	HasPassword bool   `json:"has_password"`
	CreatedAt   int64  `json:"created_at"`
}

// ExportIdentity is one provider sign-in.
type ExportIdentity struct {
	Issuer    string `json:"issuer"`
	Subject   string `json:"subject"`
	Email     string `json:"email"`
	CreatedAt int64  `json:"created_at"`
}

// ExportSession is one open session's dates (its token is never stored).
type ExportSession struct {
	CreatedAt int64 `json:"created_at"`
	ExpiresAt int64 `json:"expires_at"`
}

// boolColumns are 0/1 in SQLite and BOOLEAN in PostgreSQL; the export shows
// both as JSON booleans.
var boolColumns = map[string]bool{"allow_duplicate_wins": true, "offline": true, "is_valid": true}

// ExportAccountData reads an account's data in one consistent view.
func (db *DB) ExportAccountData(ctx context.Context, userID string, now time.Time) (Export, error) {
	out := Export{ExportedAt: millis(now)}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		u, err := scanUser(tx.QueryRowContext(ctx, db.q(`SELECT id, email, password_hash, created_at, email_verified_at IS NOT NULL FROM users WHERE id = ?`), userID))
		if err != nil {
			return err
		}
		out.Account = ExportAccount{ID: u.ID, Email: u.Email, HasPassword: u.PasswordHash != "", CreatedAt: millis(u.CreatedAt)}
		ids, err := db.identitiesOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		out.Identities = []ExportIdentity{}
		for _, id := range ids {
			out.Identities = append(out.Identities, ExportIdentity{Issuer: id.Issuer, Subject: id.Subject, Email: id.Email, CreatedAt: millis(id.CreatedAt)})
		}
		if out.Sessions, err = db.sessionDates(ctx, tx, userID); err != nil {
			return err
		}
		owned := `(SELECT id FROM raffles WHERE owner_id = ? AND deleted_at IS NULL)`
		for _, part := range []struct {
			dst   *[]map[string]any
			query string
		}{
			{&out.Raffles, `SELECT * FROM raffles WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at, id`},
			{&out.Participants, `SELECT * FROM participants WHERE raffle_id IN ` + owned + ` ORDER BY raffle_id, created_at, id`},
			{&out.Draws, `SELECT * FROM draws WHERE raffle_id IN ` + owned + ` ORDER BY raffle_id, id`},
			{&out.Winners, `SELECT * FROM winners WHERE raffle_id IN ` + owned + ` ORDER BY raffle_id, id`},
			{&out.RefusedRounds, `SELECT * FROM refused_rounds WHERE raffle_id IN ` + owned + ` ORDER BY raffle_id, refused_at, draw_id`},
		} {
			if *part.dst, err = db.rowMaps(ctx, tx, part.query, userID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, db.wrap(err)
}

func (db *DB) sessionDates(ctx context.Context, tx *sql.Tx, userID string) ([]ExportSession, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT created_at, expires_at FROM sessions WHERE user_id = ? ORDER BY created_at`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ExportSession{}
	for rows.Next() {
		var c, e int64
		if err := rows.Scan(&c, &e); err != nil {
			return nil, err
		}
		out = append(out, ExportSession{CreatedAt: c, ExpiresAt: e})
	}
	return out, rows.Err()
}

// rowMaps reads whole rows as column → value, so that the export keeps
// every column the tables have, now and after later migrations.
func (db *DB) rowMaps(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]map[string]any, error) {
	rows, err := tx.QueryContext(ctx, db.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]any, len(cols))
		for i, c := range cols {
			v := vals[i]
			if b, ok := v.([]byte); ok {
				v = string(b)
			}
			if n, ok := v.(int64); ok && boolColumns[c] {
				v = n != 0
			}
			m[c] = v
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
