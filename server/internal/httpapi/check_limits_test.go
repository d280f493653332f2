package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/ratelimit"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

// The self-check is limited per address group and per raffle (a stepped
// clock; the production shape with a raffle budget of 5): one /64 guessing
// at a raffle from many addresses gets its 3 own checks and the raffle's 5,
// then 429; another /64 still gets its own 3, then 429; the entrant checking
// her own e-mail from her phone is answered at once with her tickets; another
// raffle's budget is untouched; 10 s later the raffle has one more check.
func TestSelfCheckLimitedPerGroupAndRaffle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clock := &stepClock{t: time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC)}
		e := newEnv(t, db, httpapi.Config{})
		limits := looseLimits()
		limits.PublicCheckIP = ratelimit.New(10, 6*time.Second, clock.now)
		limits.PublicCheckOwn = ratelimit.New(3, 10*time.Minute, clock.now)
		limits.PublicCheckRaffle = ratelimit.New(5, 10*time.Second, clock.now)
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, limits, e.clock.Now)
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		for _, r := range []struct {
			code  string
			names []string
			first int
		}{{"K7P2QX", []string{"Ana", "Bia", "Caio"}, 1}, {"B2B2B2", []string{"Nina"}, 9}} {
			rid := core.NewID(time.Now())
			wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, r.code)),
				c.op(rid, "participants.add", addPayload(namedEntrants(r.names, r.first)...))), "applied", "applied")
		}
		check := func(addr, code, email string) (int, string) {
			res := e.do(t, request{method: "POST", path: "/api/public/raffles/" + code + "/check", remote: "[" + addr + "]:4000",
				body: `{"email":"` + email + `"}`})
			return res.StatusCode, readBody(t, res)
		}
		guess := func(prefix string, n int) string {
			var got []string
			for i := range n {
				status, _ := check(fmt.Sprintf("%s::%x", prefix, i+1), "K7P2QX", fmt.Sprintf("palpite%d@exemplo.com.br", i))
				got = append(got, fmt.Sprint(status))
			}
			return strings.Join(got, " ")
		}
		if got, want := guess("2001:db8:1:2", 20), strings.TrimSpace(strings.Repeat("200 ", 8)+strings.Repeat("429 ", 12)); got != want {
			t.Fatalf("20 guesses from one /64: %s, want %s", got, want)
		}
		if got := guess("2001:db8:9:9", 4); got != "200 200 200 429" {
			t.Fatalf("4 guesses from another /64 once the raffle's budget is spent: %s, want 200 200 200 429", got)
		}
		status, body := check("2001:db8:7:7::1", "K7P2QX", "entrante2@exemplo.com.br")
		if status != 200 || body != `{"found":true,"tickets":["0003","0004"]}`+"\n" {
			t.Fatalf("the entrant checking her own e-mail during the guessing: %d %s", status, body)
		}
		if status, body := check("2001:db8:9:9::1", "B2B2B2", "entrante9@exemplo.com.br"); status != 200 || !strings.Contains(body, `"found":true`) {
			t.Fatalf("another raffle: %d %s", status, body)
		}
		clock.t = clock.t.Add(10 * time.Second)
		if got := guess("2001:db8:9:9", 2); got != "200 429" {
			t.Fatalf("10 s later: %s, want one more check (200 429)", got)
		}
	})
}
