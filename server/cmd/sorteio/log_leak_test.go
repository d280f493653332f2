package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/gorilla/websocket"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/sync/protocol"
)

// TestLogsNeverCarrySecrets runs the account's and a raffle's whole life
// through the server at debug level, then greps its logs for every e-mail,
// password, cookie and e-mailed token it used: none may appear. The log
// lines must still say which request, route, status and account.
func TestLogsNeverCarrySecrets(t *testing.T) {
	t.Parallel()
	mailbox := startSMTP(t)
	in := startInstance(t, map[string]string{"SQLITE_PATH": filepath.Join(t.TempDir(), "s.db"), "LOG_LEVEL": "debug",
		"LOG_FORMAT": "json", "SMTP_URL": "smtp://" + mailbox.addr, "TRUST_PROXY": "true", "RATE_LIMIT_SCALE": "100"})
	secrets := []string{"ana.organiza@exemplo.com", "senha-secreta-1", "senha-secreta-2", "senha-secreta-3", "senha-errada-9"}

	d := signUp(t, in.base, "ana.organiza@exemplo.com", "senha-secreta-1")
	raffle, code := core.NewID(time.Now()), protocol.NewCode()
	d.mustPush(t, d.op(raffle, protocol.TypeRaffleCreate, raffleCreate(raffle, code)))
	add, _ := tickets(1, 3, "participante.exemplo.com")
	for _, tk := range add["tickets"].([]map[string]any) {
		secrets = append(secrets, tk["email"].(string))
	}
	d.mustPush(t, d.op(raffle, protocol.TypeParticipantsAdd, add))
	// A rejected op and a body that is not JSON, both with e-mails in them.
	bad := d.op(raffle, protocol.TypeParticipantsAdd, map[string]any{"tickets": []map[string]any{{"id": "x", "name": "", "email": "sem-nome@exemplo.com"}}})
	secrets = append(secrets, "sem-nome@exemplo.com")
	d.push(bad)
	d.post("/api/sync/push", []byte(`{"ops": ["quebrado@exemplo.com"`))
	secrets = append(secrets, "quebrado@exemplo.com")

	// The public self-check of an entrant's e-mail, a hit and a miss.
	public := &device{base: in.base, http: &http.Client{}}
	public.post("/api/public/raffles/"+code+"/check", map[string]string{"email": "pessoa00001@participante.exemplo.com"})
	public.post("/api/public/raffles/"+code+"/check", map[string]string{"email": "ninguem@fora.exemplo.com"})
	secrets = append(secrets, "ninguem@fora.exemplo.com")

	// Live sockets: the organiser's and a viewer's.
	wsBase := "ws" + strings.TrimPrefix(in.base, "http")
	u, _ := url.Parse(in.base)
	header := http.Header{"Origin": {in.base}}
	for _, c := range d.http.Jar.Cookies(u) {
		header.Add("Cookie", c.Name+"="+c.Value)
		secrets = append(secrets, c.Value)
	}
	if conn, _, err := websocket.DefaultDialer.Dial(wsBase+"/ws", header); err == nil {
		conn.Close()
	} else {
		t.Errorf("organiser socket: %v", err)
	}
	if conn, _, err := websocket.DefaultDialer.Dial(wsBase+"/ws/public?code="+code, nil); err == nil {
		conn.Close()
	}

	// Passwords: a change, a wrong sign-in, 'Esqueci minha senha' and its link.
	if status, body := d.post("/api/account/password", map[string]string{"current": "senha-secreta-1", "password": "senha-secreta-2"}); status != 200 && status != 204 {
		t.Fatalf("password change: %d %s", status, body)
	}
	other := signUpJar(in.base)
	other.post("/api/auth/signin", map[string]string{"email": "ana.organiza@exemplo.com", "password": "senha-errada-9"})
	if status, body := other.post("/api/auth/forgot", map[string]string{"email": "ana.organiza@exemplo.com"}); status != 202 {
		t.Fatalf("forgot: %d %s", status, body)
	}
	token := mailbox.waitToken(t, "/redefinir-senha")
	secrets = append(secrets, token)
	if status, body := other.post("/api/auth/reset", map[string]string{"token": token, "password": "senha-secreta-3"}); status != 200 {
		t.Fatalf("reset: %d %s", status, body)
	}
	for _, c := range other.http.Jar.Cookies(u) {
		secrets = append(secrets, c.Value)
	}

	// A request id from the trusted proxy comes back and is logged (the
	// reset ended Ana's other sessions: the device that reset asks).
	req, _ := http.NewRequest("GET", in.base+"/api/sync/raffles", nil)
	req.Header.Set("X-Request-Id", "proxy-abc-123")
	res, err := other.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if got := res.Header.Get("X-Request-Id"); got != "proxy-abc-123" {
		t.Errorf("X-Request-Id answered %q, want the proxy's", got)
	}
	// A forged id (a line break and a fake field) is replaced, not logged.
	req, _ = http.NewRequest("GET", in.base+"/healthz", nil)
	req.Header.Set("X-Request-Id", "x\" account=\"admin")
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		if got := res.Header.Get("X-Request-Id"); got == "" || strings.Contains(got, "admin") {
			t.Errorf("a forged X-Request-Id answered as %q", got)
		}
	}
	if err := in.stop(); err != nil {
		t.Fatal(err)
	}

	logs := in.logs.String()
	if strings.Contains(logs, `account=\"admin`) || strings.Contains(logs, "x\\\" account") {
		t.Error("the forged request id reached the logs")
	}
	for _, s := range secrets {
		if strings.Contains(logs, s) {
			t.Errorf("the logs carry %q", s)
		}
	}
	// And the lines still tell what happened.
	var sawPush, sawProxyID bool
	for _, line := range strings.Split(logs, "\n") {
		var l struct {
			Msg, RequestID, Route, Account string
			Status                         int
		}
		var raw map[string]any
		if json.Unmarshal([]byte(line), &raw) != nil || raw["msg"] != "requisição" {
			continue
		}
		l.RequestID, _ = raw["request_id"].(string)
		l.Route, _ = raw["route"].(string)
		l.Account, _ = raw["account"].(string)
		if l.Route == "/api/sync/push" && l.Account != "" && l.RequestID != "" && raw["status"] == 200.0 && raw["dur_ms"] != nil {
			sawPush = true
		}
		if l.RequestID == "proxy-abc-123" && l.Route == "/api/sync/raffles" && l.Account != "" {
			sawProxyID = true
		}
	}
	if !sawPush || !sawProxyID {
		t.Errorf("request lines incomplete: a push with id, route, account, status and duration %v; the proxy's id %v", sawPush, sawProxyID)
	}
	if n := len(mailbox.all()); n < 2 {
		t.Errorf("%d messages reached the SMTP server, want the confirmation and the reset", n)
	}
}

// inbox is a real SMTP server on loopback that keeps what it receives.
type inbox struct {
	addr string
	mu   sync.Mutex
	msgs []string
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

func (in *inbox) all() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]string(nil), in.msgs...)
}

var tokenRE = regexp.MustCompile(`#token=([A-Za-z0-9_\-]+)`)

// waitToken waits for a message whose link goes to path and returns its token.
func (in *inbox) waitToken(t *testing.T, path string) string {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for _, m := range in.all() {
			m = strings.ReplaceAll(m, "=\r\n", "") // quoted-printable's soft breaks
			m = strings.ReplaceAll(m, "=3D", "=")
			if i := strings.Index(m, path+"#token="); i >= 0 {
				if s := tokenRE.FindStringSubmatch(m[i:]); s != nil {
					return s[1]
				}
			}
		}
	}
	t.Fatalf("no message with a %s link", path)
	return ""
}

func (in *inbox) NewSession(*smtp.Conn) (smtp.Session, error) { return &smtpSession{in: in}, nil }

type smtpSession struct{ in *inbox }

func (s *smtpSession) Reset()                               {}
func (s *smtpSession) Logout() error                        { return nil }
func (s *smtpSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *smtpSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	s.in.msgs = append(s.in.msgs, string(b))
	return nil
}
