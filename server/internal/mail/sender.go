package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/sorteio/sorteio/server/internal/core"
)

// Sender delivers one message.
type Sender interface {
	Send(ctx context.Context, m core.Mail) error
}

// LogSender writes each message, link included, to the log: without
// SMTP_URL a person trying the app locally can still follow the links.
type LogSender struct{ Log *slog.Logger }

// Send logs m.
func (s LogSender) Send(_ context.Context, m core.Mail) error {
	s.Log.Info("e-mail (sem SMTP_URL: escrito no log, não enviado)", "para", m.To, "assunto", m.Subject, "texto", m.Text)
	return nil
}

// SMTPSender sends through an SMTP server.
type SMTPSender struct {
	from string
	opts []gomail.Option
	host string
}

// NewSMTPSender reads smtp://user:pass@host:587 (STARTTLS, required unless
// the host is this machine) or smtps://user:pass@host:465 (TLS from the
// start); from is the From address (MAIL_FROM).
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Hostname() == "" || (u.Scheme != "smtp" && u.Scheme != "smtps") {
		return nil, fmt.Errorf("SMTP_URL: use smtp://usuário:senha@servidor:587 ou smtps://usuário:senha@servidor:465")
	}
	port := 587
	if u.Scheme == "smtps" {
		port = 465
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, fmt.Errorf("SMTP_URL: porta inválida %q", p)
		}
	}
	opts := []gomail.Option{gomail.WithPort(port), gomail.WithTimeout(20 * time.Second)}
	switch {
	case u.Scheme == "smtps":
		opts = append(opts, gomail.WithSSL())
	case isLoopback(u.Hostname()):
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	if _, err := gomail.NewClient(u.Hostname(), opts...); err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	msg := gomail.NewMsg()
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("MAIL_FROM: endereço inválido %q", from)
	}
	return &SMTPSender{from: from, opts: opts, host: u.Hostname()}, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Send delivers m: a plain-text body with an HTML alternative.
func (s *SMTPSender) Send(ctx context.Context, m core.Mail) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return err
	}
	if err := msg.To(m.To); err != nil {
		return err
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return err
	}
	return client.DialAndSendWithContext(ctx, msg)
}
