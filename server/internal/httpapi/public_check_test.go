package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/httpapi"
	"github.com/sorteio/sorteio/server/internal/store"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
)

func TestPublicCheck(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, httpapi.Config{CheckTime: 30 * time.Millisecond})
		c := newClient(mustSignUp(t, e, "org@example.com", "segredo1"))
		// Raffle K7P2QX: entrante1..3; raffle B2B2B2: entrante9.
		for _, r := range []struct {
			code  string
			names []string
			first int
		}{{"K7P2QX", []string{"Ana", "Bia", "Caio"}, 1}, {"B2B2B2", []string{"Nina"}, 9}} {
			rid := core.NewID(time.Now())
			wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, r.code)),
				c.op(rid, "participants.add", addPayload(namedEntrants(r.names, r.first)...))), "applied", "applied")
		}
		// Raffle C3C3C3: an e-mail the organiser typed in capitals (stored in its normal form).
		zeca := namedEntrants([]string{"Zeca"}, 20)
		for i := range zeca[0] {
			mail := "Zeca.Souza@Exemplo.COM.br"
			zeca[0][i].Email = &mail
		}
		rid := core.NewID(time.Now())
		wantStatuses(t, c.push(t, e, c.op(rid, "raffle.create", createPayload(rid, "C3C3C3")),
			c.op(rid, "participants.add", addPayload(zeca...))), "applied", "applied")
		miss := `{"found":false,"tickets":[]}` + "\n"
		cases := []struct {
			name, code, body string
			status           int
			want             string
		}{
			{"hit, normalised like sign-up", "K7P2QX", `{"email":"  Entrante2@EXEMPLO.com.br "}`, 200, `{"found":true,"tickets":["0003","0004"]}` + "\n"},
			{"stored in capitals", "C3C3C3", `{"email":"zeca.souza@exemplo.com.br"}`, 200, `{"found":true,"tickets":["0020","0021"]}` + "\n"},
			{"unknown address", "K7P2QX", `{"email":"ninguem@exemplo.com.br"}`, 200, miss},
			{"an entrant of another raffle", "K7P2QX", `{"email":"entrante9@exemplo.com.br"}`, 200, miss},
			{"lower-case code", "k7p2qx", `{"email":"entrante1@exemplo.com.br"}`, 200, `{"found":true,"tickets":["0001","0002"]}` + "\n"},
			{"a name is not an e-mail", "K7P2QX", `{"email":"Ana"}`, 400, ""},
			{"empty", "K7P2QX", `{"email":""}`, 400, ""},
			{"wildcards are not patterns", "K7P2QX", `{"email":"%_@exemplo.com.br"}`, 200, miss},
			{"unknown field", "K7P2QX", `{"email":"a@b.co","all":true}`, 400, ""},
			{"not JSON", "K7P2QX", `email=a@b.co`, 400, ""},
			{"unknown raffle", "ZZZZZZ", `{"email":"entrante1@exemplo.com.br"}`, 404, ""},
		}
		for i, cs := range cases {
			start := time.Now()
			// Each case from its own address: the check allows 5 a minute.
			res := e.do(t, request{method: "POST", path: "/api/public/raffles/" + cs.code + "/check", body: cs.body,
				remote: fmt.Sprintf("10.2.0.%d:9", i+1)})
			body := readBody(t, res)
			if res.StatusCode != cs.status || (cs.want != "" && body != cs.want) {
				t.Errorf("%s: %d %s, want %d %s", cs.name, res.StatusCode, body, cs.status, cs.want)
			}
			if took := time.Since(start); took < 30*time.Millisecond {
				t.Errorf("%s: answered after %v, before the 30 ms floor", cs.name, took)
			}
			if strings.Contains(body, "@") {
				t.Errorf("%s: an address in %s", cs.name, body)
			}
		}

		for i := 0; i < 5; i++ {
			res := e.do(t, request{method: "POST", path: "/api/public/raffles/K7P2QX/check", body: `{"email":"x@y.co"}`, remote: "10.3.0.1:1"})
			if res.StatusCode != 200 {
				t.Fatalf("check %d: %d", i, res.StatusCode)
			}
		}
		res := e.do(t, request{method: "POST", path: "/api/public/raffles/K7P2QX/check", body: `{"email":"x@y.co"}`, remote: "10.3.0.1:2"})
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
			t.Fatalf("6th check in a minute: %d", res.StatusCode)
		}
	})
}
