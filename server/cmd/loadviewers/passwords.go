package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// passwordBudget is the most the server's resident memory may grow while n
// wrong current passwords arrive at once (docs/operations.md, the gate).
const passwordBudget = 200 << 20

// passwordLoad is the password gate's load check (-passwords N): a server
// process on a temporary SQLite file, with limits scaled out of the way so
// that only the gate bounds the hashing, gets n concurrent password changes
// with a wrong current password from one session. It reports the growth of
// the server's peak RSS (VmHWM after, less VmRSS before: an upper bound) and
// the answers, and fails past passwordBudget. Bounded: n requests, 2 minutes.
func passwordLoad(ctx context.Context, bin string, n int, stdout, stderr io.Writer) error {
	srv, err := startServer(ctx, bin, "", nil, stderr)
	if err != nil {
		return err
	}
	defer srv.done()
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	res, err := client.Post(srv.base+"/api/auth/signup", "application/json",
		strings.NewReader(`{"email":"carga@example.com","password":"segredo1"}`))
	if err != nil {
		return err
	}
	res.Body.Close()
	var session *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "sorteio_session" {
			session = c
		}
	}
	if res.StatusCode != http.StatusCreated || session == nil {
		return fmt.Errorf("cadastro: %d", res.StatusCode)
	}
	pid := srv.cmd.Process.Pid
	before := rssOf(pid)
	start := time.Now()
	var mu sync.Mutex
	statuses := map[string]int{}
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.base+"/api/account/password",
				strings.NewReader(`{"current":"errada111","password":"outrasenha1"}`))
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(session)
			key := "erro"
			if res, err := client.Do(req); err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				key = strconv.Itoa(res.StatusCode)
				if res.StatusCode == http.StatusTooManyRequests {
					key += " (Retry-After " + res.Header.Get("Retry-After") + ")"
				}
			}
			mu.Lock()
			statuses[key]++
			mu.Unlock()
		})
	}
	wg.Wait()
	took := time.Since(start)
	growth := peakRSSOf(pid) - before
	fmt.Fprintf(stdout, "| concurrent wrong current passwords | server RSS before | peak RSS growth (budget %d MB) | answers | all answered in |\n|---|---|---|---|---|\n", passwordBudget>>20)
	fmt.Fprintf(stdout, "| %d | %.1f MB | %.1f MB | %v | %v |\n", n, mb(before), mb(growth), statuses, took.Round(time.Millisecond))
	benchLine(stdout, map[string]any{"passwords": n, "rssGrowthMB": tenth(mb(growth))})
	if statuses["erro"] > 0 || statuses["500"] > 0 {
		return fmt.Errorf("respostas com erro: %v", statuses)
	}
	if growth >= passwordBudget {
		return fmt.Errorf("o RSS do servidor cresceu %.1f MB, acima do orçamento de %d MB", mb(growth), passwordBudget>>20)
	}
	return nil
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
