package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// An account whose e-mail nobody has proven (a provider that did not verify
// it, or a deleted account) stores "#<id> <e-mail>" instead: the id keeps the
// column unique, and no typed e-mail can match it, since a valid one has no
// space. The store shows only the part after the space.
func unclaimedEmail(userID, email string) string { return "#" + userID + " " + email }

func shownEmail(stored string) string {
	if strings.HasPrefix(stored, "#") {
		if i := strings.IndexByte(stored, ' '); i >= 0 {
			return stored[i+1:]
		}
	}
	return stored
}

// SignInIdentity returns the account of (id.Issuer, id.Subject) and how it
// was found: the one already attached; else, when the provider verified
// id.Email, the account with that e-mail, to which it is attached; else a
// new account with id.UserID, created at id.CreatedAt, without a password.
//
// An identity is attached only to an account whose e-mail is proven. When
// the verified e-mail is that of an account nobody proved it for (a password
// sign-up), the provider's verified owner wins: in the same transaction the
// account loses its password and every session, its e-mail becomes proven,
// and only then is the identity attached (IdentityTookOver). Whoever typed
// that password is signed out and cannot sign in with it again.
func (db *DB) SignInIdentity(ctx context.Context, id core.Identity, emailVerified bool) (u core.User, how core.IdentitySignIn, err error) {
	u, how, err = db.signInIdentity(ctx, id, emailVerified)
	if errors.Is(err, errRaced) {
		// Two first sign-ins of one person at once: the other one linked or
		// created the account meanwhile, which this attempt now finds.
		u, how, err = db.signInIdentity(ctx, id, emailVerified)
	}
	return u, how, db.wrap(err)
}

// errRaced is a unique violation while linking: another sign-in won.
var errRaced = errors.New("identidade criada por outra entrada simultânea")

func (db *DB) signInIdentity(ctx context.Context, id core.Identity, emailVerified bool) (u core.User, how core.IdentitySignIn, err error) {
	err = db.tx(ctx, func(tx *sql.Tx) error {
		u, err = db.userByIdentity(ctx, tx, id.Issuer, id.Subject)
		if core.ErrorCode(err) != core.CodeNotFound {
			return err
		}
		if emailVerified {
			u, err = db.userByEmailTx(ctx, tx, id.Email)
			if err == nil {
				how, err = db.attachVerified(ctx, tx, &u, id)
				return err
			}
			if core.ErrorCode(err) != core.CodeNotFound {
				return err
			}
		}
		u = core.User{ID: id.UserID, Email: id.Email, CreatedAt: id.CreatedAt}
		how = core.IdentityCreated
		stored := id.Email
		if !emailVerified {
			stored = unclaimedEmail(u.ID, id.Email)
		}
		if err := db.insertUser(ctx, tx, u, stored); err != nil {
			return err
		}
		if emailVerified {
			if err := db.markEmailVerified(ctx, tx, u.ID, id.CreatedAt); err != nil {
				return err
			}
		}
		return db.insertIdentity(ctx, tx, id)
	})
	return u, how, err
}

// attachVerified attaches id, whose provider verified u's e-mail, to u; an
// unproven u is first taken from whoever holds its password (SignInIdentity).
func (db *DB) attachVerified(ctx context.Context, tx *sql.Tx, u *core.User, id core.Identity) (core.IdentitySignIn, error) {
	proven, err := db.lockEmailProof(ctx, tx, u.ID)
	if err != nil {
		return 0, err
	}
	how := core.IdentityLinked
	if !proven {
		how = core.IdentityTookOver
		if err := db.dropPasswordAndSessions(ctx, tx, u.ID); err != nil {
			return 0, err
		}
		u.PasswordHash = ""
		if err := db.markEmailVerified(ctx, tx, u.ID, id.CreatedAt); err != nil {
			return 0, err
		}
	}
	id.UserID = u.ID
	return how, db.insertIdentity(ctx, tx, id)
}

// lockEmailProof says whether the account's e-mail is proven, locking its
// row until commit so that a password sign-in that checked the old password
// cannot open a session after the password is gone (createPasswordSession).
func (db *DB) lockEmailProof(ctx context.Context, tx *sql.Tx, userID string) (bool, error) {
	var at sql.NullInt64
	err := tx.QueryRowContext(ctx, db.q(`SELECT email_verified_at FROM users WHERE id = ?`+db.forUpdate()), userID).Scan(&at)
	return at.Valid, err
}

// markEmailVerified records that the account's e-mail was proven at at; an
// earlier proof is kept.
func (db *DB) markEmailVerified(ctx context.Context, tx *sql.Tx, userID string, at time.Time) error {
	return db.exec(ctx, tx, `UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL`, millis(at), userID)
}

// dropPasswordAndSessions leaves the account without a password and signed
// out everywhere.
func (db *DB) dropPasswordAndSessions(ctx context.Context, tx *sql.Tx, userID string) error {
	if err := db.exec(ctx, tx, `UPDATE users SET password_hash = '' WHERE id = ?`, userID); err != nil {
		return err
	}
	return db.exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ?`, userID)
}

// IdentitiesOf lists an account's provider sign-ins, oldest first.
func (db *DB) IdentitiesOf(ctx context.Context, userID string) ([]core.Identity, error) {
	var out []core.Identity
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = db.identitiesOf(ctx, tx, userID)
		return err
	})
	return out, err
}

func (db *DB) identitiesOf(ctx context.Context, tx *sql.Tx, userID string) ([]core.Identity, error) {
	rows, err := tx.QueryContext(ctx, db.q(`SELECT issuer, subject, user_id, email, created_at FROM identities
		WHERE user_id = ? ORDER BY created_at, issuer, subject`), userID)
	if err != nil {
		return nil, db.wrap(err)
	}
	defer rows.Close()
	out := []core.Identity{}
	for rows.Next() {
		var id core.Identity
		var created int64
		if err := rows.Scan(&id.Issuer, &id.Subject, &id.UserID, &id.Email, &created); err != nil {
			return nil, db.wrap(err)
		}
		id.CreatedAt = fromMillis(created)
		out = append(out, id)
	}
	return out, db.wrap(rows.Err())
}

func (db *DB) userByIdentity(ctx context.Context, tx *sql.Tx, issuer, subject string) (core.User, error) {
	return scanUser(tx.QueryRowContext(ctx, db.q(`SELECT u.id, u.email, u.password_hash, u.created_at, u.email_verified_at IS NOT NULL
		FROM identities i JOIN users u ON u.id = i.user_id WHERE i.issuer = ? AND i.subject = ?`), issuer, subject))
}

func (db *DB) userByEmailTx(ctx context.Context, tx *sql.Tx, email string) (core.User, error) {
	return scanUser(tx.QueryRowContext(ctx, db.q(`SELECT id, email, password_hash, created_at, email_verified_at IS NOT NULL FROM users WHERE email = ?`), email))
}

func (db *DB) insertUser(ctx context.Context, tx *sql.Tx, u core.User, storedEmail string) error {
	_, err := tx.ExecContext(ctx, db.q(`INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)`),
		u.ID, storedEmail, u.PasswordHash, millis(u.CreatedAt))
	if isUniqueViolation(err) {
		return errRaced
	}
	return err
}

func (db *DB) insertIdentity(ctx context.Context, tx *sql.Tx, id core.Identity) error {
	err := db.exec(ctx, tx, `INSERT INTO identities (issuer, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?)`,
		id.Issuer, id.Subject, id.UserID, id.Email, millis(id.CreatedAt))
	if isUniqueViolation(err) {
		return errRaced
	}
	return err
}

func scanUser(row *sql.Row) (core.User, error) {
	var u core.User
	var created int64
	err := row.Scan(&u.ID, &u.Email, &u.PasswordHash, &created, &u.EmailVerified)
	if errors.Is(err, sql.ErrNoRows) {
		return core.User{}, &core.Error{Code: core.CodeNotFound}
	}
	if err != nil {
		return core.User{}, err
	}
	u.Email = shownEmail(u.Email)
	u.CreatedAt = fromMillis(created)
	return u, nil
}
