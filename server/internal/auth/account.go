package auth

import (
	"context"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// AccountStore is what the account page needs from storage.
type AccountStore interface {
	ChangePassword(ctx context.Context, userID, hash string, keep []byte) error
	SignOutEverywhere(ctx context.Context, userID string) (int64, error)
	DeleteAccount(ctx context.Context, userID string, now time.Time) error
	IdentitiesOf(ctx context.Context, userID string) ([]core.Identity, error)
}

// Identities lists the account's provider sign-ins.
func (s *Service) Identities(ctx context.Context, userID string) ([]core.Identity, error) {
	return s.store.IdentitiesOf(ctx, userID)
}

// ChangePassword checks the current password, stores the new one and ends
// every other session of the account (the one of token stays) and every
// e-mailed link of it not yet used.
func (s *Service) ChangePassword(ctx context.Context, u core.User, token, current, next string) error {
	if u.PasswordHash == "" {
		return core.FieldError("current", "Esta conta entra pelo provedor de identidade e não tem senha.")
	}
	if current == "" {
		return core.FieldError("current", "Informe a senha atual.")
	}
	if err := validatePassword(next, true); err != nil {
		return err
	}
	ok, err := s.verify(ctx, current, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return core.FieldError("current", "Senha atual incorreta.")
	}
	// Checked once the current one is known right: it says nothing to someone guessing it.
	if next == current {
		return core.FieldError("password", "A nova senha deve ser diferente da atual.")
	}
	hash, err := s.hash(ctx, next)
	if err != nil {
		return err
	}
	return s.store.ChangePassword(ctx, u.ID, hash, hashToken(token))
}

// SignOutEverywhere ends every session of the account, this one included,
// and every e-mailed link of it not yet used.
func (s *Service) SignOutEverywhere(ctx context.Context, userID string) error {
	_, err := s.store.SignOutEverywhere(ctx, userID)
	return err
}

// DeleteAccount deletes the account once confirm is its e-mail.
func (s *Service) DeleteAccount(ctx context.Context, u core.User, confirm string) error {
	if EmailKey(confirm) != EmailKey(u.Email) {
		return core.FieldError("email", "Digite o e-mail da conta para confirmar.")
	}
	return s.store.DeleteAccount(ctx, u.ID, s.now())
}
