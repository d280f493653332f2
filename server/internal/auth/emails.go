package auth

import (
	"context"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/mail"
)

// How long each link works (a reset link: Emails.ResetTTL, by default ResetTTL).
const (
	ConfirmTTL = 48 * time.Hour
	ResetTTL   = 30 * time.Minute
	ChangeTTL  = 48 * time.Hour
)

// EmailStore is what the e-mail flows need from storage.
type EmailStore interface {
	UserByEmail(ctx context.Context, email string) (core.User, error)
	EnqueueMail(ctx context.Context, m core.Mail) error
	CreateEmailToken(ctx context.Context, t core.EmailToken, m core.Mail) error
	ResolveForgot(ctx context.Context, id string, t *core.EmailToken, m core.Mail) error
	ConfirmEmail(ctx context.Context, hash []byte, now time.Time) error
	CheckEmailToken(ctx context.Context, hash []byte, purpose string, now time.Time) error
	ResetPassword(ctx context.Context, hash []byte, passwordHash string, now time.Time) (core.User, error)
	ChangeEmail(ctx context.Context, hash []byte, now time.Time) (old, next string, err error)
	EmailVerified(ctx context.Context, userID string) (bool, error)
}

// Emails runs what goes through an e-mail: proving the address, a new
// password, a new address. Every message goes through the outbox.
type Emails struct {
	// ResetTTL is how long a reset link works (RESET_LINK_TTL).
	ResetTTL time.Duration
	store    EmailStore
	accounts *Service
	links    mail.Links
	now      func() time.Time
	wake     func()
}

// NewEmails returns the e-mail flows; links come from the public URL, and
// wake tells the outbox's sender there is something to send.
func NewEmails(store EmailStore, accounts *Service, links mail.Links, now func() time.Time, wake func()) *Emails {
	if wake == nil {
		wake = func() {}
	}
	return &Emails{ResetTTL: ResetTTL, store: store, accounts: accounts, links: links, now: now, wake: wake}
}

// Verified says whether the account's address is proven.
func (e *Emails) Verified(ctx context.Context, userID string) (bool, error) {
	return e.store.EmailVerified(ctx, userID)
}

// SendConfirmation sends 'Confirme seu e-mail' to an account whose address
// is not proven yet (nothing to a proven one).
func (e *Emails) SendConfirmation(ctx context.Context, u core.User) error {
	if ok, err := e.store.EmailVerified(ctx, u.ID); err != nil || ok {
		return err
	}
	return e.sendLink(ctx, u.ID, u.Email, core.TokenConfirm, ConfirmTTL, func(link string) core.Mail {
		return mail.ConfirmMail(u.Email, link)
	})
}

// sendLink stores a new token for purpose and enqueues, with it, the
// message write builds around its link.
func (e *Emails) sendLink(ctx context.Context, userID, to, purpose string, ttl time.Duration, write func(link string) core.Mail) error {
	t, token := e.newToken(userID, to, purpose, ttl)
	m := e.stamp(write(e.link(purpose, token)))
	if err := e.store.CreateEmailToken(ctx, t, m); err != nil {
		return err
	}
	e.wake()
	return nil
}

// newToken makes a link's token (shown once, in the message) and what is
// stored of it: its hash.
func (e *Emails) newToken(userID, to, purpose string, ttl time.Duration) (core.EmailToken, string) {
	token := randomToken()
	now := e.now()
	return core.EmailToken{Hash: hashToken(token), UserID: userID, Purpose: purpose, Email: to, CreatedAt: now, ExpiresAt: now.Add(ttl)}, token
}

func (e *Emails) link(purpose, token string) string {
	switch purpose {
	case core.TokenReset:
		return e.links.Reset(token)
	case core.TokenChange:
		return e.links.Change(token)
	}
	return e.links.Confirm(token)
}

// stamp gives a new message its id and times: due now.
func (e *Emails) stamp(m core.Mail) core.Mail {
	now := e.now()
	m.ID, m.NextAt, m.CreatedAt = core.NewID(now), now, now
	return m
}

// Confirm uses a confirmation link.
func (e *Emails) Confirm(ctx context.Context, token string) error {
	if !tokenShaped(token) {
		return &core.Error{Code: core.CodeLinkInvalid}
	}
	return e.store.ConfirmEmail(ctx, hashToken(token), e.now())
}

func tokenShaped(token string) bool { return token != "" && len(token) <= 128 }
