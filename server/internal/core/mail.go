package core

import "time"

// Mail is one message in the outbox: Kind MailMessage is ready to send;
// MailForgot is a password-reset request the sender turns into a message
// (or drops when no account has the address To), so that the request
// itself does the same work whether or not the account exists.
type Mail struct {
	ID        string
	Kind      string
	To        string
	Subject   string
	Text      string
	HTML      string
	Attempts  int
	NextAt    time.Time
	LastError string
	CreatedAt time.Time
}

// The kinds of Mail.
const (
	MailMessage = "message"
	MailForgot  = "forgot"
)

// The purposes of an EmailToken.
const (
	TokenConfirm = "confirm" // proves the account's address
	TokenReset   = "reset"   // sets a new password
	TokenChange  = "change"  // moves the account to a new address
)

// EmailToken is a single-use link sent by e-mail, stored by the SHA-256 of
// its token. Email is the address it was sent to.
type EmailToken struct {
	Hash      []byte
	UserID    string
	Purpose   string
	Email     string
	CreatedAt time.Time
	ExpiresAt time.Time
}
