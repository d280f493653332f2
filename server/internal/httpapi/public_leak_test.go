package httpapi_test

import (
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/protocol"
)

// randWord is a random word of n letters, accents included.
func randWord(rng *rand.Rand, n int) string {
	return randFrom(rng, n, []rune("abcdefghijklmnopqrstuvwxyzáéíóúãõçABCDEFGHIJKLMNOPQRSTUVWXYZ"))
}

// randASCII: the letters an e-mail keeps (the e-mail rule refuses accents).
func randASCII(rng *rand.Rand, n int) string {
	return randFrom(rng, n, []rune("abcdefghijklmnopqrstuvwxyz"))
}

func randFrom(rng *rand.Rand, n int, letters []rune) string {
	var b strings.Builder
	for range n {
		b.WriteRune(letters[rng.IntN(len(letters))])
	}
	return b.String()
}

// Property: over random raffles (random names, e-mails, phones and
// invalidation reasons, drawn, invalidated and redrawn), no public answer
// (the state, any participants page or search, any self-check by e-mail or
// phone, the draw record, any WebSocket message) contains an e-mail address
// in full, a phone's digits or a reason.
func TestPublicNeverLeaks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		rng := rand.New(rand.NewPCG(10, 2026))
		e := newEnv(t, db, httpapi.Config{})
		e.handler = wire(t, db, e.cfg, e.hub, e.viewers, looseLimits(), e.clock.Now)
		e.listenPokes(t)
		srv := httptest.NewServer(e.handler)
		defer srv.Close()
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))

		var secrets, emails, phones []string // what must never appear
		var answers, records []string
		wsMessages := 0 // the hub may fold changes into one state, so only a floor per raffle
		get := func(path string) string {
			res := e.do(t, request{method: "GET", path: path})
			body := readBody(t, res)
			if res.StatusCode != 200 {
				t.Fatalf("%s: %d %s", path, res.StatusCode, body)
			}
			return body
		}
		for r := 0; r < 3; r++ {
			people := make([][]ticket, 10+rng.IntN(20))
			for i := range people {
				people[i] = person(randWord(rng, 3)+" "+randWord(rng, 6), 1+rng.IntN(3))
				mail := randASCII(rng, 2+rng.IntN(8)) + fmt.Sprintf("%d@%s.com.br", i, randASCII(rng, 5))
				emails = append(emails, mail)
				// Typed as people write it; stored and compared in E.164.
				typed := fmt.Sprintf("(11) 9%04d-%04d", rng.IntN(10000), 1000*r+i)
				phone, _ := protocol.NormalizePhone(typed)
				phones = append(phones, phone)
				// The number's own digits, with or without the country code, in any answer.
				secrets = append(secrets, phone[3:], phone[1:])
				for j := range people[i] {
					people[i][j].Email = &mail
					people[i][j].Phone = &typed
				}
			}
			rid := drawRaffle(t, e, c, 3, false, people...)
			code := c.snapshot(t, e, rid).Raffle.Code
			v := dialViewer(t, srv.URL, "code="+code)

			pool := poolOf(people...)
			first := newRound()
			ops := []testOp{c.op(rid, "draw.start", first.start(pool)), c.op(rid, "draw.complete", first.complete())}
			for _, pos := range []int{1, 3} {
				reason := "motivo " + randWord(rng, 16)
				secrets = append(secrets, reason)
				ops = append(ops, c.op(rid, "winner.invalidate", map[string]any{"winner_id": protocol.WinnerID(first.id, pos), "reason": reason}))
			}
			wantStatuses(t, c.push(t, e, ops...), "applied", "applied", "applied", "applied")
			rd := newRound()
			rpool := redrawPool(pool, c.snapshot(t, e, rid), false)
			res := c.push(t, e, c.op(rid, "winner.redraw", rd.redraw(3, rpool)), c.op(rid, "draw.complete", rd.complete()))
			wantStatuses(t, res, "applied", "applied")

			// Every WebSocket message up to the last change.
			for {
				m, err := v.next(5 * time.Second)
				if err != nil {
					t.Fatal(err)
				}
				answers = append(answers, m.raw)
				wsMessages++
				if m.Type == "state" && m.Seq >= res[1].Seq {
					break
				}
			}
			answers = append(answers, get("/api/public/raffles/"+code))
			queries := []string{"", "@", ".com", "com.br", emails[len(emails)-1], emails[len(emails)-1][:3], phones[len(phones)-1][3:]}
			for range 5 {
				name := []rune(people[rng.IntN(len(people))][0].Name)
				start := rng.IntN(len(name) / 2)
				queries = append(queries, string(name[start:start+3]))
			}
			for _, q := range queries {
				answers = append(answers, get("/api/public/raffles/"+code+"/participants?limit=7&offset="+
					fmt.Sprint(rng.IntN(3))+"&q="+url.QueryEscape(q)))
			}
			for range 5 {
				mail := emails[rng.IntN(len(emails))]
				if rng.IntN(3) == 0 {
					mail = randASCII(rng, 6) + "@exemplo.com"
				}
				res := e.do(t, request{method: "POST", path: "/api/public/raffles/" + code + "/check",
					body: `{"email":"` + mail + `"}`, remote: fmt.Sprintf("10.4.%d.%d:1", r, rng.IntN(250))})
				answers = append(answers, readBody(t, res))
			}
			// The self-check by phone: a hit says only whether and which tickets.
			for k := range 5 {
				phone := phones[len(phones)-1-rng.IntN(len(people))]
				if k == 0 {
					phone = "+55 21 3234-5678"
				}
				res := e.do(t, request{method: "POST", path: "/api/public/raffles/" + code + "/check",
					body: `{"phone":"` + phone + `"}`, remote: fmt.Sprintf("10.5.%d.%d:1", r, rng.IntN(250))})
				body := readBody(t, res)
				if res.StatusCode != 200 || (k > 0) != strings.Contains(body, `"found":true`) {
					t.Fatalf("self-check by phone %s: %d %s", phone, res.StatusCode, body)
				}
				answers = append(answers, body)
			}
			// The record names its seeds once drawn: only the secrets are looked for there.
			records = append(records, get("/api/public/raffles/"+code+"/audit"))
		}
		// Per raffle: the state, 12 participant pages, 5 self-checks by
		// e-mail and 5 by phone over HTTP, and at least one WebSocket message.
		if viaHTTP := len(answers) - wsMessages; viaHTTP != 3*23 || wsMessages < 3 || len(records) != 3 {
			t.Fatalf("%d HTTP answers and %d WebSocket messages", viaHTTP, wsMessages)
		}
		for _, a := range append(answers, records...) {
			for _, s := range append(secrets, emails...) {
				if strings.Contains(a, s) {
					t.Fatalf("%q leaked in %s", s, a)
				}
			}
			if strings.Contains(a, `"algorithm":"sorteio-v`) {
				continue // a draw record: its seeds are revealed (any version)
			}
			if strings.Contains(a, "invalidation_reason") || strings.Contains(a, "owner_id") || strings.Contains(a, "server_seed") {
				t.Fatalf("a private field in %s", a)
			}
		}
	})
}
