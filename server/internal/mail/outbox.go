package mail

import (
	"context"
	"log/slog"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
)

// OutboxStore is what the sender needs from storage.
type OutboxStore interface {
	ClaimMail(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]core.Mail, error)
	MailSent(ctx context.Context, id string) error
	MailFailed(ctx context.Context, id string, next time.Time, reason string) error
}

// Expand turns a reset request (core.MailForgot) into the message to send,
// storing its link; ok is false when there is nothing to send.
type Expand func(ctx context.Context, m core.Mail) (msg core.Mail, ok bool, err error)

const (
	// lease is how long a claimed message waits before another attempt
	// when its sender vanished mid-way (a crash): longer than any send.
	lease = 5 * time.Minute
	// MaxAttempts: after these the message is dropped (about a day of tries).
	MaxAttempts = 12
	batch       = 20
)

// Backoff is the wait after the attempts-th failed attempt: 30 s, doubling,
// at most 4 hours.
func Backoff(attempts int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempts && d < 4*time.Hour; i++ {
		d *= 2
	}
	return min(d, 4*time.Hour)
}

// Outbox drains the database's outbox through a Sender. Requests only
// enqueue; nothing waits for a mail server.
type Outbox struct {
	store  OutboxStore
	send   Sender
	expand Expand
	now    func() time.Time
	log    *slog.Logger
	wake   chan struct{}
}

// NewOutbox returns a sender of store's messages through send.
func NewOutbox(store OutboxStore, send Sender, expand Expand, now func() time.Time, log *slog.Logger) *Outbox {
	return &Outbox{store: store, send: send, expand: expand, now: now, log: log, wake: make(chan struct{}, 1)}
}

// Wake makes Run look at the outbox now rather than at its next tick.
func (o *Outbox) Wake() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Run sends due messages until ctx ends, looking every poll and on Wake.
func (o *Outbox) Run(ctx context.Context, poll time.Duration) {
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		for {
			n, err := o.RunOnce(ctx)
			if err != nil && ctx.Err() == nil {
				o.log.Warn("caixa de saída de e-mails", "err", err)
			}
			if n < batch || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-o.wake:
		}
	}
}

// RunOnce makes one attempt at each message due now and says how many it took.
func (o *Outbox) RunOnce(ctx context.Context) (int, error) {
	due, err := o.store.ClaimMail(ctx, o.now(), lease, batch)
	if err != nil {
		return 0, err
	}
	for _, m := range due {
		o.deliver(ctx, m)
	}
	return len(due), nil
}

func (o *Outbox) deliver(ctx context.Context, m core.Mail) {
	if m.Kind == core.MailForgot {
		msg, ok, err := o.expand(ctx, m)
		if err != nil {
			o.failed(ctx, m, err)
			return
		}
		if !ok { // no account has the address: expand dropped the request
			return
		}
		msg.ID, msg.Attempts = m.ID, m.Attempts
		m = msg
	}
	if err := o.send.Send(ctx, m); err != nil {
		o.failed(ctx, m, err)
		return
	}
	if err := o.store.MailSent(ctx, m.ID); err != nil {
		o.log.Warn("e-mail enviado, mas não retirado da caixa de saída", "id", m.ID, "err", err)
	}
}

func (o *Outbox) failed(ctx context.Context, m core.Mail, cause error) {
	if m.Attempts >= MaxAttempts {
		o.log.Error("e-mail descartado após tentativas demais", "id", m.ID, "tentativas", m.Attempts, "err", cause)
		if err := o.store.MailSent(ctx, m.ID); err != nil {
			o.log.Warn("descartar e-mail", "id", m.ID, "err", err)
		}
		return
	}
	next := o.now().Add(Backoff(m.Attempts))
	o.log.Warn("envio de e-mail falhou; nova tentativa depois", "id", m.ID, "tentativa", m.Attempts, "em", next, "err", cause)
	if err := o.store.MailFailed(ctx, m.ID, next, cause.Error()); err != nil {
		o.log.Warn("registrar falha de e-mail", "id", m.ID, "err", err)
	}
}
