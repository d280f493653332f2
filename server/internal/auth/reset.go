package auth

import (
	"context"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/mail"
)

// Forgot asks for a reset link for email. The request does the same work
// whether or not an account has that address, one insert into the outbox,
// so neither its answer nor its time tells which addresses have accounts;
// the sender looks the account up later (ExpandForgot).
func (e *Emails) Forgot(ctx context.Context, email string) error {
	email, err := NormalizeEmail(email)
	if err != nil {
		return err
	}
	if err := e.store.EnqueueMail(ctx, e.stamp(core.Mail{Kind: core.MailForgot, To: email})); err != nil {
		return err
	}
	e.wake()
	return nil
}

// ExpandForgot turns a reset request into its message, storing the link's
// token with it, or drops the request when no account has the address.
func (e *Emails) ExpandForgot(ctx context.Context, m core.Mail) (core.Mail, bool, error) {
	u, err := e.store.UserByEmail(ctx, m.To)
	if core.ErrorCode(err) == core.CodeNotFound {
		return core.Mail{}, false, e.store.ResolveForgot(ctx, m.ID, nil, core.Mail{})
	}
	if err != nil {
		return core.Mail{}, false, err
	}
	t, token := e.newToken(u.ID, u.Email, core.TokenReset, e.ResetTTL)
	msg := mail.ResetMail(u.Email, e.links.Reset(token))
	if err := e.store.ResolveForgot(ctx, m.ID, &t, msg); err != nil {
		return core.Mail{}, false, err
	}
	return msg, true, nil
}

// Reset uses a reset link: the account gets password (the sign-up rules),
// every session of it ends, as with 'Sair de todos os dispositivos', and
// this device is signed in.
func (e *Emails) Reset(ctx context.Context, token, password string) (SignedIn, error) {
	if err := validatePassword(password, true); err != nil {
		return SignedIn{}, err
	}
	if !tokenShaped(token) {
		return SignedIn{}, &core.Error{Code: core.CodeLinkInvalid}
	}
	// The token is looked up first: a made-up, used or expired one costs no
	// hash (a slot of the password gate). Using it comes after the hash, in
	// one transaction, so a link used meanwhile is still refused.
	if err := e.store.CheckEmailToken(ctx, hashToken(token), core.TokenReset, e.now()); err != nil {
		return SignedIn{}, err
	}
	hash, err := e.accounts.hash(ctx, password) // through the password gate, like every hash
	if err != nil {
		return SignedIn{}, err
	}
	u, err := e.store.ResetPassword(ctx, hashToken(token), hash, e.now())
	if err != nil {
		return SignedIn{}, err
	}
	if err := e.accounts.SignOutEverywhere(ctx, u.ID); err != nil {
		return SignedIn{}, err
	}
	return e.accounts.openSession(u, func(sess core.Session) error {
		return e.accounts.store.CreatePasswordSession(ctx, sess, hash)
	})
}

// RequestChange sends a link to next that moves the account u to it, once
// the current password is right. Nothing changes until the link is followed.
func (e *Emails) RequestChange(ctx context.Context, u core.User, current, next string) error {
	if u.PasswordHash == "" {
		return core.FieldError("current", "Esta conta entra pelo provedor de identidade e não tem senha: entre de novo pelo provedor para trocar o e-mail.")
	}
	next, err := NormalizeEmail(next)
	if err != nil {
		return err
	}
	if next == u.Email {
		return core.FieldError("email", "Este já é o e-mail da conta.")
	}
	if current == "" {
		return core.FieldError("current", "Informe a senha atual.")
	}
	ok, err := e.accounts.verify(ctx, current, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return core.FieldError("current", "Senha atual incorreta.")
	}
	return e.sendChangeLink(ctx, u.ID, next)
}

// RequestChangeProven sends the link to the new address of an account
// whose owner re-authenticated at its provider (OIDC.BeginChange), the
// proof a password-less account gives instead of its password.
func (e *Emails) RequestChangeProven(ctx context.Context, p ChangeProof) error {
	return e.sendChangeLink(ctx, p.userID, p.email)
}

func (e *Emails) sendChangeLink(ctx context.Context, userID, next string) error {
	return e.sendLink(ctx, userID, next, core.TokenChange, ChangeTTL, func(link string) core.Mail {
		return mail.ChangeMail(next, link)
	})
}

// ConfirmChange uses an address-change link and tells the old address.
func (e *Emails) ConfirmChange(ctx context.Context, token string) error {
	if !tokenShaped(token) {
		return &core.Error{Code: core.CodeLinkInvalid}
	}
	old, next, err := e.store.ChangeEmail(ctx, hashToken(token), e.now())
	if err != nil {
		return err
	}
	if err := e.store.EnqueueMail(ctx, e.stamp(mail.ChangedNotice(old, next))); err != nil {
		return err
	}
	e.wake()
	return nil
}
