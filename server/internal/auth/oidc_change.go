package auth

import (
	"context"
	"errors"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/sorteio/sorteio/server/internal/core"
)

// An account without a password proves it is its owner who asks for a new
// address by signing in at its provider again, there and then: the provider
// is asked to show its login (prompt=login, max_age=0), and the ID token's
// auth_time must fall inside the attempt. A provider that ignores the ask
// and answers from an old session is refused, as is a sign-in as anyone
// but one of the account's own identities (issuer and subject).

// ReauthSkew is how far before the attempt began a provider's auth_time may
// be, for clocks that disagree a little.
const ReauthSkew = time.Minute

// ChangeProof is a finished re-authentication: the account that asked and
// the address it asked for. Only Finish makes one.
type ChangeProof struct {
	userID, email string
}

// UserID is the account that re-authenticated.
func (p ChangeProof) UserID() string { return p.userID }

// Email is the new address, in its normal form.
func (p ChangeProof) Email() string { return p.email }

// BeginChange starts the re-authentication of u, who asks to move to next:
// the provider's URL and the flow cookie, as Begin. The address is checked
// first, so a mistyped one is answered before the trip to the provider.
func (o *OIDC) BeginChange(ctx context.Context, redirectURL string, u core.User, next string) (authURL, cookie string, err error) {
	next, err = NormalizeEmail(next)
	if err != nil {
		return "", "", err
	}
	if next == u.Email {
		return "", "", core.FieldError("email", "Este já é o e-mail da conta.")
	}
	ids, err := o.store.IdentitiesOf(ctx, u.ID)
	if err != nil {
		return "", "", err
	}
	if len(ids) == 0 {
		return "", "", core.FieldError("email", "Esta conta não entra por um provedor de identidade: confirme com a senha atual.")
	}
	p, err := o.discover(ctx)
	if err != nil {
		return "", "", err
	}
	f := o.newFlow()
	f.Began, f.UserID, f.Email = o.accounts.now().Unix(), u.ID, next
	authURL = o.oauth(p, redirectURL).AuthCodeURL(f.State, oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier),
		oauth2.SetAuthURLParam("prompt", "login"), oauth2.SetAuthURLParam("max_age", "0"))
	return authURL, o.seal(f), nil
}

// finishChange checks that the ID token is a sign-in made during the
// attempt by one of the account's own identities.
func (o *OIDC) finishChange(ctx context.Context, f flow, idt *oidc.IDToken) (*ChangeProof, error) {
	var claims struct {
		AuthTime *float64 `json:"auth_time"`
	}
	if err := idt.Claims(&claims); err != nil {
		return nil, &core.Error{Code: core.CodeOIDCFailed, Err: err}
	}
	if claims.AuthTime == nil {
		return nil, &core.Error{Code: core.CodeOIDCStale, Err: errors.New("ID token sem auth_time")}
	}
	at := time.Unix(int64(*claims.AuthTime), 0)
	if at.Before(time.Unix(f.Began, 0).Add(-ReauthSkew)) || at.After(o.accounts.now().Add(ReauthSkew)) {
		return nil, &core.Error{Code: core.CodeOIDCStale, Err: errors.New("auth_time " + at.UTC().Format(time.RFC3339) + " fora da tentativa")}
	}
	ids, err := o.store.IdentitiesOf(ctx, f.UserID)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		if id.Issuer == idt.Issuer && id.Subject == idt.Subject {
			return &ChangeProof{userID: f.UserID, email: f.Email}, nil
		}
	}
	return nil, &core.Error{Code: core.CodeOIDCOtherAccount, Err: errors.New("identidade de outra conta: " + idt.Subject)}
}
