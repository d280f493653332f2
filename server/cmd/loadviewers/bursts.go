package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// signInBudget is how long a legitimate sign-in may take while one /64
// floods sign-in (docs/security.md, the gate shared between groups).
const signInBudget = time.Second

// signInBurst (-signin-burst N): behind a trusted proxy (TRUST_PROXY=true,
// X-Forwarded-For), N workers send wrong sign-ins without pause, each from
// a random address of 2001:db8:1:2::/64, with the rate limits scaled out of
// the way so that only the password gate stands between them and the
// hashes; meanwhile 5 people sign in, one after the other, from addresses
// of their own. It prints how long each took and the flood's answers, and
// fails when one is refused; a time over signInBudget is reported, like
// every absolute budget (the machine's load counts). Bounded: 2 minutes.
func signInBurst(ctx context.Context, bin string, n int, stdout, stderr io.Writer) error {
	srv, err := startServer(ctx, bin, "", []string{"TRUST_PROXY=true", "RATE_LIMIT_SCALE=1"}, stderr)
	if err != nil {
		return err
	}
	defer srv.done()
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: n + 10}}
	post := func(ctx context.Context, path, from, body string) (int, error) {
		req, _ := http.NewRequestWithContext(ctx, "POST", srv.base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if from != "" {
			req.Header.Set("X-Forwarded-For", from)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, nil
	}
	for _, who := range []string{"alvo", "dono"} {
		if s, err := post(ctx, "/api/auth/signup", "", `{"email":"`+who+`@exemplo.com","password":"segredo123"}`); err != nil || s != http.StatusCreated {
			return fmt.Errorf("cadastro de %s: %d %v", who, s, err)
		}
	}
	// The yardstick: the same sign-ins with no flood, on this machine now.
	var alone []time.Duration
	for i := range 5 {
		start := time.Now()
		if s, err := post(ctx, "/api/auth/signin", fmt.Sprintf("198.51.100.%d", i+1), `{"email":"dono@exemplo.com","password":"segredo123"}`); err != nil || s != http.StatusOK {
			return fmt.Errorf("entrada sem ataque: %d %v", s, err)
		}
		alone = append(alone, time.Since(start))
	}
	flood, stop := context.WithTimeout(ctx, 2*time.Minute)
	defer stop()
	var mu sync.Mutex
	statuses := map[int]int{}
	var sent atomic.Int64
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for flood.Err() == nil {
				from := inTheSame64()
				s, err := post(flood, "/api/auth/signin", from, `{"email":"alvo@exemplo.com","password":"errada123"}`)
				if err != nil {
					continue
				}
				sent.Add(1)
				mu.Lock()
				statuses[s]++
				mu.Unlock()
			}
		})
	}
	// Let the flood fill the gate before the people come.
	for sent.Load() < int64(n) && flood.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	var took []time.Duration
	var failed error
	for i := range 5 {
		start := time.Now()
		s, err := post(ctx, "/api/auth/signin", fmt.Sprintf("198.51.100.%d", i+1), `{"email":"dono@exemplo.com","password":"segredo123"}`)
		took = append(took, time.Since(start))
		if (err != nil || s != http.StatusOK) && failed == nil {
			failed = fmt.Errorf("entrada %d durante o ataque: %d %v", i+1, s, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	stop()
	wg.Wait()
	slowest := latencies(took).at(1)
	fmt.Fprintf(stdout, "| concurrent sign-ins from one /64 | the flood's answers | 5 sign-ins from elsewhere (budget %v each) | slowest | the same without the flood, median |\n|---|---|---|---|---|\n", signInBudget)
	fmt.Fprintf(stdout, "| %d | %v | %s | %s ms | %s ms |\n", n, statuses, durations(took), ms(slowest), ms(latencies(alone).at(0.5)))
	benchLine(stdout, map[string]any{"signInFlood": n, "signInSlowestMs": msOf(slowest), "signInAloneMs": msOf(latencies(alone).at(0.5))})
	if slowest > signInBudget {
		fmt.Fprintf(stderr, "loadviewers: uma entrada levou %s ms durante o ataque, acima de %v (medida absoluta: relatada)\n", ms(slowest), signInBudget)
	}
	return failed
}

// churnPhones (-churn-phones N): a venue's address (127.0.0.3) with the
// server's default viewer limits; one client connects to the raffle and
// drops at once, over and over, until the address's connection bucket is
// spent and past; then N phones behind the same address open their first
// socket to the raffle while it goes on. It prints how long until every
// phone had its hello, and fails when one is refused. Bounded: 2 minutes.
func churnPhones(ctx context.Context, bin string, n int, stdout, stderr io.Writer) error {
	srv, err := startServer(ctx, bin, "", []string{"RATE_LIMIT_SCALE=1", "PUBLIC_VIEWERS_PER_IP=500"}, stderr)
	if err != nil {
		return err
	}
	defer srv.done()
	org, err := newOrganiser(srv.base)
	if err != nil {
		return err
	}
	code, _, err := org.newRaffle(25)
	if err != nil {
		return err
	}
	url := "ws://" + srv.addr + "/ws/public?code=" + code
	d := websocket.Dialer{HandshakeTimeout: 30 * time.Second, NetDialContext: (&net.Dialer{
		LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 3)}}).DialContext}
	dial := func(ctx context.Context) (*websocket.Conn, int) {
		c, res, err := d.DialContext(ctx, url, nil)
		if err != nil {
			if res != nil {
				return nil, res.StatusCode
			}
			return nil, 0
		}
		if _, msg, err := c.ReadMessage(); err != nil || !strings.Contains(string(msg), `"hello"`) {
			c.Close()
			return nil, 0
		}
		return c, http.StatusSwitchingProtocols
	}
	churn, stop := context.WithTimeout(ctx, 2*time.Minute)
	defer stop()
	var churned, waited atomic.Int64
	spent := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	wg.Go(func() {
		for churn.Err() == nil {
			start := time.Now()
			c, s := dial(churn)
			if c != nil {
				c.Close()
				churned.Add(1)
			}
			// Refused, or made to wait: the bucket is spent.
			if s != http.StatusSwitchingProtocols || time.Since(start) > 100*time.Millisecond {
				waited.Add(1)
				once.Do(func() { close(spent) })
			}
		}
	})
	select {
	case <-spent:
	case <-churn.Done():
		return fmt.Errorf("o balde do endereço não se esgotou em 2 minutos")
	}
	began := time.Now()
	took := make([]time.Duration, n)
	refused := make([]int, n)
	conns := make([]*websocket.Conn, n)
	var phones sync.WaitGroup
	for i := range n {
		phones.Go(func() {
			c, s := dial(ctx)
			took[i], conns[i] = time.Since(began), c
			if c == nil {
				refused[i] = s
			}
		})
	}
	phones.Wait()
	stop()
	wg.Wait()
	var bad []int
	for i, c := range conns {
		if c == nil {
			bad = append(bad, refused[i])
		} else {
			c.Close()
		}
	}
	slowest := latencies(took).at(1)
	fmt.Fprintf(stdout, "| phones behind the churner's address | churner's connections | its attempts refused or held | phones connected | slowest phone |\n|---|---|---|---|---|\n")
	fmt.Fprintf(stdout, "| %d | %d | %d | %d | %.2f s |\n", n, churned.Load(), waited.Load(), n-len(bad), slowest.Seconds())
	benchLine(stdout, map[string]any{"churnPhones": n, "connected": n - len(bad), "slowestPhoneS": math.Round(slowest.Seconds()*100) / 100})
	if len(bad) > 0 {
		return fmt.Errorf("%d de %d celulares recusados durante a rotatividade: %v", len(bad), n, bad)
	}
	return nil
}

func durations(ds []time.Duration) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = ms(d)
	}
	return strings.Join(out, ", ") + " ms"
}

// inTheSame64 is a random address of the flood's one /64 (2001:db8:1:2::/64, the documentation
// range), its low 64 bits from crypto/rand like every random value of the project.
func inTheSame64() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("2001:db8:1:2:%x:%x:%x:%x", uint16(b[0])<<8|uint16(b[1]), uint16(b[2])<<8|uint16(b[3]),
		uint16(b[4])<<8|uint16(b[5]), uint16(b[6])<<8|uint16(b[7]))
}
