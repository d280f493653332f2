package mail_test

import (
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/mail"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// TestOutboxSurvivesRestartAndRetries: messages wait in the database while
// the mail server refuses them, are tried again only after the backoff,
// and reach it after a restart of the server (a new handle on the same
// database), through SMTP, as text with an HTML alternative.
func TestOutboxSurvivesRestartAndRetries(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects() {
		t.Run(dialect, func(t *testing.T) {
			dsn := storetest.DSN(t, dialect)
			inbox := startSMTP(t)
			inbox.refuse.Store(true)
			sender, err := mail.NewSMTPSender("smtp://"+inbox.addr, "Sorteio <nao-responda@sorteio.example.org>")
			if err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
			clock := func() time.Time { return now }

			db := open(t, dsn)
			for _, to := range []string{"ana@example.com", "bia@example.com"} {
				m := mail.ConfirmMail(to, "https://sorteio.example.org/confirmar-email#token=abc")
				m.ID, m.NextAt, m.CreatedAt = core.NewID(now)+to, now, now
				if err := db.EnqueueMail(context.Background(), m); err != nil {
					t.Fatal(err)
				}
			}
			box := mail.NewOutbox(db, sender, nil, clock, storetest.Logger(t))
			if n, err := box.RunOnce(context.Background()); n != 2 || err != nil {
				t.Fatalf("first attempt took %d (%v), want 2", n, err)
			}
			if got := inbox.count(); got != 0 || inbox.refused.Load() != 2 {
				t.Fatalf("delivered %d, refused %d; want 0 and 2", got, inbox.refused.Load())
			}
			now = now.Add(mail.Backoff(1) - time.Second)
			if n, _ := box.RunOnce(context.Background()); n != 0 {
				t.Errorf("retried %d before the backoff ended", n)
			}
			db.Close()

			inbox.refuse.Store(false)
			db = open(t, dsn) // the server restarted
			box = mail.NewOutbox(db, sender, nil, clock, storetest.Logger(t))
			now = now.Add(time.Second)
			if n, err := box.RunOnce(context.Background()); n != 2 || err != nil {
				t.Fatalf("after the restart took %d (%v), want 2", n, err)
			}
			got := inbox.all()
			if len(got) != 2 {
				t.Fatalf("delivered %d, want 2", len(got))
			}
			for _, want := range []string{"multipart/alternative", "text/plain", "text/html", "Confirme seu e-mail", "nao-responda@sorteio.example.org"} {
				if !strings.Contains(got[0], want) {
					t.Errorf("the message lacks %q:\n%s", want, got[0])
				}
			}
			if n := storetest.CountOutbox(t, db); n != 0 {
				t.Errorf("outbox = %d after delivery, want 0", n)
			}
		})
	}
}

func open(t *testing.T, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn, storetest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// inbox is an SMTP server on loopback that keeps what it accepts, or
// refuses every message while refuse is set (a server that is down).
type inbox struct {
	addr    string
	refuse  atomic.Bool
	refused atomic.Int32
	mu      sync.Mutex
	msgs    []string
}

func startSMTP(t *testing.T) *inbox {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	in := &inbox{addr: ln.Addr().String()}
	srv := smtp.NewServer(in)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return in
}

func (in *inbox) count() int { return len(in.all()) }

func (in *inbox) all() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]string(nil), in.msgs...)
}

func (in *inbox) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{in: in}, nil }

type session struct{ in *inbox }

func (s *session) Reset()                               {}
func (s *session) Logout() error                        { return nil }
func (s *session) Mail(string, *smtp.MailOptions) error { return nil }
func (s *session) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.in.refuse.Load() {
		s.in.refused.Add(1)
		return &smtp.SMTPError{Code: 451, Message: "try again later"}
	}
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	s.in.msgs = append(s.in.msgs, string(b))
	return nil
}
