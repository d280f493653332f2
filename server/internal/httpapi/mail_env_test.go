package httpapi_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/auth"
	"github.com/sorteio/sorteio/server/internal/auth/authtest"
	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/mail"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/server/internal/ws"
)

// publicURL is the configured base of every link in the tests' e-mails.
const publicURL = "https://sorteio.example.org"

// mailEnv is a server with its e-mail flows: what the outbox sends lands
// in sent, and the flows' calls to the store are recorded.
type mailEnv struct {
	*env
	outbox *mail.Outbox
	sent   *captured
	calls  *recordingStore
}

func newMailEnv(t *testing.T, db *store.DB, limits httpapi.Limits) *mailEnv {
	t.Helper()
	return newMailEnvGate(t, db, limits, authtest.Gate())
}

// newMailEnvGate is newMailEnv with the password gate given.
func newMailEnvGate(t *testing.T, db *store.DB, limits httpapi.Limits, passwords auth.Passwords) *mailEnv {
	t.Helper()
	clock := &testClock{}
	accounts, err := auth.NewService(db, clock.Now, passwords)
	if err != nil {
		t.Fatal(err)
	}
	calls := &recordingStore{EmailStore: db}
	emails := auth.NewEmails(calls, accounts, mail.NewLinks(publicURL), clock.Now, nil)
	sent := &captured{}
	hub := ws.NewHub(storetest.Logger(t))
	viewers := newViewers(t, db)
	handler := httpapi.NewHandler(httpapi.Config{}, httpapi.Deps{Log: storetest.Logger(t), DB: db, Accounts: accounts, Account: accounts,
		Emails: emails, Limits: limits, Sync: db, Exports: db, Hub: hub, Viewers: viewers, Now: clock.Now, Assets: assets()})
	return &mailEnv{
		env:    &env{db: db, handler: handler, hub: hub, viewers: viewers, clock: clock},
		outbox: mail.NewOutbox(db, sent, emails.ExpandForgot, clock.Now, storetest.Logger(t)),
		sent:   sent, calls: calls,
	}
}

// deliver runs the outbox once and returns what it sent.
func (e *mailEnv) deliver(t *testing.T) []core.Mail {
	t.Helper()
	before := len(e.sent.all())
	if _, err := e.outbox.RunOnce(context.Background()); err != nil {
		t.Fatal(err)
	}
	return e.sent.all()[before:]
}

// link runs the outbox, wants one message to to, and returns its link's token.
func (e *mailEnv) link(t *testing.T, to, subject string) string {
	t.Helper()
	got := e.deliver(t)
	if len(got) != 1 || got[0].To != to || !strings.HasPrefix(got[0].Subject, subject) {
		t.Fatalf("sent %+v, want one %q to %s", got, subject, to)
	}
	return tokenIn(t, got[0])
}

var linkRE = regexp.MustCompile(`(https?://[^\s"<]+)#token=([A-Za-z0-9_-]+)`)

// tokenIn finds the message's link, checks that both bodies carry it and
// that it starts with the configured public URL, and returns its token.
func tokenIn(t *testing.T, m core.Mail) string {
	t.Helper()
	found := linkRE.FindStringSubmatch(m.Text)
	if found == nil {
		t.Fatalf("no link in the text body: %s", m.Text)
	}
	if !strings.HasPrefix(found[1], publicURL+"/") {
		t.Errorf("link %s is not under PUBLIC_URL %s", found[0], publicURL)
	}
	if !strings.Contains(m.HTML, found[0]) {
		t.Errorf("the HTML body lacks the link %s", found[0])
	}
	return found[2]
}

// captured is a Sender that keeps every message.
type captured struct {
	mu   sync.Mutex
	msgs []core.Mail
}

func (c *captured) Send(_ context.Context, m core.Mail) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, m)
	return nil
}

func (c *captured) all() []core.Mail {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.msgs)
}

// recordingStore records which store calls the e-mail flows make.
type recordingStore struct {
	auth.EmailStore
	mu  sync.Mutex
	log []string
}

func (r *recordingStore) note(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.log = append(r.log, name)
}

// take returns the calls since the last take.
func (r *recordingStore) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.log
	r.log = nil
	return out
}

func (r *recordingStore) UserByEmail(ctx context.Context, email string) (core.User, error) {
	r.note("UserByEmail")
	return r.EmailStore.UserByEmail(ctx, email)
}

func (r *recordingStore) EnqueueMail(ctx context.Context, m core.Mail) error {
	r.note("EnqueueMail " + m.Kind)
	return r.EmailStore.EnqueueMail(ctx, m)
}

func (r *recordingStore) CreateEmailToken(ctx context.Context, t core.EmailToken, m core.Mail) error {
	r.note("CreateEmailToken " + t.Purpose)
	return r.EmailStore.CreateEmailToken(ctx, t, m)
}

func (r *recordingStore) ResolveForgot(ctx context.Context, id string, t *core.EmailToken, m core.Mail) error {
	r.note("ResolveForgot")
	return r.EmailStore.ResolveForgot(ctx, id, t, m)
}

// post sends a JSON body from one client address.
func (e *mailEnv) post(t *testing.T, path, body string, cookie *http.Cookie) (*http.Response, string) {
	t.Helper()
	res := e.do(t, request{method: "POST", path: path, body: body, cookie: cookie, remote: "10.1.1.1:1"})
	return res, readBody(t, res)
}

// later moves the server's clock forward.
func (e *mailEnv) later(d time.Duration) { e.clock.advance(d) }
